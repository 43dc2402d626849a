// One-sample tests on PITs: statistic definitions (hand-computed), input validation, type-I
// uniformity under H0 and the power row M = 16000 of theory/statistics/THEORY.md §2.1.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
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
  // gross miscalibration, theory/statistics/THEORY.md §7).
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

namespace {

// Power against a 5% scale error at M = 16000, alpha = 1e-3 (theory/statistics/THEORY.md §2.1): M draws of
// 1.05 Z, Z ~ N(0,1), tested against N(0,1). Each replicate counts one rejection per test.
struct ScaleErrorRejections {
  int ks = 0, cvm = 0, ad = 0, var = 0;
};

ScaleErrorRejections reject_scale_error(const char* stream, int reps) {
  const auto key = rng::make_key(20261130u, "stats", stream);
  constexpr std::size_t m = 16000;
  ScaleErrorRejections out;
  std::vector<double> u(m), x(m);
  const boost::math::normal_distribution<double> normal;
  for (int rep = 0; rep < reps; ++rep) {
    for (std::size_t i = 0; i < m; ++i) {
      x[i] = 1.05 *
             boost::math::quantile(normal, rng::SampleSource(key, static_cast<std::uint32_t>(rep), i).next_uniform());
      u[i] = 0.5 * std::erfc(-x[i] / std::numbers::sqrt2);  // PIT under H0: N(0,1)
    }
    out.ks += st::ks_test(u).p_value < 1e-3;
    out.cvm += st::cramer_von_mises_test(u).p_value < 1e-3;
    out.ad += st::anderson_darling_test(u).p_value < 1e-3;
    out.var += st::variance_test_known_mean(x, 0.0, 1.0).result.p_value < 1e-3;
  }
  return out;
}

// The reference powers of KS, CvM and AD, which have no closed form: an independent Monte Carlo
// (its own stream "power-scale-reference", 4000 replicates, 80 s on one core), run with
// --gtest_also_run_disabled_tests --gtest_filter='*PowerReference*'. On 2026-12-02 it printed
// KS 2055/4000 = 0.51375, CvM 2644/4000 = 0.661, AD 3963/4000 = 0.99075 (and var 4000/4000;
// binomial s.e. <= 0.0079); these are the constants below. The 400 replicates of theory/statistics/THEORY.md
// §2.1 gave KS 0.51, CvM 0.67, AD 0.99.
}  // namespace

TEST(GoodnessOfFit, DISABLED_PowerReferenceAgainstFivePercentScaleError) {
  constexpr int reps = 4000;
  const ScaleErrorRejections r = reject_scale_error("power-scale-reference", reps);
  std::printf("reference power at M=16000, %d replicates: KS %d CvM %d AD %d var %d\n", reps, r.ks, r.cvm, r.ad, r.var);
}

namespace {

// Accepts `hits` of `reps` when it lies in the exact binomial band of level 1 - 1e-6 of some power
// within 4.89 standard errors (two-sided 1e-6) of the reference estimate ref_hits/ref_reps.
void expect_power(int hits, int reps, int ref_hits, int ref_reps, const char* what) {
  const double p = static_cast<double>(ref_hits) / ref_reps;
  const double slack = 4.8916 * std::sqrt(p * (1 - p) / ref_reps);
  const boost::math::binomial_distribution<double> low(reps, std::max(0.0, p - slack)),
      high(reps, std::min(1.0, p + slack));
  const double lo = boost::math::quantile(low, 0.5e-6);
  const double hi = boost::math::quantile(boost::math::complement(high, 0.5e-6));
  EXPECT_GE(hits, lo) << what << ": " << hits << "/" << reps << " against reference " << p;
  EXPECT_LE(hits, hi) << what << ": " << hits << "/" << reps << " against reference " << p;
  std::printf("power of %s: %d/%d, band [%g, %g] around the reference %.4f\n", what, hits, reps, lo, hi, p);
}

}  // namespace

TEST(GoodnessOfFit, PowerAgainstFivePercentScaleErrorAtM16000) {
  // 400 replicates (8 s) on a stream of their own; each count against its reference with the
  // exact binomial band of level 1 - 1e-6 (expect_power prints it): about +-0.16 around the KS and
  // CvM powers, [0.95, 1] for AD. The chi-square
  // variance test's power is exact: the statistic is 1.05^2 chi2_M, so
  // power = P(chi2_M < q_{alpha/2}/1.05^2) + P(chi2_M > q_{1-alpha/2}/1.05^2).
  constexpr int reps = 400;
  const ScaleErrorRejections r = reject_scale_error("power-scale", reps);
  expect_power(r.ks, reps, 2055, 4000, "KS");
  expect_power(r.cvm, reps, 2644, 4000, "CvM");
  expect_power(r.ad, reps, 3963, 4000, "AD");
  const boost::math::chi_squared_distribution<double> chi2(16000);
  const double scale = 1.05 * 1.05;
  const double exact_var = boost::math::cdf(chi2, boost::math::quantile(chi2, 0.5e-3) / scale) +
                           boost::math::cdf(boost::math::complement(
                               chi2, boost::math::quantile(boost::math::complement(chi2, 0.5e-3)) / scale));
  const boost::math::binomial_distribution<double> var_law(reps, exact_var);
  EXPECT_GE(r.var, boost::math::quantile(var_law, 0.5e-6)) << "exact power " << exact_var;
  EXPECT_LE(r.var, boost::math::quantile(boost::math::complement(var_law, 0.5e-6))) << "exact power " << exact_var;
  std::printf("power of the variance test: %d/%d, exact %.10f\n", r.var, reps, exact_var);
}
