// Accuracy of the numerical kernels behind the transforms, against independent
// higher-precision evaluations (Boost.Math in long double and in 50-digit
// cpp_bin_float), not against this code.
#include <gtest/gtest.h>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cmath>
#include <limits>
#include <sstream>
#include <vector>

#include "verify/rng/detail/saddle_point.hpp"
#include "verify/rng/normal.hpp"

namespace {

using big = boost::multiprecision::cpp_bin_float_50;

// AS 241 claims about 1e-16 relative accuracy. Reference: Boost's normal quantile in
// long double (64-bit significand, erfc_inv to a few long-double ulps). Grid: p from
// 1e-300 to 1/2 on a log scale, the region boundaries, and the mirrored upper tail.
TEST(NormalQuantile, MatchesBoostLongDoubleToFewUlps) {
  const boost::math::normal_distribution<long double> reference;
  std::vector<double> ps = {0.075, 0.0749999999, 0.0750000001, std::exp(-25.0), 0.5 - 1e-9, 0.25, 0x1.0p-53};
  for (double e = -300; e < -0.31; e += 0.37) ps.push_back(std::pow(10.0, e));
  double worst = 0;
  for (double p : ps) {
    for (double pp : {p, 1 - p}) {
      if (pp >= 1) continue;
      // 1 - p rounds for small p: take the reference at the double actually passed.
      const long double expected = boost::math::quantile(reference, static_cast<long double>(pp));
      const double got = attnlaw::rng::normal_quantile(pp);
      const double rel = static_cast<double>(std::fabs((got - expected) / expected));
      worst = std::max(worst, rel);
      EXPECT_LE(rel, 1.5e-15) << "p = " << pp << " got " << got << " expected " << static_cast<double>(expected);
    }
  }
  std::ostringstream worst_text;
  worst_text << std::scientific << worst;
  RecordProperty("worst_relative_error", worst_text.str());
  // Closed values from theory/statistics/THEORY.md §10: z_{1-0.5e-6}, z_{0.99}.
  EXPECT_NEAR(attnlaw::rng::normal_quantile(1 - 0.5e-6), 4.8916385, 5e-8);
  EXPECT_NEAR(attnlaw::rng::normal_quantile(0.99), 2.3263479, 5e-8);
  EXPECT_EQ(attnlaw::rng::normal_quantile(0.5), 0.0);
}

// stirling_error(k) = log k! - (k + 1/2) log k + k - log sqrt(2 pi), reference in 50 digits.
TEST(SaddlePoint, StirlingErrorAgainstFiftyDigits) {
  for (double k : {1.0, 2.0, 3.0, 7.0, 15.0, 16.0, 17.0, 30.0, 100.0, 1e4, 1e8, 3e11, 1e12, 0x1.0p53}) {
    const big kb(k);
    const big expected =
        boost::math::lgamma(kb + 1) - (kb + big(0.5)) * log(kb) + kb - log(sqrt(2 * boost::math::constants::pi<big>()));
    const double e = expected.convert_to<double>();
    const double got = attnlaw::rng::detail::stirling_error(k);
    // Absolute 2e-15 below the series switch (log k! ~ 28 there), relative 1e-15 above.
    EXPECT_LE(std::fabs(got - e), k < 16 ? 2e-15 : 1e-15 * e) << "k = " << k << " got " << got << " expected " << e;
  }
}

// bd0(x, m) = x log(x/m) + m - x: reference in 50 digits, including x ~ m ~ 1e12
// where the naive double formula cancels ~13 digits.
TEST(SaddlePoint, Bd0AgainstFiftyDigits) {
  const std::vector<std::pair<double, double>> cases = {
      {1, 10.5},          {10, 10.5},         {11, 10.5},
      {100, 10.5},        {3e11, 3e11 + 0.3}, {3e11 + 1e6, 3e11},
      {1e12 - 5e6, 1e12}, {1e12 + 1, 1e12},   {999999999074, 999999999000.0},
      {5, 4000}};
  for (const auto& [x, m] : cases) {
    const big xb(x), mb(m);
    const double e = (xb * log(xb / mb) + mb - xb).convert_to<double>();
    const double got = attnlaw::rng::detail::bd0(x, m);
    EXPECT_LE(std::fabs(got - e), 4e-15 * std::max(1.0, e)) << "x = " << x << " m = " << m;
  }
}

}  // namespace
