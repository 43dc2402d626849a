// Power / detectable discrepancy: the STATISTICS.md §4 numbers (a = 1e-6, b = 0.01) and §10
// normal quantiles.
#include <cmath>

#include <gtest/gtest.h>

#include "verify/stats/power.hpp"

namespace st = attnlaw::stats;

TEST(Power, NormalQuantiles) {
  // §10: z_{1-0.5e-6} = 4.8916385, z_{0.99} = 2.3263479, z_{1-0.5e-3} = 3.2905267.
  EXPECT_NEAR(st::normal_quantile(1 - 0.5e-6), 4.8916385, 5e-8);
  EXPECT_NEAR(st::normal_quantile(0.99), 2.3263479, 5e-8);
  EXPECT_NEAR(st::normal_quantile(1 - 0.5e-3), 3.2905267, 5e-8);
  EXPECT_NEAR(st::normal_quantile(0.01), -2.3263479, 5e-8);
}

TEST(Power, DkwMassart) {
  // §4: M delta^2 = 18.67; delta_min = 0.0432 (M = 1e4), 0.0137 (1e5), 0.00432 (1e6).
  const double d4 = st::detectable_cdf_distance(10000, 1e-6, 0.99);
  EXPECT_NEAR(10000 * d4 * d4, 18.67, 0.005);
  EXPECT_NEAR(d4, 0.0432, 5e-5);
  EXPECT_NEAR(st::detectable_cdf_distance(100000, 1e-6, 0.99), 0.0137, 5e-5);
  EXPECT_NEAR(st::detectable_cdf_distance(1000000, 1e-6, 0.99), 0.00432, 5e-6);
  // Band half-width: sqrt(ln(2/0.05)/(2*1000)) (closed form).
  EXPECT_NEAR(st::dkw_band_halfwidth(1000, 0.95), std::sqrt(std::log(40.0) / 2000.0), 1e-15);
}

TEST(Power, MeanShift) {
  // §4: z-sum 7.218; delta = 7.218 sigma / sqrt(M).
  EXPECT_NEAR(st::detectable_mean_shift(1.0, 1, 1e-6, 0.99), 7.218, 5e-4);
  EXPECT_NEAR(st::detectable_mean_shift(0.3, 11700, 1e-6, 0.99), 0.02, 2e-4);  // CV 0.3, 2%
}

TEST(Power, VarianceRatios) {
  // §4: 1.373 (M = 1e3), 1.173 (4e3), 1.084 (1.6e4), 1.0327 (1e5).
  EXPECT_NEAR(st::detectable_variance_ratio(1000, 1e-6, 0.99), 1.373, 5e-4);
  EXPECT_NEAR(st::detectable_variance_ratio(4000, 1e-6, 0.99), 1.173, 5e-4);
  EXPECT_NEAR(st::detectable_variance_ratio(16000, 1e-6, 0.99), 1.084, 5e-4);
  EXPECT_NEAR(st::detectable_variance_ratio(100000, 1e-6, 0.99), 1.0327, 5e-5);
}

TEST(Power, ProportionShiftSolvesTheSampleSizeEquation) {
  // §4: M = ((z_a sqrt(p0 q0) + z_b sqrt(p1 q1))/(p1 - p0))^2 holds at the returned shift on the
  // worse side, and the other side needs no more samples.
  const double p0 = 0.3;
  const std::size_t m = 20000;
  const double delta = st::detectable_proportion_shift(p0, m, 1e-6, 0.99);
  const double za = st::normal_quantile(1 - 0.5e-6), zb = st::normal_quantile(0.99);
  auto needed = [&](double p1) { return std::pow((za * std::sqrt(p0 * (1 - p0)) + zb * std::sqrt(p1 * (1 - p1))) / (p1 - p0), 2); };
  const double up = needed(p0 + delta), down = needed(p0 - delta);
  EXPECT_NEAR(std::max(up, down), double(m), 1e-6 * m);
  EXPECT_LE(std::min(up, down), double(m));
  // Undetectable side: p0 = 1e-4 with M = 100 cannot detect any downward shift.
  EXPECT_TRUE(std::isinf(st::detectable_proportion_shift(1e-4, 100, 1e-6, 0.99)));
}
