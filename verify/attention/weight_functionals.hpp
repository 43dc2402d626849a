#pragma once
// Functionals of the softmax weights and of the attention output, from the nearest keys
// (sample/nearest_keys.hpp) or from the critical limit point process (sample/sphere_ppp.hpp).
//
// Weights w_i = e^{-beta t_i} / sum_j e^{-beta t_j} are formed as x_i = e^{-beta (t_i - t_(1))},
// so nothing overflows for any beta and the largest term is exactly 1. Differences
// t_i - t_(1) are taken before multiplying by beta, and the tail quantities are summed from
// the small terms up: 1 - w_(1) is sum_{j>=2} w_j, never a subtraction, and so keeps its
// relative accuracy when w_(1) = 1 - 1e-20.
//
// Truncated samples: the sums run over the retained keys only. The omitted keys would add at
// most exp(neglected_log_mass_bound) to the normaliser (relative to the top term), which is
// the relative bias bound of every functional below; it is reported by the sampler, not added.
//
// Every functional takes the computation of the unnormalised terms as a parameter (a claim's
// model may state another); the sums and the normalisation are the same whatever it is.
#include <span>

#include "verify/sample/nearest_keys.hpp"
#include "verify/sample/sphere_ppp.hpp"

namespace attnlaw::attention {

// The unnormalised softmax terms of ascending energies e_i = level + excess_i (excess_0 = 0):
// x_i proportional to e^{-e_i}, written into x (as long as excess).
using SoftmaxTerms = void (*)(double level, std::span<const double> excess, std::span<double> x);

// The largest term taken out: x_i = e^{-excess_i}, so x_0 = 1 exactly and no term under- or
// overflows for any level.
void max_subtracted_terms(double level, std::span<const double> excess, std::span<double> x);

struct WeightSummary {
  double top_weight = 0;           // w_(1)
  double second_weight = 0;        // w_(2) (0 with a single key)
  double sum_sq = 0;               // sum_i w_i^2
  double energy = 0;               // beta sum_i w_i t_i (PPP: sum_j W_j e_j)
  double one_minus_top = 0;        // sum_{j>=2} w_j
  double log_top_over_second = 0;  // beta (t_(2) - t_(1)) (PPP: e_2 - e_1); +inf with a single key
};

// sorted_gaps ascending, non-empty; beta >= 0 finite.
WeightSummary summarize_weights(std::span<const double> sorted_gaps, double beta,
                                SoftmaxTerms terms = max_subtracted_terms);

struct OutputSummary {
  double parallel_gap = 0;        // 1 - <q,ybar> = sum_i w_i t_i (PPP: the limit of beta (1 - <q,ybar>))
  double tangential_norm_sq = 0;  // |P_perp ybar|^2 (PPP: the limit of n^{1/a} |P_perp ybar|^2)
};

// ybar = sum_i w_i k_i with k_i = (1 - t_i) q + sqrt(t_i (2 - t_i)) u_i. Needs the directions
// (throws std::invalid_argument without them). 1 - <q,ybar> is sum_i w_i t_i, summed directly.
OutputSummary summarize_output(const sample::NearestKeys& keys, double beta, SoftmaxTerms terms = max_subtracted_terms);

// The limit objects: W_j = e^{-e_j}/sum_k e^{-e_k}, energy sum_j W_j e_j, and the tangential
// vector sum_j W_j r_j u_j; parallel_gap = energy (the limit of beta_n (1 - <q,ybar>)).
WeightSummary summarize_weights(const sample::PppSample& sample, SoftmaxTerms terms = max_subtracted_terms);
// Needs directions.
OutputSummary summarize_output(const sample::PppSample& sample, SoftmaxTerms terms = max_subtracted_terms);

}  // namespace attnlaw::attention
