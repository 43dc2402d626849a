// One-sample tests on PITs: statistic definitions (hand-computed), input validation, type-I
// uniformity under H0 and the power row M = 16000 of STATISTICS.md §2.1.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>
#include <boost/math/distributions/normal.hpp>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/location_scale.hpp"

namespace st = attnlaw::stats;
namespace rng = attnlaw::rng;

TEST(GoodnessOfFit, StatisticsOnAHandComputedSample) {
  // u = {0.1, 0.4, 0.7}: D = max(1/3-0.1, 0.4-1/3, 2/3-0.4, 0.7-2/3, 1-0.7) = 0.3;
  // W^2 = 1/36 + (0.1-1/6)^2 + (0.4-1/2)^2 + (0.7-5/6)^2;
  const std::vector<double> u = {0.7, 0.1, 0.4};
  EXPECT_NEAR(st::ks_test(u).statistic, 0.3, 1e-15);
  const double w2 = 1.0 / 36 + std::pow(0.1 - 1.0 / 6, 2) + std::pow(0.4 - 0.5, 2) + std::pow(0.7 - 5.0 / 6, 2);
  EXPECT_NEAR(st::cramer_von_mises_test(u).statistic, w2, 1e-15);
  // The Anderson–Darling law is refused at n = 3 (verify/stats/null/anderson_darling.hpp), so its
  // statistic is checked on four values, {0.1, 0.4, 0.7, 0.9}:
  // A^2 = -4 - (1/4)[1(ln .1 + ln .1) + 3(ln .4 + ln .3) + 5(ln .7 + ln .6) + 7(ln .9 + ln .9)].
  EXPECT_THROW(st::anderson_darling_test(u), std::domain_error);
  const std::vector<double> u4 = {0.7, 0.1, 0.9, 0.4};
  const double a2 = -4.0 - (1.0 * (std::log(0.1) + std::log(0.1)) + 3.0 * (std::log(0.4) + std::log(0.3)) +
                            5.0 * (std::log(0.7) + std::log(0.6)) + 7.0 * (std::log(0.9) + std::log(0.9))) /
                               4.0;
  EXPECT_NEAR(st::anderson_darling_test(u4).statistic, a2, 1e-14);
}

TEST(GoodnessOfFit, SingleObservationIsWellDefined) {
  const std::vector<double> u = {0.25};
  EXPECT_NEAR(st::ks_test(u).p_value, 0.5, 1e-14);                // 2(1 - 0.75)
  EXPECT_NEAR(st::cramer_von_mises_test(u).p_value, 0.5, 1e-14);  // 1 - 2*0.25
  EXPECT_NEAR(st::anderson_darling_test(u).p_value, 0.5, 1e-12);  // P(|U-1/2| >= 1/4)
}

// D+ on the same sample: max(1/3 - 0.1, 2/3 - 0.4, 1 - 0.7) = 0.3, with the exact law of
// tests/unit/stats/test_kolmogorov_smirnov.cpp; for one value u, D+ = 1 - u and p = u exactly.
TEST(GoodnessOfFit, OneSidedTestSeesOnlyTooManySmallValues) {
  const std::vector<double> u = {0.7, 0.1, 0.4};
  EXPECT_NEAR(st::ks_test_too_many_small(u).statistic, 0.3, 1e-15);
  EXPECT_NEAR(st::ks_test_too_many_small(std::vector<double>{0.25}).p_value, 0.25, 1e-15);
  // A pile of values near 1 is no evidence: D+ = 100/100 - 0.99 = 0.01, P(D+_100 >= 0.01) = 0.973.
  const auto near_one = st::ks_test_too_many_small(std::vector<double>(100, 0.99));
  EXPECT_NEAR(near_one.statistic, 0.01, 1e-15);
  EXPECT_GT(near_one.p_value, 0.97);
  EXPECT_LT(st::ks_test_too_many_small(std::vector<double>(100, 0.01)).p_value, 1e-100);
}

