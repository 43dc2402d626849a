#pragma once
// The experiment behind SL.supercritical.*: n uniform keys on S^{d-1} at
// beta_n = lambda beta_n*, beta_n* = (A_d n)^{2/(d-1)} (THEORY.md §1), lambda >> 1, drawn by the exact
// truncated sampler; and the same functionals of the limit point process with energies
// lambda Gamma_j^p, p = 2/(d-1) (the project parametrisation gamma n^{2/(d-1)} has
// c = gamma A_d^{-2/(d-1)} = lambda).
#include <cstdint>
#include <span>
#include <vector>

#include "reference/poisson_process/supercritical.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/point.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::scaling_limits {

struct SupercriticalExperiment {
  int d = 3;
  double lambda = 100;
  std::uint64_t n = 1000000;
  std::size_t reps = 100000;
  harness::Fields fields() const { return {{"d", d}, {"lambda", lambda}, {"n", n}, {"reps", reps}}; }
};

// beta_n = lambda (A_d n)^{2/(d-1)}.
double supercritical_beta(int d, double lambda, std::uint64_t n);

// The supercritical constants p, f_G(0) = Gamma(2-p)/p and f_G(0) ln 2 at d (reference/poisson_process).
reference::SupercriticalSummaryT<double> supercritical_constants(int d);

// The model of the supercritical experiment, true by default: the scale beta_n the claims state,
// the softmax terms the weight and output functionals are formed with, and the limit constants
// the claims compare with.
struct SupercriticalModel {
  double (*beta)(int d, double lambda, std::uint64_t n) = supercritical_beta;
  attention::SoftmaxTerms softmax_terms = attention::max_subtracted_terms;
  reference::SupercriticalSummaryT<double> (*constants)(int d) = supercritical_constants;
};

// The planted bugs shared by the supercritical claims: the true model with one piece replaced
// (supercritical_experiment.cpp says what each plants). Each claim registers the ones it carries.
SupercriticalModel supercritical_gap_rate();
SupercriticalModel softmax_without_max_subtraction();
SupercriticalModel supercritical_fg0_times_p();

// -log(1 - w_(1)) from ascending energies e_j (beta t_(j), or the PPP's lambda Gamma_j^p), in logs:
// with L = e_2 - e_1 and s = sum_{j>=2} e^{-(e_j - e_2)} >= 1, 1 - w_(1) = s e^{-L}/(1 + s e^{-L}),
// so -log(1 - w_(1)) = L - log s + log1p(s e^{-L}). Never underflows (1 - w_(1) ~ e^{-lambda G}
// is below the double range once lambda G > 745). +inf with a single energy.
double minus_log_one_minus_top(std::span<const double> energies);

// One value per replicate. one_minus_top = sum_{j>=2} w_j; log_gap = -log(1 - w_(1))/lambda;
// third_gap = (e_3 - e_1)/lambda = lambda^{-1} log(w_(1)/w_(3)); parallel_gap = 1 - <q,ybar> and
// tangential_sq = |P_perp ybar|^2 (with_output only; not defined for the limit).
struct SupercriticalSample {
  std::vector<double> one_minus_top, log_gap, third_gap, parallel_gap, tangential_sq;
  // Over the replicates: the largest relative weight, against the second key's, that the
  // truncation may have omitted (log_gap is then off by at most log1p(that)/lambda).
  double worst_omitted_relative_to_second = 0;
};

// with_gaps: draw enough keys that log_gap and third_gap are exact for gaps G up to `gap_cover`
// (the truncated sampler run at a lower beta, see the .cpp); otherwise the sampler runs at
// beta_n itself: one_minus_top is exact to 1e-15 relative to w_(1), but log_gap and third_gap
// only for gaps below ~log(n/1e-15)/lambda.
SupercriticalSample simulate_supercritical(const SupercriticalModel& model, const SupercriticalExperiment& e,
                                           rng::StreamKey stream, bool with_gaps, bool with_output,
                                           double gap_cover = 0);
// The limit point process: one_minus_top only.
SupercriticalSample simulate_supercritical_limit(const SupercriticalModel& model, int d, double lambda,
                                                 std::size_t reps, rng::StreamKey stream);

}  // namespace attnlaw::theory::scaling_limits
