#pragma once
// What the equiangular claims share: the particle flow of scalar heads on equiangular tokens
// (d = n + 1, spherical, renormalised each step), observed at requested times, and the rounding
// of the reference values quoted in the THEORY.md §6 tables.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "reference/attention_dynamics/equiangular.hpp"
#include "verify/dynamics/attention_flow.hpp"

namespace attnlaw::theory::multihead_dynamics {

// Heads M_h = m_h I, V_h = v_h I in dimension n + 1 with the given normalisation and kernel.
dynamics::AttentionFlow<double> scalar_head_flow(std::span<const reference::ScalarHead<double>> heads, double beta,
                                                 std::uint64_t n, dynamics::Normalisation normalisation,
                                                 dynamics::Kernel kernel = dynamics::Kernel::exponential);

struct ParticleRun {
  std::vector<dynamics::Matrix<double>> tokens;  // at each requested time
  double error_estimate = 0;                     // the integrator's (Integration::error_estimate)
  std::size_t accepted = 0;
};

// The flow from equiangular tokens at rho0 (Dormand-Prince at tolerance 1e-12), observed at
// `times` (ascending, in [0, times.back()], times.back() > 0).
ParticleRun run_equiangular(const dynamics::AttentionFlow<double>& flow, std::uint64_t n, double rho0,
                            const std::vector<double>& times);

// max over pairs i != j of |<x_i, x_j> - rho|.
double worst_pair_deviation(const dynamics::Matrix<double>& tokens, double rho);

// The mean over pairs of |x_i - x_j|^2 / 2 = 1 - <x_i, x_j>, without the cancellation of 1 - rho.
double mean_gap(const dynamics::Matrix<double>& tokens);

// A value quoted in decimal ("4.0305857") and half a unit of its last digit: the quote's rounding.
struct Quoted {
  double value;
  double rounding;
};
Quoted quoted(std::string_view decimal);

}  // namespace attnlaw::theory::multihead_dynamics
