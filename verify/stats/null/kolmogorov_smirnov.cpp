#include "verify/stats/null/kolmogorov_smirnov.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "verify/stats/null/kolmogorov_smirnov_impl.hpp"

namespace attnlaw::stats {
namespace {

// Below this two-sided tail the one-sided doubling is used. The neglected overlap
// P(D+ >= d, D- >= d) was measured against the Durbin route for n = 5..1000: ~1e-10 of the
// result at p = 1e-3, <= ~3e-12 at p = 1e-4, where 1 - CDF itself starts losing digits
// (rounding ~1e-16/p). Where the matrix is too large, doubling is preferred up to 1e-2
// (overlap ~1e-7 relative) to the asymptotic law (error O(n^-3/2)).
constexpr double kDoublingThreshold = 1e-4;
constexpr double kDoublingThresholdLargeN = 1e-2;

// Durbin's matrix is powered only while it costs about 1e9 flops or less (~0.1 s); beyond, the
// shifted limit law is within ~1e-4 relative of the exact value (measured at n = 3000).
bool durbin_affordable(std::size_t n, double d) {
  const double m = 2.0 * std::floor(static_cast<double>(n) * d) + 1.0;
  const double products = 2.0 * std::log2(static_cast<double>(n) + 1.0) + 1.0;
  return 2.0 * m * m * m * products <= 1e9;
}

// Vrbik (2018), "Small-sample corrections to Kolmogorov–Smirnov test statistic", Pioneer J.
// Theor. Appl. Stat. 15: sqrt(n) D_n + 1/(6 sqrt n) + (sqrt(n) D_n - 1)/(4n) follows the
// Kolmogorov law up to O(n^-3/2). Used only where the exact matrix is too large.
double vrbik_shift(std::size_t n, double d) {
  const double rn = std::sqrt(static_cast<double>(n));
  const double x = rn * d;
  return x + 1.0 / (6.0 * rn) + (x - 1.0) / (4.0 * static_cast<double>(n));
}

}  // namespace

double kolmogorov_asymptotic_cdf(double x) {
  if (!(x > 0)) return 0.0;
  if (x < 1.0) {
    // Jacobi form: sqrt(2 pi)/x sum exp(-(2k-1)^2 pi^2 / (8 x^2)); fast for small x.
    const double c = -std::numbers::pi * std::numbers::pi / (8.0 * x * x);
    double s = 0;
    for (int k = 1; k <= 20; ++k) {
      const double term = std::exp(c * (2.0 * k - 1) * (2.0 * k - 1));
      s += term;
      if (term < 1e-17 * s) break;
    }
    return std::sqrt(2.0 * std::numbers::pi) / x * s;
  }
  return 1.0 - kolmogorov_asymptotic_sf(x);
}

double kolmogorov_asymptotic_sf(double x) {
  if (!(x > 0)) return 1.0;
  if (x < 1.0) return 1.0 - kolmogorov_asymptotic_cdf(x);
  double s = 0;
  for (int k = 1; k <= 40; ++k) {
    const double term = std::exp(-2.0 * k * k * x * x);
    s += (k % 2 == 1) ? term : -term;
    if (term < 1e-17 * s) break;
  }
  return 2.0 * s;
}

double ks_one_sided_sf(std::size_t n, double d) {
  if (n == 0) throw std::invalid_argument("ks_one_sided_sf: n must be >= 1");
  if (std::isnan(d)) throw std::invalid_argument("ks_one_sided_sf: d is NaN");
  return detail::ks_plus_sf_sbt<double>(n, d);
}

double ks_two_sided_cdf(std::size_t n, double d) {
  if (n == 0) throw std::invalid_argument("ks_two_sided_cdf: n must be >= 1");
  if (std::isnan(d)) throw std::invalid_argument("ks_two_sided_cdf: d is NaN");
  // D_n >= 1/(2n) always.
  if (!(2.0 * static_cast<double>(n) * d > 1.0)) return 0.0;
  if (d >= 1.0) return 1.0;
  if (durbin_affordable(n, d)) return detail::ks_cdf_durbin<double>(n, d);
  const double p2 = 2.0 * detail::ks_plus_sf_sbt<double>(n, d);
  if (p2 < kDoublingThresholdLargeN) return 1.0 - p2;
  return kolmogorov_asymptotic_cdf(vrbik_shift(n, d));
}

double ks_two_sided_sf(std::size_t n, double d) {
  if (n == 0) throw std::invalid_argument("ks_two_sided_sf: n must be >= 1");
  if (std::isnan(d)) throw std::invalid_argument("ks_two_sided_sf: d is NaN");
  if (!(2.0 * static_cast<double>(n) * d > 1.0)) return 1.0;
  if (d >= 1.0) return 0.0;
  const double p2 = 2.0 * detail::ks_plus_sf_sbt<double>(n, d);
  const bool exact = durbin_affordable(n, d);
  if (p2 < (exact ? kDoublingThreshold : kDoublingThresholdLargeN)) return p2;
  if (exact) return std::max(0.0, 1.0 - detail::ks_cdf_durbin<double>(n, d));
  return kolmogorov_asymptotic_sf(vrbik_shift(n, d));
}

std::string ks_two_sided_method(std::size_t n, double d) {
  if (n == 0 || !(2.0 * static_cast<double>(n) * d > 1.0) || d >= 1.0) return "exact (support bound)";
  const bool exact = durbin_affordable(n, d);
  if (2.0 * detail::ks_plus_sf_sbt<double>(n, d) < (exact ? kDoublingThreshold : kDoublingThresholdLargeN))
    return "exact (Smirnov-Birnbaum-Tingey, 2 P(D+ >= d))";
  if (exact) return "exact (Marsaglia-Tsang-Wang 2003)";
  return "asymptotic (Kolmogorov, Vrbik 2018 shift)";
}

}  // namespace attnlaw::stats
