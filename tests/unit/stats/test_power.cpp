// Power / detectable discrepancy: the theory/statistics/THEORY.md §4 numbers (a = 1e-6, b = 0.01) and §10
// normal quantiles.
#include <array>
#include <cmath>

#include <gtest/gtest.h>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>

#include "verify/rng/philox_stream.hpp"
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
  auto needed = [&](double p1) {
    return std::pow((za * std::sqrt(p0 * (1 - p0)) + zb * std::sqrt(p1 * (1 - p1))) / (p1 - p0), 2);
  };
  const double up = needed(p0 + delta), down = needed(p0 - delta);
  EXPECT_NEAR(std::max(up, down), double(m), 1e-6 * m);
  EXPECT_LE(std::min(up, down), double(m));
  // Undetectable side: p0 = 1e-4 with M = 100 cannot detect any downward shift.
  EXPECT_TRUE(std::isinf(st::detectable_proportion_shift(1e-4, 100, 1e-6, 0.99)));
}

TEST(Power, ChiSquareEffectOneDegreeOfFreedomIsTheTwoSidedZTest) {
  // Independent path: with df = 1, X^2 = Z^2 with Z ~ N(sqrt(lambda), 1) under the alternative, so
  // power = Phibar(c - delta) + Phi(-c - delta), c = z_{1-alpha/2}; solve for delta = sqrt(m) w.
  for (const double alpha : {1e-2, 1e-6, 1e-9}) {
    const std::size_t m = 5000;
    const double c = st::normal_quantile(1 - alpha / 2);
    const auto power_at = [&](double delta) {
      return 0.5 * std::erfc((c - delta) / std::sqrt(2.0)) + 0.5 * std::erfc((c + delta) / std::sqrt(2.0));
    };
    double lo = 0, hi = 50;
    for (int it = 0; it < 200; ++it) ((power_at(0.5 * (lo + hi)) < 0.99) ? lo : hi) = 0.5 * (lo + hi);
    const double w = st::detectable_chi_square_effect(1, m, alpha, 0.99);
    EXPECT_NEAR(w * std::sqrt(static_cast<double>(m)), lo, 1e-7 * lo) << alpha;
  }
}

TEST(Power, ChiSquareEffectHasItsStatedPowerByMonteCarlo) {
  // The multinomial alternative p1 = p0 + (w/sqrt(k)) (+-sqrt(p0)) over k = 4 equal cells has
  // Cohen's effect exactly w. Drawing m observations 2000 times, the level-alpha chi-square test
  // must reject with the stated power 0.99 (binomial band at level 1 - 1e-6 around 0.99: the
  // noncentral law is an approximation of order 1/m, far inside the band) and, at w = 0, with
  // rate alpha.
  constexpr std::size_t k = 4, m = 400, trials = 2000;
  const double alpha = 0.01;
  const double w = st::detectable_chi_square_effect(k - 1, m, alpha, 0.99);
  const double p0 = 1.0 / k;
  const std::array<double, k> sign{+1, -1, +1, -1};
  const auto crit =
      boost::math::quantile(boost::math::complement(boost::math::chi_squared_distribution<double>(k - 1), alpha));
  auto rejections = [&](double effect, std::uint32_t seed) {
    std::array<double, k> cdf{};
    double run = 0;
    for (std::size_t i = 0; i < k; ++i) cdf[i] = run += p0 + effect * std::sqrt(p0) * sign[i] / std::sqrt(double(k));
    std::size_t rejected = 0;
    const auto key = attnlaw::rng::make_key(seed, "test", "chi-square power");
    for (std::size_t t = 0; t < trials; ++t) {
      attnlaw::rng::SampleSource source(key, static_cast<std::uint32_t>(t), 0);
      std::array<double, k> counts{};
      for (std::size_t j = 0; j < m; ++j) {
        const double u = source.next_uniform();
        std::size_t cell = 0;
        while (cell + 1 < k && u > cdf[cell]) ++cell;
        counts[cell] += 1;
      }
      double x2 = 0;
      for (std::size_t i = 0; i < k; ++i) x2 += (counts[i] - m * p0) * (counts[i] - m * p0) / (m * p0);
      rejected += x2 > crit;
    }
    return rejected;
  };
  const boost::math::binomial_distribution<double> at_power(trials, 0.99), at_alpha(trials, alpha);
  const std::size_t hit = rejections(w, 20261130), null_hit = rejections(0, 20261131);
  EXPECT_GE(hit, boost::math::quantile(at_power, 0.5e-6));
  EXPECT_LE(hit, boost::math::quantile(boost::math::complement(at_power, 0.5e-6)));
  EXPECT_LE(null_hit, boost::math::quantile(boost::math::complement(at_alpha, 0.5e-6)));
  // Planted: the test at w/2 has far less power, so a halved effect would fail the band.
  EXPECT_LT(rejections(w / 2, 20261132), boost::math::quantile(at_power, 0.5e-6));
}
