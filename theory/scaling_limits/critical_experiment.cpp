#include "theory/scaling_limits/critical_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "theory/scaling_limits/planted_keys.hpp"
#include "verify/attention/online_softmax.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/memo.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/sample/sphere_geometry.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/sample/sphere_ppp.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

// Planted bug "critical-constant-x1.03": the references read at gamma off by 3%, which is the
// critical constant c = gamma A_d^{-2/(d-1)} off by 3%.
double gamma_off_by_3_percent(double gamma) { return gamma * 1.03; }

// Planted bug "critical-exponent-2-over-d": the critical exponent 2/d in place of 2/(d-1), in the
// parametrisation beta_n = gamma n^p and in the exponent the claims state.
double exponent_2_over_d(int d) { return 2.0 / d; }
double beta_2_over_d(int d, double gamma, double n) { return gamma * std::pow(n, exponent_2_over_d(d)); }
double gamma_2_over_d(int d, double beta, double n) { return beta / std::pow(n, exponent_2_over_d(d)); }

// Planted bug "truncation-radius-too-small": "only keys within one temperature unit of the nearest
// matter", the keys the sampler returns beyond t_(1) + 1/beta dropped, in place of the threshold
// t_(1) + ln(n/epsilon)/beta it keeps.
void keep_within_one_temperature_unit(sample::NearestKeys& keys, double beta) {
  const double threshold = keys.gaps.front() + 1 / beta;
  std::size_t kept = 0;
  while (kept < keys.gaps.size() && keys.gaps[kept] <= threshold) ++kept;
  keys.gaps.resize(kept);
  if (!keys.directions.empty()) keys.directions.resize(kept * static_cast<std::size_t>(keys.d - 1));
  keys.threshold = threshold;
}

// Planted bug "replicates-share-streams-pairwise": replicate r drawn from counter r with its low
// bit cleared (a counter halved and doubled again, as when a replicate is thought to take two
// counters), so replicates 2k and 2k + 1 are the same draw: the sample has half the information
// its tests assume, and every law and mean is still right.
std::uint32_t counter_shared_by_pairs(std::size_t r) { return static_cast<std::uint32_t>(r) & ~std::uint32_t{1}; }

// Planted bug "critical-finite-n-rate-1-over-n": the finite-n error of the critical functionals
// taken as O(1/n) (binomial against Poisson) at every d, missing the curvature term n^{-2/(d-1)}
// that is slower for d > 3 (the two agree at d = 3).
double finite_n_rate_one_over_n(int /*d*/) { return -1; }

// The references many grid points share, keyed by every input (the model's reference gamma is
// what they are evaluated at, so a planted model's values are kept apart from the true ones).
using reference::CriticalSummary;
harness::Memo<std::tuple<int, double, std::uint64_t, bool>, CriticalSummary> finite_n_memo;
harness::Memo<std::tuple<int, double, std::uint64_t>, double> finite_n_mean_top_memo;
harness::Memo<std::tuple<int, double, bool>, CriticalSummary> limit_memo;

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

std::vector<CriticalExperiment> critical_grid(std::initializer_list<int> ds, std::initializer_list<double> gammas,
                                              std::uint64_t n, std::size_t reps) {
  std::vector<CriticalExperiment> points;
  for (int d : ds) {
    for (double gamma : gammas) points.push_back({d, gamma, n, reps});
  }
  return points;
}

double gamma_as_stated(double gamma) { return gamma; }

void keep_sampled_keys(sample::NearestKeys& /*keys*/, double /*beta*/) {}

std::uint32_t own_replicate_counter(std::size_t r) { return static_cast<std::uint32_t>(r); }

double critical_finite_n_rate(int d) { return -std::min(1.0, 2.0 / (d - 1)); }

CriticalModel critical_constant_x1_03() { return {.reference_gamma = gamma_off_by_3_percent}; }

CriticalModel critical_exponent_2_over_d() {
  return {.critical_exponent = exponent_2_over_d, .critical_beta = beta_2_over_d, .gamma_for_beta = gamma_2_over_d};
}

CriticalModel truncation_radius_too_small() { return {.retained_keys = keep_within_one_temperature_unit}; }

// Planted bug "keys-not-normalised" (planted_keys.hpp), in the naive sampler of the cross-check.
CriticalModel keys_not_normalised() { return {.naive_top = simulate_critical_naive_top<GaussianKeysNotNormalised>}; }

