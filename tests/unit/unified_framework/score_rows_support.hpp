#pragma once
// Shared by the score-row tests: the families, their exact upper tails and finite-n order
// statistic laws, and a two-sample z test of means.
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::sample::testing {

using reference::ScoreFamily;
using Kind = ScoreFamily::Kind;

struct NamedFamily {
  ScoreFamily family;
  std::string name;
};

inline std::vector<NamedFamily> all_families() {
  return {{{Kind::exponential, 1}, "exponential"},
          {{Kind::gaussian, 1}, "gaussian"},
          {{Kind::weibull, 1.5}, "weibull(1.5)"},
          {{Kind::log2, 1}, "log2(1)"},
          {{Kind::uniform, 1}, "uniform"}};
}

// Fbar(x) = P(s > x), from the definitions in score_families.hpp.
inline double upper_tail(const ScoreFamily& family, double x) {
  switch (family.kind) {
    case Kind::exponential: return x <= 0 ? 1 : std::exp(-x);
    case Kind::gaussian: return 0.5 * std::erfc(x / std::sqrt(2.0));
    case Kind::weibull: return x <= 0 ? 1 : std::exp(-std::pow(x, family.shape));
    case Kind::log2: return x >= 1 ? 0 : std::exp(-std::pow(1 - x, -family.shape));
    case Kind::uniform: return x <= -1 ? 1 : (x >= 1 ? 0 : 0.5 * (1 - x));
  }
  return std::nan("");
}

// P(s_(K) <= x) for the K-th largest of n: fewer than K scores exceed x, P(Bin(n, q) <= K - 1)
// = 1 - I_q(K, n - K + 1), q = Fbar(x). K = 1 as (1 - q)^n in logs.
inline double kth_largest_cdf(std::uint64_t n, std::uint64_t K, double q) {
  if (K == 1) return std::exp(static_cast<double>(n) * std::log1p(-q));
  return boost::math::ibetac(static_cast<double>(K), static_cast<double>(n - K + 1), q);
}

// h_n = n f(b_n) in closed form (score_families.hpp), only to choose beta = c h_n.
inline double hazard_scale(const ScoreFamily& family, double n) {
  const double log_n = std::log(n);
  switch (family.kind) {
    case Kind::exponential: return 1;
    case Kind::gaussian: {
      const double b = std::sqrt(2.0) * boost::math::erfc_inv(2 / n);
      return n * std::exp(-0.5 * b * b) / std::sqrt(2 * std::numbers::pi);
    }
    case Kind::weibull: return family.shape * std::pow(log_n, 1 - 1 / family.shape);
    case Kind::log2: return family.shape * std::pow(log_n, 1 + 1 / family.shape);
    case Kind::uniform: return n / 2;
  }
  return std::nan("");
}

// Two-sample z test of equal means with the sample variances (large samples), two-sided.
inline stats::TestResult two_sample_mean_z(std::span<const double> x, std::span<const double> y) {
  const auto moments = [](std::span<const double> v) {
    double mean = 0;
    for (double a : v) mean += a;
    mean /= static_cast<double>(v.size());
    double ss = 0;
    for (double a : v) ss += (a - mean) * (a - mean);
    return std::pair{mean, ss / static_cast<double>(v.size() - 1) / static_cast<double>(v.size())};
  };
  const auto [mx, vx] = moments(x);
  const auto [my, vy] = moments(y);
  const double z = (mx - my) / std::sqrt(vx + vy);
  return {"two-sample z (means)", z, std::erfc(std::abs(z) / std::sqrt(2.0)), "normal approximation"};
}

}  // namespace attnlaw::sample::testing
