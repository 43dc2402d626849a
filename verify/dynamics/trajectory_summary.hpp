#pragma once
// A trajectory of the attention flow seen through its summaries at equally spaced times (dense
// output, so the samples cost no extra steps): the total and per-head energies, the mean attention
// entropy over heads and tokens, and the mean pairwise inner product (1 at a single cluster).
#include <cstddef>
#include <vector>

#include "verify/dynamics/attention_flow.hpp"
#include "verify/dynamics/dormand_prince.hpp"

namespace attnlaw::dynamics {

struct TrajectorySample {
  double t = 0;
  double energy = 0;                  // sum_h E_h
  std::vector<double> head_energies;  // E_h
  double mean_entropy = 0;            // mean over heads h and tokens i of H_i (head h's softmax rows)
  double mean_inner_product = 0;
};

struct TrajectorySummary {
  std::vector<TrajectorySample> samples;  // at t = t1 k / (count - 1), k = 0..count-1
  double error_estimate = 0;              // the integrator's, see Integration
  double largest_projection = 0;
  std::size_t accepted = 0, rejected = 0, evaluations = 0;
};

TrajectorySample summarise_state(const AttentionFlow<double>& flow, double t, const Matrix<double>& tokens);

// Spherical flows are renormalised onto the sphere after each step. flow.beta > 0, t1 > 0,
// count >= 2 (std::invalid_argument otherwise); the integrator's exceptions pass through.
TrajectorySummary summarise_trajectory(const AttentionFlow<double>& flow, const Matrix<double>& tokens, double t1,
                                       std::size_t count, const Tolerance<double>& tolerance, std::size_t step_limit);

}  // namespace attnlaw::dynamics
