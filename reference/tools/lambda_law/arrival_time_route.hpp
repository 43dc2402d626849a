#pragma once
// The upper tail of L = lim Lambda_n / h_n = sup_{k>=2} log k / M_{k-1}, M_{k-1} = sum_{i<k} E_i / i,
// by Monte Carlo of the arrival times on the project's
// Philox streams, with an exact treatment of the sup. This route generated
// reference/gap_counting/lambda_law_table.hpp until 2026-12 (4e6 samples, 424 s); the table now comes
// from the exact recursion of yule_recursion.hpp, and this route, unchanged, checks it
// (tests/unit/unified_framework/lambda_law_routes*_test.cpp).
//
// Representation. As processes in k, (M_{k-1})_{k>=1} =_d (log(Gamma_k / Gamma_1))_{k>=1} with
// Gamma_k = E_1 + ... + E_k: the ratios Gamma_k / Gamma_{k+1} are independent Beta(k, 1) =_d
// U^{1/k} (beta-gamma algebra), so log(Gamma_{k+1}/Gamma_k) =_d E_k / k independently. Hence
//   log k / M_{k-1} > x  <=>  Gamma_k < Gamma_1 k^{1/x},
// and the partial sums Gamma_k can be sampled at sparse k: Gamma_b = Gamma_a + Gamma(b - a), and
// given Gamma_a and Gamma_b, Gamma_m = Gamma_a + (Gamma_b - Gamma_a) Beta(m - a, b - m) (the
// Dirichlet bridge), both exact.
//
// The sup, exactly above x_min = 1.1 (the smallest tabulated x). Per sample, Gamma_1..Gamma_32 are
// drawn one by one; then dyadic blocks [a, 2a) with only the endpoints drawn. For interior k of a
// block, log k / M_{k-1} < log b / log(Gamma_a / Gamma_1); a block whose bound does not exceed the
// running maximum (started at x_min) cannot change any indicator {L > x}, x >= x_min; otherwise
// it is split at its midpoint by the bridge, recursively down to single k. The result is
// max(L_K, x_min) with L_K the sup over k <= K, exact for every sample.
//
// Truncation (K_max). After each block the probability that some k > K exceeds x_min, given the
// sample so far, is bounded by a union over the geometric grid a_i = K (1 + 1/64)^i:
//   P(exists k in [a_i, a_{i+1}): Gamma_k < Gamma_1 k^{1/x}) <= P(Gamma_{a_i} < Gamma_1 a_{i+1}^{1/x}),
//   Gamma_{a_i} - Gamma_K ~ Gamma(a_i - K), P(Gamma(s) <= rho s) <= exp(-s (rho - 1 - log rho)) (Chernoff).
// Blocks are added until that bound is below 1e-15 or K reaches K_max = 2^60; the sample's final
// bound is accumulated, and its mean bounds (in expectation) the probability that truncation
// changed any tabulated indicator. The bound is for exceeding 1.1 even once the sample has
// exceeded every level, so a sample with Gamma_1 = 5 is followed to k ~ 5^{11} (K reached 3.5e13
// in the 2026-11 table), about 0.1 ms per sample; the tail itself is settled much earlier (the
// recursion of yule_recursion.hpp needs k <= 3597 at x = 1.1 for an error of 1e-12).
#include <cmath>
#include <cstdint>

#include "verify/rng/beta.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::reference::tools::lambda_law {

struct ArrivalTimeSample {
  double sup_above_floor;   // max(L_K, 1.1), exact
  double truncation_bound;  // bound on P(some k > K exceeds 1.1 | sample)
  double last_k;            // K
  std::uint64_t bridge_points;
};

namespace arrival_time_detail {

constexpr double kFloor = 1.1;
constexpr std::uint64_t kDirect = 32;
constexpr std::uint64_t kCap = std::uint64_t{1} << 60;
constexpr double kTailTarget = 1e-15;

// Chernoff bound on P(exists k > K: Gamma_k < Gamma_1 k^{1/x_min}) given Gamma_1 and Gamma_K.
inline double tail_bound(double gamma1, double K, double gamma_K) {
  const double step = 1.0 + 1.0 / 64;
  double total = 0;
  double a = K;
  for (int i = 0; i < 100000; ++i) {
    const double next = a * step;
    const double threshold = gamma1 * std::pow(next, 1 / kFloor) - gamma_K;
    double term;
    if (threshold <= 0) {
      term = 0;
    } else if (i == 0) {
      term = 1;  // Gamma_{a_0} = Gamma_K is known and below the threshold
    } else {
      const double shape = a - K;
      const double rho = threshold / shape;
      term = rho >= 1 ? 1 : std::exp(-shape * (rho - 1 - std::log(rho)));
    }
    total += term;
    if (total >= 1) return 1;
    // Beyond a^{1 - 1/x} >> Gamma_1 the terms fall faster than geometrically.
    if (term < 1e-300 && i > 64 && gamma1 * std::pow(next, 1 / kFloor) < 0.5 * a) break;
    a = next;
    if (a > 1e300) break;
  }
  return total;
}

struct Sampler {
  rng::SampleSource source;
  double gamma1 = 0;
  double best = kFloor;
  std::uint64_t nodes = 0;

  void consider(std::uint64_t k, double gamma_k) {
    const double v = std::log(static_cast<double>(k)) / std::log(gamma_k / gamma1);
    if (v > best) best = v;
  }

  // Interior points of (a, b) with Gamma_a, Gamma_b known.
  void refine(std::uint64_t a, double gamma_a, std::uint64_t b, double gamma_b) {
    if (b - a <= 1) return;
    if (std::log(static_cast<double>(b)) / std::log(gamma_a / gamma1) <= best) return;
    const std::uint64_t m = a + (b - a) / 2;
    const rng::beta_distribution<double> bridge(static_cast<double>(m - a), static_cast<double>(b - m));
    const double gamma_m = gamma_a + (gamma_b - gamma_a) * bridge(source);
    ++nodes;
    consider(m, gamma_m);
    refine(a, gamma_a, m, gamma_m);
    refine(m, gamma_m, b, gamma_b);
  }
};

}  // namespace arrival_time_detail

// The route's stream: make_key(seed, "lambda-law", "arrival-time route"), sample i.
inline rng::StreamKey arrival_time_key(std::uint32_t seed) {
  return rng::make_key(seed, "lambda-law", "arrival-time route");
}

inline ArrivalTimeSample arrival_time_sample(rng::StreamKey key, std::uint64_t i) {
  using namespace arrival_time_detail;
  Sampler s{rng::SampleSource(key, 0, i)};
  s.gamma1 = rng::exponential<double>(s.source);
  double gamma = s.gamma1;
  for (std::uint64_t k = 2; k <= kDirect; ++k) {
    gamma += rng::exponential<double>(s.source);
    s.consider(k, gamma);
  }
  std::uint64_t a = kDirect;
  double bound = tail_bound(s.gamma1, static_cast<double>(a), gamma);
  while (bound > kTailTarget && a < kCap) {
    const std::uint64_t b = 2 * a;
    const rng::gamma_distribution<double> increment(static_cast<double>(b - a));
    const double gamma_b = gamma + increment(s.source);
    s.consider(b, gamma_b);
    s.refine(a, gamma, b, gamma_b);
    a = b;
    gamma = gamma_b;
    bound = tail_bound(s.gamma1, static_cast<double>(a), gamma);
  }
  return {s.best, bound, static_cast<double>(a), s.nodes};
}

}  // namespace attnlaw::reference::tools::lambda_law
