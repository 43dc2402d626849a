#pragma once
// The shell mechanism shared by the truncated samplers: the exact law of all keys whose gap
// lies below a data-dependent threshold, out of n keys with i.i.d. gaps of law F.
//
// Shells (t_{k-1}, t_k], t_0 = 0, are filled in order. Given the N keys already placed in
// [0, t_{k-1}], the count in the next shell is Binomial(n - N, (F(t_k) - F(t_{k-1}))/(1 - F(t_{k-1})))
// and its keys are i.i.d. F restricted to the shell: continued to t = 2 this builds the
// exact sample. It stops at the first shell end T (a stopping time of that construction, so
// the keys below T are exactly those of the full sample) where at least one key was placed
// and (n - N) e^{-beta T} <= epsilon e^{-beta t_(1)}, or at T = 2.
//
// Shell ends: the first target is t_0* = ln(n/epsilon)/beta + F^{-1}(8/n) (roughly), which
// meets the stopping rule unless t_(1) > F^{-1}(8/n), an event of probability ~e^{-8}; then
// the next target is exactly the threshold the rule asks for, t_(1) + ln((n-N)/epsilon)/beta,
// or twice the last one while no key was placed. A target may be split into several shells
// when the law's shell sampler limits their width. At beta = gamma n^{2/(d-1)} the expected
// number of keys placed is ~(ln(n/epsilon)/c)^m + 8: it grows like (ln n)^m, not like n.
//
// Sample indices (index_space.hpp), inside the caller's region: offset 0 holds the binomial
// counts, drawn in shell order from one stream; offset 1 + i holds the i-th key placed (in
// placement order, before sorting): first its gap (GapLaw::sample_in_shell), then, if
// requested, its direction (draw_direction: uniform on the unit sphere of q-perp by default,
// 2 (d - 1) words, rng/sphere.hpp). The gaps therefore do not depend on whether directions are
// requested, nor on how they are drawn.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>
#include <vector>

#include "verify/rng/binomial.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/sample/index_space.hpp"
#include "verify/sample/nearest_keys.hpp"

