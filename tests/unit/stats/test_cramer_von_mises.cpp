// Cramér–von Mises null laws. Expected values: theory/statistics/THEORY.md §10 (scipy 1.10, Csörgő–Faraway).
#include <algorithm>
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "verify/stats/null/cramer_von_mises.hpp"

namespace st = attnlaw::stats;

TEST(CramerVonMises, FiniteAndAsymptoticValues) {
  EXPECT_NEAR(st::cramer_von_mises_sf(10, 0.461), 0.0480166, 5e-8);
  EXPECT_NEAR(st::cramer_von_mises_sf(100, 0.461), 0.0498981, 5e-8);
  EXPECT_NEAR(st::cramer_von_mises_asymptotic_sf(0.461), 0.0501071, 5e-8);
  EXPECT_NEAR(st::cramer_von_mises_sf(10, 0.743), 0.0084575, 5e-8);
  EXPECT_NEAR(st::cramer_von_mises_asymptotic_sf(0.743), 0.0100255, 5e-8);
  EXPECT_NEAR(st::cramer_von_mises_sf(100, 1.168), 0.000954, 5e-7);
  EXPECT_NEAR(st::cramer_von_mises_asymptotic_sf(1.168), 0.000999, 5e-7);
}

TEST(CramerVonMises, SmirnovSurvivalAndBesselSeriesAgree) {
  // Two different series for the limit law (Smirnov's integrals vs Anderson–Darling's Bessel
  // series); their CDF and survival must add to one where both are evaluated.
  for (double x : {0.05, 0.1, 0.2, 0.3, 0.6, 1.0}) {
    EXPECT_NEAR(st::cramer_von_mises_asymptotic_cdf(x) + st::cramer_von_mises_asymptotic_sf(x), 1.0, 1e-13) << x;
  }
  // The far tail decays like exp(-pi^2 x / 2) (first eigenvalue 1/pi^2 of the W^2 expansion).
  const double r = st::cramer_von_mises_asymptotic_sf(6.0) / st::cramer_von_mises_asymptotic_sf(5.0);
  EXPECT_NEAR(std::log(r), -std::numbers::pi * std::numbers::pi / 2.0, 0.2);
}

TEST(CramerVonMises, ExactLawForOneObservationAndSupport) {
  // n = 1: W^2 = 1/12 + (u - 1/2)^2, P(W^2 >= w) = 1 - 2 sqrt(w - 1/12) (closed form).
  for (double w : {0.1, 0.2, 0.3})
    EXPECT_NEAR(st::cramer_von_mises_sf(1, w), 1.0 - 2.0 * std::sqrt(w - 1.0 / 12.0), 1e-14);
  EXPECT_EQ(st::cramer_von_mises_sf(10, 1.0 / 120.0), 1.0);
  EXPECT_EQ(st::cramer_von_mises_sf(10, 10.0 / 3.0), 0.0);
}

TEST(CramerVonMises, FarTailStaysPositiveAndMonotone) {
  for (std::size_t n : {5u, 10u, 100u, 10000u}) {
    double prev = 1.0;
    for (double x = 0.02; x < std::min(3.0, n / 3.0); x *= 1.1) {
      const double sf = st::cramer_von_mises_sf(n, x);
      EXPECT_GT(sf, 0.0) << "n=" << n << " x=" << x;
      EXPECT_LE(sf, prev * (1 + 1e-9)) << "n=" << n << " x=" << x;
      prev = sf;
    }
  }
}
