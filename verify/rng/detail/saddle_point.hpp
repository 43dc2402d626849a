#pragma once
// The two pieces of Loader's saddle-point form of the binomial and Poisson
// probabilities (C. Loader, "Fast and accurate computation of binomial probabilities",
// 2000), used by binomial.hpp and poisson.hpp for log f(k) at k up to 1e12, where
// differences of lgamma values would lose ~1e-3 in absolute terms.
//
//   log k!         = (k + 1/2) log k - k + log sqrt(2 pi) + stirling_error(k)
//   log Poisson(k) = -stirling_error(k) - bd0(k, mu) - log sqrt(2 pi k)
//   log Binom(k)   = stirling_error(n) - stirling_error(k) - stirling_error(n - k)
//                    - bd0(k, np) - bd0(n - k, nq) + (1/2) log(n / (2 pi k (n - k)))
// Every term is O(1) or O((k - mean)^2 / mean), so the absolute error stays ~1e-14.
#include <array>
#include <cmath>

namespace attnlaw::rng::detail {

inline constexpr double log_sqrt_2pi = 0.91893853320467274178032973640561764;

// stirling_error(k) = log k! - [(k + 1/2) log k - k + log sqrt(2 pi)], integer k >= 1.
inline double stirling_error(double k) {
  if (k < 16) {
    // k! is an exact double for k <= 18, so log(k!) is correctly rounded up to ~1 ulp.
    static constexpr std::array<double, 16> factorial = {
        1.0,     1.0,      2.0,       6.0,        24.0,        120.0,        720.0,         5040.0,
        40320.0, 362880.0, 3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0};
    return std::log(factorial[static_cast<std::size_t>(k)]) - (k + 0.5) * std::log(k) + k - log_sqrt_2pi;
  }
  // Stirling series sum B_{2j} / (2j (2j-1) k^{2j-1}), j = 1..7; at k = 16 the first
  // omitted term, 3617 / (122400 k^15), is 2.5e-20 (relative 5e-18).
  const double r = 1.0 / k;
  const double r2 = r * r;
  return r * (1.0 / 12 -
              r2 * (1.0 / 360 -
                    r2 * (1.0 / 1260 - r2 * (1.0 / 1680 - r2 * (1.0 / 1188 - r2 * (691.0 / 360360 - r2 / 156))))));
}

// bd0(x, m) = x log(x / m) + m - x >= 0, the deviance term, accurate also when x ~ m.
inline double bd0(double x, double m) {
  const double diff = x - m;
  if (std::fabs(diff) < 0.1 * (x + m)) {
    // With v = (x - m) / (x + m): bd0 = (x - m) v + 2 x sum_{j >= 1} v^{2j+1} / (2j + 1),
    // |v| < 0.1, so each term gains two digits.
    const double v = diff / (x + m);
    const double v2 = v * v;
    double sum = diff * v;
    double term = 2 * x * v;
    for (int j = 1; j < 40; ++j) {
      term *= v2;
      const double next = sum + term / (2 * j + 1);
      if (next == sum) return sum;
      sum = next;
    }
    return sum;
  }
  return x * std::log(x / m) + m - x;
}

}  // namespace attnlaw::rng::detail
