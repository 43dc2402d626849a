// Least squares against a case computed by hand: x = 0..3, y = 1, 3, 2, 5.
//   xbar = 1.5, ybar = 2.75, Sxx = 5, Sxy = 5.5: slope 1.1, intercept 2.75 - 1.1 * 1.5 = 1.1;
//   residuals -0.1, 0.8, -1.3, 0.6, SSR = 2.7, s^2 = 2.7 / 2: slope s.e. sqrt(1.35 / 5) = sqrt(0.27).
#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "verify/stats/linear_fit.hpp"

namespace st = attnlaw::stats;

namespace {
const std::vector<double> kX = {0, 1, 2, 3};
const std::vector<double> kY = {1, 3, 2, 5};
}  // namespace

TEST(LinearFit, OrdinaryLeastSquaresByHand) {
  const st::LinearFit fit = st::least_squares(kX, kY);
  EXPECT_NEAR(fit.slope, 1.1, 1e-15);
  EXPECT_NEAR(fit.intercept, 1.1, 1e-15);
  EXPECT_NEAR(fit.slope_std_error, std::sqrt(0.27), 1e-15);
}

TEST(LinearFit, TwoPointsHaveNoResidualStandardError) {
  const st::LinearFit fit = st::least_squares(std::vector<double>{1, 3}, std::vector<double>{2, 6});
  EXPECT_DOUBLE_EQ(fit.slope, 2);
  EXPECT_DOUBLE_EQ(fit.intercept, 0);
  EXPECT_TRUE(std::isnan(fit.slope_std_error));
}

TEST(LinearFit, ExactLineHasZeroStandardError) {
  const st::LinearFit fit = st::least_squares(std::vector<double>{0, 1, 2}, std::vector<double>{-1, 1, 3});
  EXPECT_DOUBLE_EQ(fit.slope, 2);
  EXPECT_DOUBLE_EQ(fit.intercept, -1);
  EXPECT_EQ(fit.slope_std_error, 0);
}

// With unit weights the line is the OLS one; the error is 1/sqrt(Sxx), the weights taken as variances.
TEST(LinearFit, WeightedWithUnitWeights) {
  const st::LinearFit fit = st::weighted_least_squares(kX, kY, std::vector<double>(4, 1.0));
  EXPECT_NEAR(fit.slope, 1.1, 1e-15);
  EXPECT_NEAR(fit.intercept, 1.1, 1e-15);
  EXPECT_NEAR(fit.slope_std_error, 1 / std::sqrt(5.0), 1e-15);
}

TEST(LinearFit, RefusesDegenerateInput) {
  EXPECT_THROW(st::least_squares(std::vector<double>{1}, std::vector<double>{1}), std::invalid_argument);
  EXPECT_THROW(st::least_squares(std::vector<double>{2, 2, 2}, std::vector<double>{1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(st::least_squares(std::vector<double>{1, 2}, std::vector<double>{1, 2, 3}), std::invalid_argument);
}
