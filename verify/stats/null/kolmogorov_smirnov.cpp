#include "verify/stats/null/kolmogorov_smirnov.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
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
  // The factor n!/n^n is applied one factor at a time (O(n)); the matrix route stops with the
  // exact one-sided sum (kSbtMaxN, below).
  if (n > 1000000) return false;
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

// Beyond this n the Smirnov-Birnbaum-Tingey sum (floor(n(1-d)) + 1 terms, each from lgamma of
// size n log n, so with relative rounding ~ n log n eps) is replaced by the Maag-Dicaire (1971)
// limit exp(-(6nd+1)^2/(18n)): at n = 1e9 the sum took 2.6 GB and 100 s, and at 1e12 it cannot be
// allocated. Measured against the sum for n = 1e3..1e6, x = sqrt(n) d in [0.05, 4]: largest
// absolute error 0.085/n (at x = 0.46, the same constant at every n), so 0.2/n is stated.
constexpr std::size_t kSbtMaxN = 1000000;
constexpr double kMaagDicaireErrorConstant = 0.2;
// The Vrbik-shifted limit law against the exact Durbin matrix for n = 100..4000, x in [0.3, 3]:
// largest absolute error 0.0166/n at n = 100 rising to 0.0214/n at n = 4000 (at x = 0.88),
// converging like O(1/n), not the O(n^-3/2) of the shift's derivation; 0.05/n is stated.
constexpr double kVrbikErrorConstant = 0.05;

double maag_dicaire_sf(std::size_t n, double d) {
  const double nn = static_cast<double>(n);
  const double a = 6.0 * nn * d + 1.0;
  return std::exp(-a * a / (18.0 * nn));
}

double sbt_relative_rounding(std::size_t n) {
  const double nn = static_cast<double>(n);
  return 4.0 * std::numeric_limits<double>::epsilon() * (nn * std::log(nn + 1.0) + 10.0);
}

// P(D_n^+ >= d) by the exact sum while n <= kSbtMaxN, else by the limit law.
double one_sided(std::size_t n, double d) {
  if (n <= kSbtMaxN) return detail::ks_plus_sf_sbt<double>(n, d);
  if (!(d > 0)) return 1.0;
  if (d >= 1) return 0.0;
  return std::min(1.0, maag_dicaire_sf(n, d));
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
  return one_sided(n, d);
}

double ks_two_sided_cdf(std::size_t n, double d) {
  if (n == 0) throw std::invalid_argument("ks_two_sided_cdf: n must be >= 1");
  if (std::isnan(d)) throw std::invalid_argument("ks_two_sided_cdf: d is NaN");
  // D_n >= 1/(2n) always.
  if (!(2.0 * static_cast<double>(n) * d > 1.0)) return 0.0;
  if (d >= 1.0) return 1.0;
  if (durbin_affordable(n, d)) return detail::ks_cdf_durbin<double>(n, d);
  const double p2 = 2.0 * one_sided(n, d);
  if (p2 < kDoublingThresholdLargeN) return 1.0 - p2;
  return kolmogorov_asymptotic_cdf(vrbik_shift(n, d));
}

double ks_two_sided_sf(std::size_t n, double d) {
  if (n == 0) throw std::invalid_argument("ks_two_sided_sf: n must be >= 1");
  if (std::isnan(d)) throw std::invalid_argument("ks_two_sided_sf: d is NaN");
  if (!(2.0 * static_cast<double>(n) * d > 1.0)) return 1.0;
  if (d >= 1.0) return 0.0;
  const double p2 = 2.0 * one_sided(n, d);
  const bool exact = durbin_affordable(n, d);
  if (p2 < (exact ? kDoublingThreshold : kDoublingThresholdLargeN)) return p2;
  if (exact) return std::max(0.0, 1.0 - detail::ks_cdf_durbin<double>(n, d));
  return kolmogorov_asymptotic_sf(vrbik_shift(n, d));
}

KsLaw ks_law(std::size_t n, double d) {
  if (n == 0) throw std::invalid_argument("ks_law: n must be >= 1");
  if (!(d >= 0 && d <= 1)) throw std::invalid_argument("ks_law: d must lie in [0, 1]");
  KsLaw law;
  law.cdf = ks_two_sided_cdf(n, d);
  law.sf = ks_two_sided_sf(n, d);
  law.sf_one_sided = ks_one_sided_sf(n, d);
  law.method = ks_two_sided_method(n, d);
  const double nn = static_cast<double>(n);
  // One-sided: the exact sum's rounding, or the Maag-Dicaire limit's measured O(1/n).
  law.sf_one_sided_error =
      n <= kSbtMaxN ? sbt_relative_rounding(n) * law.sf_one_sided + 1e-300 : kMaagDicaireErrorConstant / nn;
  // Two-sided, by route. Support bounds are exact. Doubling neglects P(D+ >= d, D- >= d) <=
  // P(D+ >= d) P(D- >= d) = (p2/2)^2 (the two excursions are negatively associated), plus the
  // one-sided error twice. Durbin: rounding of the matrix power, within 1e-14 of the 50-digit
  // Steck table (tests/data/null_laws) for n <= 1000, stated as 1e-13 + 1e-13 n^{1/2} absolute.
  // The shifted limit: 0.05/n (measured, above).
  const double p2 = 2.0 * law.sf_one_sided;
  const double e2 = 2.0 * law.sf_one_sided_error;
  const double durbin_error = 1e-13 * (1 + std::sqrt(nn));
  const double rounding = 2 * std::numeric_limits<double>::epsilon();
  if (law.method == "exact (support bound)") {
    law.cdf_error = law.sf_error = 0;
    return law;
  }
  // sf by its route (ks_two_sided_method).
  if (law.method.find("2 P(D+ >= d)") != std::string::npos) {
    law.sf_error = p2 * p2 / 4 + e2;
  } else if (law.method == "exact (Marsaglia-Tsang-Wang 2003)") {
    law.sf_error = durbin_error;
  } else {
    law.sf_error = kVrbikErrorConstant / nn;
  }
  // cdf by its own route (ks_two_sided_cdf: the matrix wherever affordable).
  if (durbin_affordable(n, d)) {
    law.cdf_error = durbin_error;
  } else if (p2 < kDoublingThresholdLargeN) {
    law.cdf_error = p2 * p2 / 4 + e2;
  } else {
    law.cdf_error = kVrbikErrorConstant / nn;
  }
  law.cdf_error += rounding;
  law.sf_error += rounding * law.sf;
  return law;
}

std::string ks_two_sided_method(std::size_t n, double d) {
  if (n == 0 || !(2.0 * static_cast<double>(n) * d > 1.0) || d >= 1.0) return "exact (support bound)";
  const bool exact = durbin_affordable(n, d);
  if (2.0 * one_sided(n, d) < (exact ? kDoublingThreshold : kDoublingThresholdLargeN))
    return n <= kSbtMaxN ? "exact (Smirnov-Birnbaum-Tingey, 2 P(D+ >= d))" : "asymptotic (Maag-Dicaire, 2 P(D+ >= d))";
  if (exact) return "exact (Marsaglia-Tsang-Wang 2003)";
  return "asymptotic (Kolmogorov, Vrbik 2018 shift)";
}

}  // namespace attnlaw::stats
