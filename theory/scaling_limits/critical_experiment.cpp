#include "theory/scaling_limits/critical_experiment.hpp"

#include <fmt/core.h>

#include <cmath>
#include <map>
#include <memory>
#include <mutex>

#include "verify/attention/online_softmax.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/mutants.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/sample/sphere_geometry.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/sample/sphere_ppp.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

// The reference a planted bug would use: gamma off by 3% is c = gamma A_d^{-2/(d-1)} off by 3%.
double reference_gamma(double gamma) {
  return harness::mutant_active("critical-constant-x1.03") ? gamma * 1.03 : gamma;
}

template <class Compute>
const auto& memoised(const std::string& key, Compute&& compute) {
  using Value = decltype(compute());
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Value>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[key];
  if (!slot) slot = std::make_unique<Value>(compute());
  return *slot;
}

void resize(CriticalSample& s, std::size_t reps, bool with_output) {
  for (auto* v : {&s.top, &s.second, &s.sum_sq, &s.energy, &s.one_minus_top, &s.log_ratio}) v->resize(reps);
  if (with_output) s.tangential.resize(reps);
}

void store(CriticalSample& s, std::size_t r, const attention::WeightSummary& w) {
  s.top[r] = w.top_weight;
  s.second[r] = w.second_weight;
  s.sum_sq[r] = w.sum_sq;
  s.energy[r] = w.energy;
  s.one_minus_top[r] = w.one_minus_top;
  s.log_ratio[r] = w.log_top_over_second;
}

}  // namespace

harness::Json critical_point(int d, double gamma, std::uint64_t n, std::size_t reps) {
  return {{"d", d}, {"gamma", gamma}, {"n", n}, {"reps", reps}};
}

CriticalExperiment parse_critical_experiment(const harness::Json& p) {
  return {p.at("d").get<int>(), p.at("gamma").get<double>(), p.at("n").get<std::uint64_t>(),
          p.at("reps").get<std::size_t>()};
}

double critical_exponent(int d) {
  return harness::mutant_active("critical-exponent-2-over-d") ? 2.0 / d : 2.0 / (d - 1);
}

double critical_beta(int d, double gamma, std::uint64_t n) {
  return gamma * std::pow(static_cast<double>(n), critical_exponent(d));
}

double gamma_for_beta(int d, double beta, std::uint64_t n) {
  return beta / std::pow(static_cast<double>(n), critical_exponent(d));
}

CriticalSample simulate_critical(const CriticalExperiment& e, rng::StreamKey stream, bool with_output) {
  const double beta = critical_beta(e.d, e.gamma, e.n);
  const double tangential_scale = std::pow(static_cast<double>(e.n), 2.0 / (e.d - 1));
  CriticalSample s;
  resize(s, e.reps, with_output);
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    const auto keys =
        sample::sample_sphere_truncated(stream, static_cast<std::uint32_t>(r), e.n, e.d, beta, 1e-15, with_output);
    store(s, r, attention::summarize_weights(keys.gaps, beta));
    if (with_output) s.tangential[r] = tangential_scale * attention::summarize_output(keys, beta).tangential_norm_sq;
  });
  return s;
}

std::vector<double> simulate_critical_naive_top(const CriticalExperiment& e, rng::StreamKey stream) {
  const double beta = critical_beta(e.d, e.gamma, e.n);
  std::vector<double> top(e.reps);
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    attention::OnlineSoftmaxAverage<double> softmax(0);
    sample::for_each_naive_sphere_key(stream, static_cast<std::uint32_t>(r), e.n, static_cast<std::size_t>(e.d),
                                      [&](std::uint64_t, std::span<const double> key) {
                                        softmax.add(-beta * sample::gap_to_query(key), {});
                                      });
    top[r] = softmax.top_weight();
  });
  return top;
}

CriticalSample simulate_critical_limit(int d, double gamma, std::size_t reps, rng::StreamKey stream,
                                       bool with_output) {
  const sample::PppLaw law = sample::ppp_law_uniform(d, gamma);
  CriticalSample s;
  resize(s, reps, with_output);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const auto points = sample::sample_ppp(stream, static_cast<std::uint32_t>(r), law, with_output);
    store(s, r, attention::summarize_weights(points));
    if (with_output) s.tangential[r] = attention::summarize_output(points).tangential_norm_sq;
  });
  return s;
}

const reference::critical::CriticalSummary& critical_finite_n_reference(int d, double gamma, std::uint64_t n,
                                                                        bool with_cdf) {
  const double g = reference_gamma(gamma);
  return memoised(fmt::format("finite d={} gamma={:.17g} n={} cdf={}", d, g, n, with_cdf),
                  [&] { return reference::critical::sphere_critical_finite_n(d, g, n, with_cdf); });
}

double critical_finite_n_mean_top(int d, double gamma, std::uint64_t n) {
  const double g = reference_gamma(gamma);
  return memoised(fmt::format("finite mean_top d={} gamma={:.17g} n={}", d, g, n),
                  [&] { return reference::critical::sphere_critical_finite_n_mean_top(d, g, n); });
}

const reference::critical::CriticalSummary& critical_limit_reference(int d, double gamma, bool with_cdf) {
  const double g = reference_gamma(gamma);
  return memoised(fmt::format("limit d={} gamma={:.17g} cdf={}", d, g, with_cdf),
                  [&] { return reference::critical::sphere_critical_limit(d, g, with_cdf); });
}

}  // namespace attnlaw::theory::scaling_limits
