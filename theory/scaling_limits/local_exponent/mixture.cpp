// SL.local-exponent, experiment "mixture" (ii): keys from (1 - w) Uniform + w vMF(-q, kappa0), all
// n drawn, against rho(q) n uniform keys by the truncated sampler (claim.cpp).
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "reference/extreme_value/critical_scale.hpp"
#include "theory/scaling_limits/critical_experiment.hpp"
#include "theory/scaling_limits/local_exponent/experiments.hpp"
#include "verify/attention/online_softmax.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/key_laws.hpp"
#include "verify/sample/sphere_truncated.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::theory::scaling_limits::local_exponent_claim {

harness::ExperimentResult mixture_keys(const MixturePoint& p, const LocalModel& model,
                                       const harness::PointContext& at) {
  const double beta = reference::sphere_critical_beta(p.d, p.gamma, static_cast<double>(p.n));
  const std::uint64_t n_equivalent = model.equivalent_uniform_keys(p.mixture_weight, p.n);
  const double gamma_equivalent = reference::sphere_critical_gamma(p.d, beta, static_cast<double>(n_equivalent));

  std::vector<double> far(static_cast<std::size_t>(p.d), 0.0);  // mu0 = -q, q = e_1
  far[0] = -1;
  const sample::MixtureKeys mixture(p.mixture_weight, sample::VonMisesFisherKeys(far, p.kappa0));
  std::vector<double> top(p.reps), uniform(p.reps);
  const rng::StreamKey stream = at.streams.key();
  harness::for_each_replicate(p.reps, [&](std::size_t r) {
    attention::OnlineSoftmaxAverage<double> softmax(0);
    sample::for_each_key(
        mixture, stream, static_cast<std::uint32_t>(r), p.n,
        [&](std::uint64_t, std::span<const double> key) { softmax.add(beta * key[0], std::span<const double>()); });
    top[r] = softmax.top_weight();
  });
  const rng::StreamKey uniform_stream = at.streams.key("uniform");
  harness::for_each_replicate(p.reps, [&](std::size_t r) {
    const auto keys =
        sample::sample_sphere_truncated(uniform_stream, static_cast<std::uint32_t>(r), n_equivalent, p.d, beta);
    uniform[r] = attention::summarize_weights(keys.gaps, beta).top_weight;
  });

  harness::ExperimentResult out;
  const double exact = critical_finite_n_reference(p.d, gamma_equivalent, n_equivalent, false).mean_top;
  // What ignoring rho(q) would predict: uniform keys at n, the same beta.
  const double exact_ignoring_density = critical_finite_n_reference(p.d, p.gamma, p.n, false).mean_top;
  out.checks.push_back(harness::mean_against(
      top, exact,
      fmt::format("mixture: mean w_(1) vs exact E w_(1) of {} uniform keys (n' = rho(q) n) at the same beta "
                  "(ignoring rho(q): {:.4f}; target half that gap)",
                  n_equivalent, exact_ignoring_density),
      0.5 * std::abs(exact - exact_ignoring_density)));
  out.checks.push_back(harness::gof_check(
      stats::two_sample_anderson_darling(top, uniform),
      fmt::format("mixture (naive, all n keys) vs {} uniform keys (truncated sampler): law of w_(1), two-sample AD",
                  n_equivalent),
      p.reps / 2));
  out.figures.push_back(ecdf_figure(
      at, fmt::format("{}: w_(1), mixture at n vs uniform at n' = {}, {}", at.claim.id, n_equivalent, at.label), top,
      uniform));
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::local_exponent_claim
