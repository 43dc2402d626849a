// The critical-window log-ratio law and the d = 3 gap-count law. Expected values: closed forms
// (p = 1: Exp(1/c); the Binomial law's own sums) and an independent route for p != 1 (the joint
// law of the first two points integrated over the second point, not the first).
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include "reference/poisson_process/log_ratio_limit.hpp"
#include "reference/sphere/uniform_score_gaps.hpp"

namespace ref = attnlaw::reference;

TEST(PppLogRatioLaw, IsExponentialAtPEqualOne) {
  // p = 1 (d = 3): Gamma_2 - Gamma_1 ~ Exp(1), so P(c (Gamma_2 - Gamma_1) <= y) = 1 - e^{-y/c}.
  const ref::PppLogRatioLaw law(1.0, 0.7);
  for (double y : {1e-4, 0.1, 1.0, 5.0, 30.0}) EXPECT_NEAR(law.cdf(y), -std::expm1(-y / 0.7), 1e-10) << y;
}

TEST(PppLogRatioLaw, AgreesWithTheJointLawOfTheFirstTwoPoints) {
  // (Gamma_1, Gamma_2) has density e^{-g2} on 0 < g1 < g2. The reference integrates over g1;
  // here over g2: given g2, c (g2^p - g1^p) > y iff g1 < (g2^p - y/c)^{1/p}, so
  // P(> y) = int_{(y/c)^{1/p}}^inf e^{-g2} (g2^p - y/c)^{1/p} dg2.
  const double p = 0.5, c = 1.3;  // d = 5
  const ref::PppLogRatioLaw law(p, c);
  for (double y : {0.05, 0.5, 2.0, 8.0}) {
    const double from = std::pow(y / c, 1 / p);
    const auto density = [&](double g2) {
      return std::exp(-g2) * std::pow(std::max(0.0, std::pow(g2, p) - y / c), 1 / p);
    };
    const double tail =
        boost::math::quadrature::gauss_kronrod<double, 61>::integrate(density, from, from + 80.0, 20, 1e-13);
    EXPECT_NEAR(law.cdf(y), 1 - tail, 1e-9) << y;
  }
}

TEST(PppLogRatioLaw, NearestPdIsExactAtPEqualOne) {
  // At p = 1 the law is PD's own Exp(rate 1/c): distance 0 at alpha = 1/c.
  const auto best = ref::nearest_pd_exponential(ref::PppLogRatioLaw(1.0, 0.5));
  EXPECT_NEAR(best.alpha, 2.0, 1e-4);
  EXPECT_LT(best.distance, 1e-6);
}

TEST(Sphere3GapCount, IsTheBinomialLawAndTendsToPoisson) {
  // The cells sum to one; the tail agrees with the cells; n = 1e9 is Poisson(t/2) to O(t^2/n).
  const auto pmf = ref::sphere3_gap_count_pmf(1000000000, 2.0, 12);
  double total = 0;
  for (double q : pmf) total += q;
  EXPECT_NEAR(total, 1.0, 1e-14);  // a library binomial misses this by 1e-8 at n = 1e9
  double poisson = std::exp(-1.0), term = poisson;
  for (int m = 1; m < 12; ++m) poisson += (term *= 1.0 / m);
  EXPECT_NEAR(pmf[0], std::exp(-1.0), 1e-8);
  EXPECT_NEAR(1 - pmf[12], poisson, 1e-8);
  double above = 0;
  for (int m = 3; m <= 12; ++m) above += pmf[m];
  EXPECT_NEAR(ref::sphere3_gap_count_tail(1000000000, 2.0, 3), above, 1e-13);
}

TEST(Sphere3GapCount, SmallNIsTheBinomialByHand) {
  // n = 4, t = 2: Binomial(4, 1/4): 81/256, 108/256, 54/256, then P(>= 3) = 13/256.
  const auto pmf = ref::sphere3_gap_count_pmf(4, 2.0, 3);
  const double want[] = {81.0 / 256, 108.0 / 256, 54.0 / 256, 13.0 / 256};
  for (int m = 0; m < 4; ++m) EXPECT_NEAR(pmf[m], want[m], 4e-16) << m;
  EXPECT_NEAR(ref::sphere3_gap_count_tail(4, 2.0, 4), 1.0 / 256, 1e-18);
}

TEST(Sphere3GapCount, MeanPartitionIsOnePlusOneOverMu) {
  EXPECT_DOUBLE_EQ(ref::sphere3_mean_partition(1.0, 100000), 2.0);
  EXPECT_NEAR(ref::sphere3_mean_partition(0.001, 100), 1 + (1 - std::exp(-0.1)) / 0.001, 1e-9);
}
