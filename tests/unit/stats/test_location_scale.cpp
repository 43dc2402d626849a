// z, t and chi-square variance tests against closed forms evaluated with GSL.
#include <cmath>
#include <numeric>
#include <vector>

#include <gsl/gsl_cdf.h>
#include <gtest/gtest.h>

#include "verify/stats/location_scale.hpp"

namespace st = attnlaw::stats;

namespace {
const std::vector<double> kX = {1.2, 0.4, 2.9, 1.7, 0.8, 1.1, 2.2, 1.5};  // mean 1.475
}

TEST(LocationScale, ZTestKnownSigma) {
  const auto r = st::z_test_mean(kX, 1.0, 0.5, 0.95);
  const double se = 0.5 / std::sqrt(8.0), z = (1.475 - 1.0) / se;
  EXPECT_NEAR(r.estimate, 1.475, 1e-14);
  EXPECT_NEAR(r.result.statistic, z, 1e-12);
  EXPECT_NEAR(r.result.p_value / (2 * gsl_cdf_ugaussian_Q(z)), 1.0, 1e-12);
  EXPECT_NEAR(r.ci.hi - r.ci.lo, 2 * gsl_cdf_ugaussian_Qinv(0.025) * se, 1e-12);
}

TEST(LocationScale, TTestAndEstimatedSigmaZ) {
  double ss = 0;
  for (double v : kX) ss += (v - 1.475) * (v - 1.475);
  const double s = std::sqrt(ss / 7), se = s / std::sqrt(8.0), t = (1.475 - 1.0) / se;
  const auto r = st::t_test_mean(kX, 1.0, 0.99);
  EXPECT_NEAR(r.result.statistic, t, 1e-12);
  EXPECT_NEAR(r.result.p_value / (2 * gsl_cdf_tdist_Q(t, 7)), 1.0, 1e-10);
  EXPECT_NEAR(r.ci.hi, 1.475 + gsl_cdf_tdist_Qinv(0.005, 7) * se, 1e-10);
  const auto z = st::z_test_mean_sample_sigma(kX, 1.0, 0.99);
  EXPECT_NEAR(z.result.p_value / (2 * gsl_cdf_ugaussian_Q(t)), 1.0, 1e-12);
  EXPECT_THROW(st::t_test_mean(std::vector<double>{1.0}, 0.0), std::invalid_argument);
}

TEST(LocationScale, MeanWithErrorIsTheTTestsEstimateAndError) {
  const auto m = st::mean_with_error(kX);
  const auto t = st::t_test_mean(kX, 0.0);
  EXPECT_NEAR(m.mean, 1.475, 1e-14);
  EXPECT_NEAR(m.std_error(), t.std_error, 1e-15);
  EXPECT_NEAR(m.variance, t.std_error * t.std_error, 1e-15);
  EXPECT_THROW(st::mean_with_error(std::vector<double>{1.0}), std::invalid_argument);
}

// The same numbers for two or more values; one value is described with error 0, not refused.
TEST(LocationScale, MeanWithErrorOfRunAcceptsOneValue) {
  const auto run = st::mean_with_error_of_run(kX);
  const auto m = st::mean_with_error(kX);
  EXPECT_EQ(run.mean, m.mean);
  EXPECT_EQ(run.variance, m.variance);
  const auto one = st::mean_with_error_of_run(std::vector<double>{0.25});
  EXPECT_EQ(one.mean, 0.25);
  EXPECT_EQ(one.std_error(), 0);
  EXPECT_THROW(st::mean_with_error_of_run(std::vector<double>{}), std::invalid_argument);
}

TEST(LocationScale, VarianceTests) {
  // Known mean 1: S = sum (x-1)^2, S/sigma0^2 ~ chi2_8.
  double s1 = 0, s0 = 0;
  for (double v : kX) s1 += (v - 1.0) * (v - 1.0), s0 += (v - 1.475) * (v - 1.475);
  const auto r = st::variance_test_known_mean(kX, 1.0, 0.25, 0.95);
  const double stat = s1 / 0.25;
  EXPECT_NEAR(r.result.statistic, stat, 1e-12);
  EXPECT_NEAR(r.ratio, stat / 8, 1e-12);
  EXPECT_NEAR(r.result.p_value / (2 * std::min(gsl_cdf_chisq_P(stat, 8), gsl_cdf_chisq_Q(stat, 8))), 1.0, 1e-10);
  EXPECT_NEAR(r.ratio_ci.lo, stat / gsl_cdf_chisq_Qinv(0.025, 8), 1e-10);
  EXPECT_NEAR(r.ratio_ci.hi, stat / gsl_cdf_chisq_Pinv(0.025, 8), 1e-9);
  const auto u = st::variance_test(kX, 0.25, 0.95);
  EXPECT_NEAR(u.result.statistic, s0 / 0.25, 1e-12);
  const double want = 2 * std::min(gsl_cdf_chisq_P(s0 / 0.25, 7), gsl_cdf_chisq_Q(s0 / 0.25, 7));
  EXPECT_NEAR(u.result.p_value / std::min(1.0, want), 1.0, 1e-10);
}

TEST(LocationScale, RejectsBadInput) {
  EXPECT_THROW(st::z_test_mean(std::vector<double>{}, 0.0, 1.0, 0.99), std::invalid_argument);
  EXPECT_THROW(st::z_test_mean(std::vector<double>{1.0, std::nan("")}, 0.0, 1.0, 0.99), std::invalid_argument);
  EXPECT_THROW(st::variance_test_known_mean(kX, 0.0, -1.0), std::invalid_argument);
}
