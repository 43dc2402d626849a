// Pearson chi-square: hand-computed statistics, pooling, and p from GSL's chi-square tail
// (an independent library).
#include <vector>

#include <gsl/gsl_cdf.h>
#include <gtest/gtest.h>

#include "verify/stats/chi_square.hpp"

namespace st = attnlaw::stats;

TEST(ChiSquare, FairDieWorkedExample) {
  // 60 rolls, counts {5,8,9,8,10,20}, E = 10: X^2 = (25+4+1+4+0+100)/10 = 13.4, df 5.
  const std::vector<std::uint64_t> counts = {5, 8, 9, 8, 10, 20};
  const std::vector<double> p(6, 1.0 / 6.0);
  const auto r = st::chi_square_gof(counts, p);
  EXPECT_NEAR(r.statistic, 13.4, 1e-12);
  EXPECT_NEAR(r.p_value / gsl_cdf_chisq_Q(13.4, 5), 1.0, 1e-12);
}

TEST(ChiSquare, PoolsBothTailsAndInterior) {
  // N = 100, p = {.01,.02,.07,.2,.3,.2,.1,.03,.03,.04}: E = {1,2,7,20,30,20,10,3,3,4}.
  // Left tail pools {1,2,7} -> 10; right tail pools {4,3} -> 7 (>= 5), then {3} is an interior
  // remainder below 5 and joins the right-tail group: cells E = {10,20,30,20,10,10}, df 5.
  const std::vector<double> p = {.01, .02, .07, .2, .3, .2, .1, .03, .03, .04};
  const std::vector<std::uint64_t> counts = {0, 3, 9, 18, 33, 19, 8, 4, 2, 4};
  // Pooled observed {12, 18, 33, 19, 8, 10}.
  const double x2 = 4.0 / 10 + 4.0 / 20 + 9.0 / 30 + 1.0 / 20 + 4.0 / 10 + 0.0 / 10;
  const auto r = st::chi_square_gof(counts, p);
  EXPECT_NEAR(r.statistic, x2, 1e-12);
  EXPECT_NEAR(r.p_value / gsl_cdf_chisq_Q(x2, 5), 1.0, 1e-12);
  EXPECT_EQ(r.p_method, "asymptotic chi2(5)");
}

TEST(ChiSquare, SmallTailPValueIsDirect) {
  // X^2 = 400 on 1 df: Q = erfc(sqrt(200)) ~ 5e-89, far below 1 - CDF's reach.
  const std::vector<std::uint64_t> counts = {300, 100};
  const std::vector<double> p = {0.5, 0.5};
  const auto r = st::chi_square_gof(counts, p);
  EXPECT_NEAR(r.statistic, 100.0, 1e-12);
  EXPECT_NEAR(r.p_value / gsl_cdf_chisq_Q(100.0, 1), 1.0, 1e-10);
  EXPECT_GT(r.p_value, 0.0);
}

TEST(ChiSquare, RejectsBadInput) {
  const std::vector<std::uint64_t> c = {1, 2};
  EXPECT_THROW(st::chi_square_gof(c, std::vector<double>{0.5, 0.6}), std::invalid_argument);
  EXPECT_THROW(st::chi_square_gof(c, std::vector<double>{1.0}), std::invalid_argument);
  EXPECT_THROW(st::chi_square_gof(std::vector<std::uint64_t>{}, std::vector<double>{}), std::invalid_argument);
}
