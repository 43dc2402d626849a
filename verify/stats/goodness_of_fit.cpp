#include "verify/stats/goodness_of_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "verify/stats/detail/validate.hpp"
#include "verify/stats/null/anderson_darling.hpp"
#include "verify/stats/null/cramer_von_mises.hpp"
#include "verify/stats/null/kolmogorov_smirnov.hpp"

namespace attnlaw::stats {
namespace {

std::vector<double> sorted_checked(std::span<const double> pit, const char* where) {
  detail::require_nonempty(pit.size(), where);
  detail::require_unit_interval(pit, where);
  std::vector<double> u(pit.begin(), pit.end());
  std::sort(u.begin(), u.end());
  return u;
}

}  // namespace

double anderson_darling_statistic_sorted(std::span<const double> u) {
  const std::size_t n = u.size();
  if (u.front() <= 0.0 || u.back() >= 1.0) return std::numeric_limits<double>::infinity();
  // Kahan summation: n reaches 1e6 and the terms are of both signs' magnitudes ~ ln n.
  double sum = 0, comp = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double w = 2.0 * static_cast<double>(i) + 1.0;
    const double term = w * (std::log(u[i]) + std::log1p(-u[n - 1 - i])) - comp;
    const double t = sum + term;
    comp = (t - sum) - term;
    sum = t;
  }
  const double nn = static_cast<double>(n);
  return -nn - sum / nn;
}

double ks_statistic_sorted(std::span<const double> u) {
  const double nn = static_cast<double>(u.size());
  double d = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const double ii = static_cast<double>(i);
    d = std::max({d, (ii + 1.0) / nn - u[i], u[i] - ii / nn});
  }
  return d;
}

double cramer_von_mises_statistic_sorted(std::span<const double> u) {
  const double nn = static_cast<double>(u.size());
  double sum = 1.0 / (12.0 * nn);
  for (std::size_t i = 0; i < u.size(); ++i) {
    const double r = u[i] - (2.0 * static_cast<double>(i) + 1.0) / (2.0 * nn);
    sum += r * r;
  }
  return sum;
}

TestResult anderson_darling_test(std::span<const double> pit) {
  const auto u = sorted_checked(pit, "anderson_darling_test");
  const double a2 = anderson_darling_statistic_sorted(u);
  const double p = std::isinf(a2) ? 0.0 : anderson_darling_sf(u.size(), a2);
  return {"anderson-darling", a2, p, u.size() == 1 ? "exact (n = 1)" : "Marsaglia-Marsaglia 2004 (ADinf + errfix(n))"};
}

TestResult ks_test(std::span<const double> pit, const KsNullLaw& null) {
  const auto u = sorted_checked(pit, "ks_test");
  const double d = ks_statistic_sorted(u);
  return {"kolmogorov-smirnov", d, null.sf(u.size(), d), null.method(u.size(), d)};
}

TestResult ks_test_too_many_small(std::span<const double> pit) {
  const auto u = sorted_checked(pit, "ks_test_too_many_small");
  const double nn = static_cast<double>(u.size());
  double d = 0;
  for (std::size_t i = 0; i < u.size(); ++i) d = std::max(d, static_cast<double>(i + 1) / nn - u[i]);
  return {"kolmogorov-smirnov-one-sided", d, ks_one_sided_sf(u.size(), d), "exact (Smirnov-Birnbaum-Tingey)"};
}

TestResult cramer_von_mises_test(std::span<const double> pit) {
  const auto u = sorted_checked(pit, "cramer_von_mises_test");
  const double w2 = cramer_von_mises_statistic_sorted(u);
  return {"cramer-von-mises", w2, cramer_von_mises_sf(u.size(), w2),
          u.size() == 1 ? "exact (n = 1)" : "Csorgo-Faraway 1996 (asymptotic + psi1/n)"};
}

}  // namespace attnlaw::stats