TEST(GoodnessOfFit, RejectsBadInput) {
  const std::vector<double> empty;
  EXPECT_THROW(st::anderson_darling_test(empty), std::invalid_argument);
  EXPECT_THROW(st::ks_test(std::vector<double>{0.5, 1.5}), std::invalid_argument);
  EXPECT_THROW(st::cramer_von_mises_test(std::vector<double>{0.5, std::nan("")}), std::invalid_argument);
  // A PIT of exactly 0 or 1 is legal and makes A^2 infinite: p = 0.
  EXPECT_EQ(st::anderson_darling_test(std::vector<double>{0.0, 0.5}).p_value, 0.0);
}

TEST(GoodnessOfFit, PValuesAreUniformUnderTheNull) {
  // 2000 replicates of M = 100 uniforms; the p-values of each test must pass a 10-bin chi-square
  // at 1e-4 (deterministic stream: the outcome is fixed, the threshold only guards against a
  // gross miscalibration, STATISTICS.md §7).
  const auto key = rng::make_key(20261130u, "stats", "type-one");
  std::vector<std::uint64_t> bins_ad(10), bins_ks(10), bins_cvm(10);
  std::vector<double> u(100);
  for (std::uint32_t rep = 0; rep < 2000; ++rep) {
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = rng::SampleSource(key, rep, i).next_uniform();
    auto bin = [](double p) { return std::min<std::size_t>(9, static_cast<std::size_t>(p * 10)); };
    ++bins_ad[bin(st::anderson_darling_test(u).p_value)];
    ++bins_ks[bin(st::ks_test(u).p_value)];
    ++bins_cvm[bin(st::cramer_von_mises_test(u).p_value)];
  }
  const std::vector<double> probs(10, 0.1);
  for (const auto* b : {&bins_ad, &bins_ks, &bins_cvm}) {
    const auto r = st::chi_square_gof(*b, probs);
    EXPECT_GT(r.p_value, 1e-4) << "chi2 = " << r.statistic;
  }
}

TEST(GoodnessOfFit, PowerAgainstFivePercentScaleErrorAtM16000) {
  // §2.1, M = 16000, alpha = 1e-3: KS 0.51, CvM 0.67, AD 0.99, chi2 variance 1.00 (400 reps).
  // Here 60 replicates (runtime): binomial s.e. <= 0.065; accept within 0.25 (~4 s.e.).
  const auto key = rng::make_key(20261130u, "stats", "power-scale");
  const std::size_t m = 16000;
  const int reps = 60;
  int rej_ks = 0, rej_cvm = 0, rej_ad = 0, rej_var = 0;
  std::vector<double> u(m), x(m);
  const boost::math::normal_distribution<double> normal;
  for (int rep = 0; rep < reps; ++rep) {
    for (std::size_t i = 0; i < m; ++i) {
      x[i] = 1.05 *
             boost::math::quantile(normal, rng::SampleSource(key, static_cast<std::uint32_t>(rep), i).next_uniform());
      u[i] = 0.5 * std::erfc(-x[i] / std::numbers::sqrt2);  // PIT under H0: N(0,1)
    }
    rej_ks += st::ks_test(u).p_value < 1e-3;
    rej_cvm += st::cramer_von_mises_test(u).p_value < 1e-3;
    rej_ad += st::anderson_darling_test(u).p_value < 1e-3;
    rej_var += st::variance_test_known_mean(x, 0.0, 1.0).result.p_value < 1e-3;
  }
  EXPECT_NEAR(rej_ks / double(reps), 0.51, 0.25);
  EXPECT_NEAR(rej_cvm / double(reps), 0.67, 0.25);
  EXPECT_GE(rej_ad / double(reps), 0.9);
  EXPECT_GE(rej_var / double(reps), 0.95);
  std::printf("power at M=16000: KS %.2f CvM %.2f AD %.2f var %.2f\n", rej_ks / double(reps), rej_cvm / double(reps),
              rej_ad / double(reps), rej_var / double(reps));
}
