// Type-7 sample quantiles, the values numpy.quantile gives, and the infinite values of tied rows.
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "verify/stats/quantile.hpp"

namespace st = attnlaw::stats;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

// numpy.quantile([1..10], [0, 0.1, 0.5, 0.9, 1]) = 1, 1.9, 5.5, 9.1, 10; any input order.
TEST(Quantile, Type7AsNumpy) {
  const std::vector<double> x = {7, 3, 10, 1, 5, 9, 2, 8, 4, 6};
  EXPECT_EQ(st::quantile(x, 0), 1);
  EXPECT_NEAR(st::quantile(x, 0.1), 1.9, 1e-14);
  EXPECT_EQ(st::median(x), 5.5);
  EXPECT_NEAR(st::quantile(x, 0.9), 9.1, 1e-14);
  EXPECT_EQ(st::quantile(x, 1), 10);
  EXPECT_EQ(st::median(std::vector<double>{4}), 4);
  EXPECT_EQ(st::median(std::vector<double>{3, 1, 2}), 2);
}

TEST(Quantile, OfSortedEqualsOfUnsorted) {
  const std::vector<double> sorted = {-2, 0.5, 0.5, 3, 11};
  const std::vector<double> shuffled = {3, 0.5, 11, -2, 0.5};
  for (const double p : {0.0, 0.13, 0.25, 0.5, 0.61, 0.9, 1.0})
    EXPECT_EQ(st::quantile_of_sorted(sorted, p), st::quantile(shuffled, p)) << p;
}

// +infinity sorts last; an interpolation next to it gives the upper order statistic, never NaN.
TEST(Quantile, InfinityIsNeverMultipliedByZero) {
  EXPECT_EQ(st::median(std::vector<double>{kInf, 1, 2}), 2);  // h = 1 exactly: no interpolation
  EXPECT_EQ(st::quantile(std::vector<double>{1, 2, kInf}, 0.75), kInf);
  EXPECT_EQ(st::median(std::vector<double>{kInf, 1, kInf}), kInf);
  EXPECT_EQ(st::median(std::vector<double>{kInf, kInf}), kInf);
  EXPECT_EQ(st::quantile(std::vector<double>{1, 2, kInf}, 0.25), 1.5);
}

TEST(Quantile, RefusesBadInput) {
  EXPECT_THROW(st::median(std::vector<double>{}), std::invalid_argument);
  EXPECT_THROW(st::quantile(std::vector<double>{1, 2}, 1.5), std::invalid_argument);
  EXPECT_THROW(st::quantile(std::vector<double>{1, 2}, -0.1), std::invalid_argument);
  EXPECT_THROW(st::median(std::vector<double>{1, std::numeric_limits<double>::quiet_NaN()}), std::invalid_argument);
}