// Planted bug "tangential-directions-from-cube" (planted_keys.hpp), in the truncated sampler.
CriticalModel tangential_directions_from_cube() { return {.tangential_direction = tangential_direction_from_cube}; }

CriticalModel replicates_share_streams_pairwise() { return {.replicate_counter = counter_shared_by_pairs}; }

CriticalModel critical_finite_n_rate_one_over_n() { return {.finite_n_rate = finite_n_rate_one_over_n}; }

sample::NearestKeys sample_critical_keys(const CriticalModel& model, rng::StreamKey stream, std::uint32_t replicate,
                                         std::uint64_t n, int d, double beta, bool with_directions) {
  sample::NearestKeys keys = sample::sample_sphere_truncated(stream, replicate, n, d, beta, 1e-15, with_directions,
                                                             model.tangential_direction);
  model.retained_keys(keys, beta);
  return keys;
}

CriticalSample simulate_critical(const CriticalModel& model, const CriticalExperiment& e, rng::StreamKey stream,
                                 bool with_output) {
  const double n = static_cast<double>(e.n);
  const double beta = model.critical_beta(e.d, e.gamma, n);
  // The scale of the theorem's tangential statistic, whatever parametrisation the model states.
  const double tangential_scale = reference::sphere_critical_scale(e.d, n);
  CriticalSample s;
  resize(s, e.reps, with_output);
  const std::size_t row = static_cast<std::size_t>(e.d - 1);
  if (with_output) s.nearest_direction.resize(e.reps * row);
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    const auto keys = sample_critical_keys(model, stream, model.replicate_counter(r), e.n, e.d, beta, with_output);
    store(s, r, attention::summarize_weights(keys.gaps, beta));
    if (with_output) {
      s.tangential[r] = tangential_scale * attention::summarize_output(keys, beta).tangential_norm_sq;
      std::copy_n(keys.directions.begin(), row, s.nearest_direction.begin() + static_cast<std::ptrdiff_t>(r * row));
    }
  });
  return s;
}

template <class DrawKey>
std::vector<double> simulate_critical_naive_top(const CriticalModel& model, const CriticalExperiment& e,
                                                rng::StreamKey stream) {
  const double beta = model.critical_beta(e.d, e.gamma, static_cast<double>(e.n));
  std::vector<double> top(e.reps);
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    attention::OnlineSoftmaxAverage<double> softmax(0);
    sample::for_each_naive_sphere_key(
        stream, static_cast<std::uint32_t>(r), e.n, static_cast<std::size_t>(e.d),
        [&](std::uint64_t, std::span<const double> key) { softmax.add(-beta * sample::gap_to_query(key), {}); },
        DrawKey{});
    top[r] = softmax.top_weight();
  });
  return top;
}

template std::vector<double> simulate_critical_naive_top<sample::UniformOnSphere>(const CriticalModel&,
                                                                                  const CriticalExperiment&,
                                                                                  rng::StreamKey);
template std::vector<double> simulate_critical_naive_top<GaussianKeysNotNormalised>(const CriticalModel&,
                                                                                    const CriticalExperiment&,
                                                                                    rng::StreamKey);

CriticalSample simulate_critical_limit(int d, double gamma, std::size_t reps, rng::StreamKey stream, bool with_output) {
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

const reference::CriticalSummary& critical_finite_n_reference(int d, double gamma, std::uint64_t n, bool with_cdf) {
  return finite_n_memo.get({d, gamma, n, with_cdf},
                           [&] { return reference::sphere_critical_finite_n(d, gamma, n, with_cdf); });
}

const reference::CriticalSummary& critical_finite_n_reference(const CriticalModel& model, int d, double gamma,
                                                              std::uint64_t n, bool with_cdf) {
  return critical_finite_n_reference(d, model.reference_gamma(gamma), n, with_cdf);
}

double critical_finite_n_mean_top(const CriticalModel& model, int d, double gamma, std::uint64_t n) {
  const double g = model.reference_gamma(gamma);
  return finite_n_mean_top_memo.get({d, g, n}, [&] { return reference::sphere_critical_finite_n_mean_top(d, g, n); });
}

const reference::CriticalSummary& critical_limit_reference(const CriticalModel& model, int d, double gamma,
                                                           bool with_cdf) {
  const double g = model.reference_gamma(gamma);
  return limit_memo.get({d, g, with_cdf}, [&] { return reference::sphere_critical_limit(d, g, with_cdf); });
}

}  // namespace attnlaw::theory::scaling_limits
