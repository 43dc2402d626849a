// The CLI entry points.
#include "reference/poisson_process/summary.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace arc = attnlaw::reference;

// d = 3, gamma = 1/2 (theta = 1): theory/scaling_limits/THEORY.md §5 exact table and CDF table; tangential mean
// 1.9729 from the MC table (s.e. ~1e-3).
TEST(Summary, D3Limit) {
  const auto s = arc::sphere_critical_limit(3, 0.5);
  EXPECT_NEAR(s.c, 1.0, 1e-14);
  EXPECT_NEAR(s.mean_top, 0.561459484, 5e-10);
  EXPECT_NEAR(s.p_top_ge_half, 0.561459, 5e-7);
  EXPECT_NEAR(s.mean_sum_sq, 0.4385405, 5e-8);
  EXPECT_NEAR(s.mean_energy, 1.4929858, 5e-8);
  EXPECT_NEAR(s.mean_tangential, 1.9729, 5e-3);
  ASSERT_EQ(s.cdf_top.size(), 19u);
  EXPECT_NEAR(s.cdf_top[3].first, 0.20, 1e-12);
  EXPECT_NEAR(s.cdf_top[3].second, 0.0011, 1e-4);
  EXPECT_NEAR(s.cdf_top[9].second, 0.4385, 1e-4);
  EXPECT_NEAR(s.cdf_top[17].second, 0.9376, 1e-4);
}

// d = 4 limit (MC table row gamma = 1) and its CDF: monotone, and P(W_1 <= 1/2) consistent with
// p_top_ge_half.
TEST(Summary, D4LimitWithCdf) {
  const auto s = arc::sphere_critical_limit(4, 1.0);
  EXPECT_NEAR(s.mean_top, 0.4875, 5e-4);
  EXPECT_NEAR(s.p_top_ge_half, 0.4111, 1e-3);
  ASSERT_EQ(s.cdf_top.size(), 19u);
  for (std::size_t i = 1; i < s.cdf_top.size(); ++i) {
    EXPECT_GE(s.cdf_top[i].second, s.cdf_top[i - 1].second - 1e-6);
  }
  EXPECT_NEAR(s.cdf_top[9].second, 1 - s.p_top_ge_half, 1e-6);
}

// Finite n, d = 3, n = 100, gamma = 1/4: theory/scaling_limits/THEORY.md §5 values (quadrature of §3).
TEST(Summary, D3FiniteN) {
  const auto s = arc::sphere_critical_finite_n(3, 0.25, 100, false);
  EXPECT_NEAR(s.mean_top, 0.372137778, 1e-8);
  EXPECT_NEAR(s.mean_sum_sq, 0.250536857, 1e-8);
  EXPECT_TRUE(s.cdf_top.empty());
}

TEST(Summary, Supercritical) {
  const auto k = arc::sphere_supercritical_constants(3);
  EXPECT_NEAR(k.fG0, 1.0, 1e-14);
  EXPECT_NEAR(k.mean_gap_limit, std::log(2.0), 1e-15);
}