namespace attnlaw::sample::detail {

// A guard against asking for (nearly) every key at huge n: beta far below the critical scale
// makes the threshold reach t = 2. The naive generators are the tool for that regime. 2^26 keys
// (0.5 GB of gaps, about 10 s to place) bounds what one replicate may cost; 2^31 let a single
// call at d = 512, n = 1e12 run for minutes.
inline constexpr std::uint64_t max_retained_keys = std::uint64_t{1} << 26;

// The default direction draw: u uniform on the unit sphere of q-perp (u.size() = d - 1).
struct UniformTangentialDirection {
  void operator()(rng::SampleSource& source, std::span<double> u) const { rng::uniform_on_sphere(source, u); }
};

// Sorts the gaps ascending, carrying the direction rows along (ties keep placement order).
inline void sort_by_gap(std::vector<double>& gaps, std::vector<double>& directions, std::size_t row) {
  std::vector<std::size_t> order(gaps.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return gaps[i] < gaps[j]; });
  std::vector<double> sorted(gaps.size());
  for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = gaps[order[i]];
  gaps.swap(sorted);
  if (directions.empty()) return;
  std::vector<double> rows(directions.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    std::copy_n(directions.begin() + static_cast<std::ptrdiff_t>(order[i] * row), row,
                rows.begin() + static_cast<std::ptrdiff_t>(i * row));
  directions.swap(rows);
}

// The gap threshold below which every key is kept: ln(n/epsilon)/beta above a rough t_(1) (a
// key beyond it carries weight below epsilon/n relative to the nearest), at most 2 (all keys).
template <class GapLaw>
double truncation_threshold(const GapLaw& law, std::uint64_t n, double beta, double epsilon) {
  const double nd = static_cast<double>(n);
  return std::min(2.0, (std::log(nd) - std::log(epsilon)) / beta + law.rough_quantile(std::min(1.0, 8 / nd)));
}

// About what a replicate will cost, known before it is drawn: n F(T), T = ln(n/epsilon)/beta above
// the exact F^{-1}(8/n) (t_(1) lies below it but with probability ~e^{-8}), the threshold the
// stopping rule reaches. Not truncation_threshold's rough quantile: the leading term of F near 0
// overstates F where t_(1) lies at large d ((1 - t/2)^{m-1} is far from 1 there), and with it the
// estimate fell 10 to 50 times short of the keys kept at d = 64.
template <class GapLaw>
double expected_retained_keys(const GapLaw& law, std::uint64_t n, double beta, double epsilon) {
  const double nd = static_cast<double>(n);
  const double p = std::min(1.0, 8 / nd);
  const double t = std::min(2.0, (std::log(nd) - std::log(epsilon)) / beta + law.quantile(p, 1 - p));
  return nd * (t >= 2 ? 1.0 : law.cdf(t));
}

template <class GapLaw, class DrawDirection = UniformTangentialDirection>
NearestKeys sample_truncated(const GapLaw& law, rng::StreamKey stream, std::uint32_t replicate,
                             index_space::Region region, std::uint64_t n, int d, double beta, double epsilon,
                             bool with_directions, const DrawDirection& draw_direction = {}) {
  if (n == 0) throw std::domain_error("sample_truncated: n must be >= 1");
  if (n > rng::binomial_distribution::max_trials) throw std::domain_error("sample_truncated: n must be <= 2^53");
  if (d < 2) throw std::domain_error("sample_truncated: d must be >= 2");
  if (!(beta >= 0) || !std::isfinite(beta)) throw std::domain_error("sample_truncated: beta must be finite, >= 0");
  if (!(epsilon > 0 && epsilon < 1)) throw std::domain_error("sample_truncated: epsilon must lie in (0, 1)");

  const double log_epsilon = std::log(epsilon);
  const std::size_t row = static_cast<std::size_t>(d - 1);
  NearestKeys keys;
  keys.n = n;
  keys.d = d;

  rng::SampleSource counts(stream, replicate, index_space::sample_index(region, 0));
  std::uint64_t placed = 0;
  double t_lo = 0, f_lo = 0, s_lo = 1;
  double t_min = std::numeric_limits<double>::infinity();
  double target = truncation_threshold(law, n, beta, epsilon);
  std::vector<double> direction(row);

  for (;;) {
    double t_hi = std::min(target, law.shell_limit(t_lo));
    const bool last = t_hi >= 2;
    if (last) t_hi = 2;
    const double f_hi = last ? 1 : law.cdf(t_hi);
    const double s_hi = last ? 0 : law.survival(t_hi);
    const std::uint64_t remaining = n - placed;
    std::uint64_t count = remaining;
    if (!last && remaining > 0) {
      // The shell's mass from whichever of F, 1 - F is below 1/2 there, so it keeps its digits.
      const double mass = f_hi <= 0.5 ? f_hi - f_lo : s_lo - s_hi;
      count = rng::binomial_distribution(remaining, std::clamp(mass / s_lo, 0.0, 1.0))(counts);
    }
    if (placed + count > max_retained_keys)
      throw std::length_error("sample_truncated: too many keys below the threshold (beta far below critical)");
    keys.gaps.reserve(placed + count);
    if (with_directions) keys.directions.reserve((placed + count) * row);
    for (std::uint64_t i = 0; i < count; ++i) {
      rng::SampleSource source(stream, replicate, index_space::sample_index(region, 1 + placed + i));
      const double t = law.sample_in_shell(source, t_lo, t_hi, f_lo, f_hi, s_lo, s_hi);
      keys.gaps.push_back(t);
      t_min = std::min(t_min, t);
      if (with_directions) {
        draw_direction(source, std::span<double>(direction));
        keys.directions.insert(keys.directions.end(), direction.begin(), direction.end());
      }
    }
    placed += count;
    t_lo = t_hi;
    f_lo = f_hi;
    s_lo = s_hi;
    if (last || placed == n) break;
    if (t_lo < target) continue;  // the target was split into narrower shells
    if (placed == 0) {
      target = std::min(2.0, 2 * t_lo);
      continue;
    }
    const double log_left = std::log(static_cast<double>(n - placed));
    if (log_left - beta * (t_lo - t_min) <= log_epsilon) break;
    target = std::min(2.0, t_min + (log_left - log_epsilon) / beta);
    if (!(target > t_lo)) target = std::min(2.0, 2 * t_lo);  // rounding: always move on
  }

  keys.threshold = t_lo;
  keys.neglected_log_mass_bound = placed == n ? -std::numeric_limits<double>::infinity()
                                              : std::log(static_cast<double>(n - placed)) - beta * (t_lo - t_min);
  sort_by_gap(keys.gaps, keys.directions, row);
  return keys;
}

}  // namespace attnlaw::sample::detail
