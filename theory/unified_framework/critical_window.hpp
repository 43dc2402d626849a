#pragma once
// The softmax weights of Gumbel-domain rows at beta = c h_n, simulated with the exact top-K
// sampler plus the bulk correction, and compared with the PD(1/c, 0) limit (UF.pd-limit).
// Shared by the family claims (exponential, gaussian, weibull, log2).
//
// Also the pieces the window claims share: the same functionals of PD(alpha, 0) samples, the
// accumulation scale Lambda_n / h_n of top-K rows with the rows it cannot decide, and the two
// tests that absorb a stated finite-n bias or a reference table's error (a composite null
// "|theta - theta_0| <= delta" instead of a point null that a large M would always reject).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::unified_framework {

// Per replicate, the functionals of the ranked weights a_j = e^{-beta Delta_j} / Z.
struct WindowSample {
  std::vector<double> top_weight;  // a_(1) = 1/Z
  std::vector<double> sum_sq;      // sum_j a_j^2
  std::vector<double> entropy;     // H
  std::vector<double> partition;   // Z (with the bulk correction)
  std::vector<double> ratio21;     // a_(2)/a_(1) = e^{-beta Delta_(2)}
};

// reps rows of n scores of `family`, top K retained (K = n: full rows), at inverse temperature beta.
// The omitted n - K scores enter Z, sum a^2 and H through their exact conditional expectations
// given the top K (sample::bulk_log_mass at beta and 2 beta, and its beta-derivative for the
// weighted mean gap): Z is then unbiased for the full row's Z, and the others are off only by the
// fluctuation of the bulk, relative order sqrt(sum_{k>K} k^{-2c}) / Z (K^{1/2-c} for c > 1/2).
// Needs 2 <= K <= n. The rows come from `top_gaps` (the exact sampler unless a model plants another).
WindowSample simulate_window(const reference::ScoreFamily& family, std::uint64_t n, double beta, std::size_t K,
                             std::size_t reps, rng::StreamKey stream,
                             TopGapsSampler top_gaps = sample::sample_top_gaps);

// The same functionals of reps samples of PD(alpha, 0) from sample::sample_pd_weights (K
// weights). The weights beyond K are the expected tail the sampler adds to its normaliser; their
// contributions to sum V^2 and H are added in the same continuum approximation
// (Gamma_k ~ k beyond K), so the truncation moves neither.
WindowSample simulate_pd(double alpha, std::size_t K, std::size_t reps, rng::StreamKey stream);

// Lambda_n / h_n of rows whose top K gaps are known. The retained gaps give a lower bound
// Lambda_ret <= Lambda_n; beyond Delta_(K), log N(t)/t <= log n / Delta_(K), so
// Lambda_n <= max(Lambda_ret, log n / Delta_(K)). Both are stored divided by h_n.
struct LambdaSample {
  double h = 0;                  // h_n of the family
  std::vector<double> lower;     // Lambda_ret / h_n
  std::vector<double> upper;     // max(Lambda_ret, log n / Delta_(K)) / h_n (= lower when K = n)
  std::size_t inexact_rows = 0;  // rows where sample::lambda_is_exact says Lambda_ret is not Lambda_n
};

LambdaSample simulate_lambda(const reference::ScoreFamily& family, std::uint64_t n, std::size_t K, std::size_t reps,
                             rng::StreamKey stream, TopGapsSampler top_gaps = sample::sample_top_gaps);

// Counts of P(Lambda_n / h_n > x): `above` rows certainly exceed x, `undecided` rows may or may not.
struct TailCount {
  std::uint64_t above = 0;
  std::uint64_t undecided = 0;
};
TailCount count_tail(const LambdaSample& sample, double x);

// ECDF of the tail P(Lambda_n/h_n > x) (lower and upper bounds) against the L table, for the
// point `at`.
harness::Figure lambda_tail_figure(const harness::PointContext& at, const LambdaSample& sample);

}  // namespace attnlaw::theory::unified_framework
