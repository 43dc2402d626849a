// Holm: a hand-worked example. Cauchy combination: identities of Liu & Xie (2020).
#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "verify/stats/multiplicity.hpp"

namespace st = attnlaw::stats;

TEST(Holm, HandWorkedExample) {
  // p = {0.01, 0.04, 0.03, 0.005}, m = 4. Sorted: 0.005, 0.01, 0.03, 0.04;
  // scaled 4*0.005 = 0.02, 3*0.01 = 0.03, 2*0.03 = 0.06, 1*0.04 = 0.04 -> running max
  // 0.02, 0.03, 0.06, 0.06; back in input order: {0.03, 0.06, 0.06, 0.02}.
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const auto adj = st::holm_adjust(p);
  const std::vector<double> want = {0.03, 0.06, 0.06, 0.02};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(adj[i], want[i], 1e-15);
  // Capped at 1.
  EXPECT_EQ(st::holm_adjust(std::vector<double>{0.6, 0.9})[0], 1.0);
  EXPECT_THROW(st::holm_adjust(std::vector<double>{0.5, 1.5}), std::invalid_argument);
}

TEST(CauchyCombination, Identities) {
  // One p-value, or several equal ones, combine to themselves (tan and arctan invert).
  for (double p : {0.5, 0.2, 1e-3, 1e-12, 1e-300}) {
    EXPECT_NEAR(st::cauchy_combination(std::vector<double>{p}, std::vector<double>{1.0}) / p, 1.0, 1e-12);
    EXPECT_NEAR(st::cauchy_combination(std::vector<double>{p, p, p}, std::vector<double>{0.2, 0.3, 0.5}) / p, 1.0,
                1e-12);
  }
  // Symmetric pair p and 1-p: T = 0, p = 1/2.
  EXPECT_NEAR(st::cauchy_combination(std::vector<double>{0.3, 0.7}, std::vector<double>{0.5, 0.5}), 0.5, 1e-15);
  // Small-p limit: p_comb ~ sum w_i p_i... exactly 1/(pi T) with T ~ sum w_i/(pi p_i):
  // two p-values 1e-8 and 1 - 1e-3 with equal weights give T ~ 0.5/(pi 1e-8).
  const double t = 0.5 / std::tan(std::numbers::pi * 1e-8) - 0.5 / std::tan(std::numbers::pi * 1e-3);
  EXPECT_NEAR(st::cauchy_combination(std::vector<double>{1e-8, 1 - 1e-3}, std::vector<double>{1, 1}) /
                  (std::atan(1 / t) / std::numbers::pi),
              1.0, 1e-9);
  EXPECT_EQ(st::cauchy_combination(std::vector<double>{0.0, 0.5}, std::vector<double>{1, 1}), 0.0);
  EXPECT_THROW(st::cauchy_combination(std::vector<double>{0.1}, std::vector<double>{-1.0}), std::invalid_argument);
}
