#pragma once
// EB.recovery's model and experiments (claim.cpp builds the claim): the operator whose spectrum is
// read (the whitened C_YX C_XX^{-1}, or a planted slip) and the spectral-gap rank, and the two
// experiments, noiseless exactness and the noisy phase diagram.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "verify/harness/claim_spec.hpp"
#include "verify/surrogate/recovery_experiment.hpp"

namespace attnlaw::theory::entropic_bound::recovery {

struct RecoveryModel {
  std::function<surrogate::Matrix(const surrogate::RecoveryMoments&)> operator_estimate;
  std::function<std::size_t(std::span<const double>)> gap_rank;
};

inline constexpr double kFloorDelta = 1e-3;  // P(noise floor exceeded), THEORY.md §3
inline constexpr double kToeplitzCorrelation = 0.5;

// The planted design: T* = U diag(sigma) V^T (replicate rep of the point's "operator" stream), the
// covariance root of the named token covariance.
surrogate::RecoveryDesign planted_design(const std::string& covariance, std::int64_t n, std::int64_t d,
                                         const std::vector<double>& sigma, const harness::PointContext& at,
                                         std::uint32_t rep);

struct NoiselessPoint {
  std::string covariance;  // identity or toeplitz
  std::int64_t n, d;
  std::vector<double> sigma;  // planted spectrum of T*
  std::int64_t samples, reps;
  bool frontier_row = false;  // the point that speaks for the noiseless regime in the frontier table
  harness::Fields fields() const {
    return {{"covariance", covariance},    {"n", n}, {"d", d}, {"sigma", sigma}, {"samples", samples}, {"reps", reps},
            {"frontier_row", frontier_row}};
  }
};
harness::ExperimentResult noiseless_exact(const NoiselessPoint& p, const RecoveryModel& model,
                                          const harness::PointContext& at);

struct PhasePoint {
  std::string covariance;
  std::int64_t n, d;
  std::vector<double> sigma;
  std::vector<double> noises, samples;  // the diagram's axes
  std::int64_t reps;
  harness::Fields fields() const {
    return {{"covariance", covariance}, {"n", n},      {"d", d}, {"sigma", sigma}, {"noises", noises},
            {"samples", samples},       {"reps", reps}};
  }
};
harness::ExperimentResult phase_diagram(const PhasePoint& p, const RecoveryModel& model,
                                        const harness::PointContext& at);


}  // namespace attnlaw::theory::entropic_bound::recovery
