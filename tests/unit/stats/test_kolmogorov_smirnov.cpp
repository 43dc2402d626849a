// Kolmogorov–Smirnov null laws. Expected values: theory/statistics/THEORY.md §10 (scipy 1.10 kstwo, a
// Simard–L'Ecuyer implementation, and the Kolmogorov series), quoted to the digits given there.
#include <cmath>

#include <gtest/gtest.h>

#include "verify/stats/null/kolmogorov_smirnov.hpp"

namespace st = attnlaw::stats;

namespace {

// |got - want| within half a unit of the last quoted digit (6 significant digits).
void expect_digits(double got, double want, int digits) {
  const double unit = std::pow(10.0, std::floor(std::log10(std::abs(want))) - (digits - 1));
  EXPECT_NEAR(got, want, 0.5 * unit) << "want " << want;
}

struct Row {
  std::size_t n;
  double d, exact, asymptotic;
};

const Row kTable[] = {
    {10, 0.41, 0.0493208, 0.0693288},
    {100, 0.1358, 0.0453598, 0.0500268},
    {1000, 1.358 / std::sqrt(1000.0), 0.0485807, 0.0500268},
    {100, 0.25, 5.40887e-6, 7.45331e-6},
    {100, 0.3, 1.77199e-8, 3.04600e-8},
    {1000, 0.08, 5.15419e-6, 5.52155e-6},
};

}  // namespace

TEST(KolmogorovSmirnov, TwoSidedSurvivalMatchesStatisticsTable) {
  for (const auto& r : kTable) expect_digits(st::ks_two_sided_sf(r.n, r.d), r.exact, 6);
}

TEST(KolmogorovSmirnov, AsymptoticColumnMatchesStatisticsTable) {
  for (const auto& r : kTable)
    expect_digits(st::kolmogorov_asymptotic_sf(std::sqrt(static_cast<double>(r.n)) * r.d), r.asymptotic, 6);
}

TEST(KolmogorovSmirnov, OneSidedBirnbaumTingey) {
  // §10: P(D_100^+ >= 0.25) = 2.70444e-6.
  expect_digits(st::ks_one_sided_sf(100, 0.25), 2.70444e-6, 6);
  // n = 1: P(D^+ >= d) = P(U <= 1 - d) = 1 - d (closed form).
  EXPECT_NEAR(st::ks_one_sided_sf(1, 0.3), 0.7, 1e-15);
}

TEST(KolmogorovSmirnov, ClosedFormsForOneObservation) {
  // n = 1: D = max(U, 1 - U), P(D >= d) = 2(1 - d) on [1/2, 1].
  for (double d : {0.55, 0.7, 0.9}) EXPECT_NEAR(st::ks_two_sided_sf(1, d), 2.0 * (1.0 - d), 1e-14);
  EXPECT_EQ(st::ks_two_sided_sf(1, 0.4), 1.0);
  EXPECT_EQ(st::ks_two_sided_cdf(10, 0.04), 0.0);  // D_n >= 1/(2n)
  EXPECT_EQ(st::ks_two_sided_sf(10, 1.0), 0.0);
}

TEST(KolmogorovSmirnov, MonotoneAndComplementary) {
  for (std::size_t n : {3u, 10u, 57u, 100u, 1000u}) {
    double prev = 1.0;
    for (double d = 0.5 / n + 1e-3; d < 1.0; d += 0.01) {
      const double sf = st::ks_two_sided_sf(n, d);
      EXPECT_LE(sf, prev * (1 + 1e-12)) << "n=" << n << " d=" << d;
      EXPECT_GE(sf, 0.0);
      prev = sf;
      if (sf > 1e-3 && sf < 0.999) {
        EXPECT_NEAR(sf + st::ks_two_sided_cdf(n, d), 1.0, 1e-12) << "n=" << n << " d=" << d;
      }
    }
  }
}

TEST(KolmogorovSmirnov, LargeNRoutesAgreeWhereTheyOverlap) {
  // n = 3000, d near the 5% point: the exact matrix route versus the Kolmogorov limit at
  // Vrbik's shifted argument (used only for larger matrices); they must agree to ~1e-4.
  const std::size_t n = 3000;
  const double d = 1.358 / std::sqrt(3000.0);
  const double exact = st::ks_two_sided_sf(n, d);
  const double rn = std::sqrt(3000.0), x = rn * d;
  const double shifted = st::kolmogorov_asymptotic_sf(x + 1.0 / (6.0 * rn) + (x - 1.0) / (4.0 * n));
  EXPECT_NEAR(shifted / exact, 1.0, 1e-3);
  EXPECT_EQ(st::ks_two_sided_method(n, d), "exact (Marsaglia-Tsang-Wang 2003)");
  // n = 1e6 in the bulk: too large for the matrix, so the shifted limit is used.
  EXPECT_EQ(st::ks_two_sided_method(1000000, 0.00136), "asymptotic (Kolmogorov, Vrbik 2018 shift)");
  const double p = st::ks_two_sided_sf(1000000, 0.00136);
  EXPECT_NEAR(p, st::kolmogorov_asymptotic_sf(1.36), 2e-3);
}

TEST(KolmogorovSmirnov, RejectsBadArguments) {
  EXPECT_THROW(st::ks_two_sided_sf(0, 0.1), std::invalid_argument);
  EXPECT_THROW(st::ks_two_sided_cdf(10, std::nan("")), std::invalid_argument);
}
