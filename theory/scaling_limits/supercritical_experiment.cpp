#include "theory/scaling_limits/supercritical_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/extreme_value/critical_scale.hpp"
#include "reference/sphere/sphere_score_law.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/sample/sphere_ppp.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

constexpr double kEpsilon = 1e-15;  // the truncated sampler's omitted relative mass

void resize(SupercriticalSample& s, std::size_t reps, bool with_output) {
  for (auto* v : {&s.one_minus_top, &s.log_gap, &s.third_gap}) v->resize(reps);
  if (with_output) {
    s.parallel_gap.resize(reps);
    s.tangential_sq.resize(reps);
  }
}

// lambda^{-1} log(w_(1)/w_(3)) from ascending energies; +inf with fewer than three.
double third_gap(std::span<const double> energies, double lambda) {
  return energies.size() >= 3 ? (energies[2] - energies[0]) / lambda : std::numeric_limits<double>::infinity();
}

// Planted bug "supercritical-gap-rate": the scale lambda n^{2/(d-1)}, A_d^{2/(d-1)} left out
// (d = 3: lambda used as 2 lambda).
double beta_without_gap_constant(int d, double lambda, std::uint64_t n) {
  return reference::sphere_critical_beta(d, lambda, static_cast<double>(n));
}

// Planted bug "softmax-without-max-subtraction": the terms e^{-beta t_i} normalised without
// taking out the largest, so the level beta t_(1) is part of every term; they underflow once
// beta t_(1) > ~745.
void terms_without_max_subtraction(double level, std::span<const double> excess, std::span<double> x) {
  x[0] = std::exp(-level);
  for (std::size_t i = 1; i < excess.size(); ++i) x[i] = std::exp(-(level + excess[i]));
}

// Planted bug "supercritical-fG0-times-p": f_G(0) = Gamma(2 - p) p in place of Gamma(2 - p)/p. The two
// agree at p = 1 (d = 3), so only a point with d != 3 can see it.
reference::SupercriticalSummaryT<double> constants_fg0_times_p(int d) {
  reference::SupercriticalSummaryT<double> c = reference::supercritical_constants<double>(d);
  c.fG0 = std::tgamma(2 - c.p) * c.p;
  c.mean_gap_limit = c.fG0 * std::log(2.0);
  return c;
}

}  // namespace

reference::SupercriticalSummaryT<double> supercritical_constants(int d) {
  return reference::supercritical_constants<double>(d);
}

double supercritical_beta(int d, double lambda, std::uint64_t n) {
  const double A = reference::sphere_local_constants<double>(d).local_constant.value;
  return reference::sphere_critical_beta(d, lambda, A * static_cast<double>(n));
}

SupercriticalModel supercritical_gap_rate() { return {.beta = beta_without_gap_constant}; }

SupercriticalModel softmax_without_max_subtraction() { return {.softmax_terms = terms_without_max_subtraction}; }

SupercriticalModel supercritical_fg0_times_p() { return {.constants = constants_fg0_times_p}; }

double minus_log_one_minus_top(std::span<const double> energies) {
  if (energies.size() < 2) return std::numeric_limits<double>::infinity();
  const double L = energies[1] - energies[0];
  // Summed from the far end, the small terms first.
  double s = 0;
  for (std::size_t j = energies.size(); j-- > 1;) s += std::exp(-(energies[j] - energies[1]));
  return L - std::log(s) + std::log1p(s * std::exp(-L));
}

SupercriticalSample simulate_supercritical(const SupercriticalModel& model, const SupercriticalExperiment& e,
                                           rng::StreamKey stream, bool with_gaps, bool with_output, double gap_cover) {
  const double beta = model.beta(e.d, e.lambda, e.n);
  const double nd = static_cast<double>(e.n);
  // The sampler keeps every key with beta_s (t - t_(1)) <= ~log(n/epsilon). Run at
  // beta_s = beta log(n/eps) / (lambda G + log(n/eps)), it keeps every key with
  // beta (t - t_(1)) <= lambda G + log(n/eps): all keys that matter to -log(1 - w_(1)) when
  // the gap is at most G = gap_cover.
  const double log_budget = std::log(nd / kEpsilon);
  const double beta_sampler = with_gaps ? beta * log_budget / (e.lambda * gap_cover + log_budget) : beta;
  SupercriticalSample s;
  resize(s, e.reps, with_output);
  std::vector<double> worst(e.reps, 0.0);
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    const auto keys = sample::sample_sphere_truncated(stream, static_cast<std::uint32_t>(r), e.n, e.d, beta_sampler,
                                                      kEpsilon, with_output);
    s.one_minus_top[r] = attention::summarize_weights(keys.gaps, beta, model.softmax_terms).one_minus_top;
    std::vector<double> energies(keys.gaps.size());
    for (std::size_t j = 0; j < energies.size(); ++j) energies[j] = beta * (keys.gaps[j] - keys.gaps[0]);
    s.log_gap[r] = minus_log_one_minus_top(energies) / e.lambda;
    s.third_gap[r] = third_gap(energies, e.lambda);
    if (keys.gaps.size() >= 2 && keys.gaps.size() < e.n) {
      // Omitted keys lie beyond the threshold: at most (n - K) e^{-beta (threshold - t_(2))}
      // relative to the second key's weight.
      const double omitted = static_cast<double>(e.n - keys.gaps.size());
      worst[r] = std::exp(std::log(omitted) - beta * (keys.threshold - keys.gaps[1]));
    } else if (keys.gaps.size() < 2) {
      worst[r] = std::numeric_limits<double>::infinity();
    }
    if (with_output) {
      const auto out = attention::summarize_output(keys, beta, model.softmax_terms);
      s.parallel_gap[r] = out.parallel_gap;
      s.tangential_sq[r] = out.tangential_norm_sq;
    }
  });
  for (double w : worst) s.worst_omitted_relative_to_second = std::max(s.worst_omitted_relative_to_second, w);
  return s;
}

SupercriticalSample simulate_supercritical_limit(const SupercriticalModel& model, int d, double lambda,
                                                 std::size_t reps, rng::StreamKey stream) {
  sample::PppLaw law;
  law.d = d;
  law.p = 2.0 / (d - 1);
  law.c = lambda;
  SupercriticalSample s;
  s.one_minus_top.resize(reps);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    // Points up to 40 units of energy above the first: 1 - W_1 to 1e-17 relative.
    const auto points = sample::sample_ppp(stream, static_cast<std::uint32_t>(r), law);
    s.one_minus_top[r] = attention::summarize_weights(points, model.softmax_terms).one_minus_top;
  });
  return s;
}

}  // namespace attnlaw::theory::scaling_limits
