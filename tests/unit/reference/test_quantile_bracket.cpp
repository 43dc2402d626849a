// reference/numerics/quantile_bracket.hpp: the bracket is a bound. The law is Exp(1), whose
// quantile -log(1 - p) is exact; its CDF is handed over with a stated error e and a computed value
// pushed by almost e in either direction (the worst a correct bound allows), and the bracket must
// still contain the true quantile, with a width of at most 4 e / f near q.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/numerics/quantile_bracket.hpp"

namespace {

using attnlaw::reference::quantile_bracket;
using attnlaw::reference::ValueWithError;

constexpr double kSupportEnd = 60;  // F*(60) = 1 - 9e-27: 1 in double

TEST(QuantileBracket, ContainsTheTrueQuantileWhateverTheErrorsSign) {
  for (const double e : {1e-12, 1e-4, 1e-2}) {
    // Strictly inside the bound (a value exactly on it leaves the decision to the rounding of
    // F + e - e), and e far above the rounding of expm1 (1e-16).
    for (const double push : {-0.999, 0.0, 0.999}) {
      // A value off by push*e, and non-monotone in its noise when push alternates with x.
      const auto cdf = [&](double x) {
        const double wiggle = std::sin(1e4 * x) > 0 ? push : -push;
        return ValueWithError{-std::expm1(-x) + wiggle * e, e};
      };
      for (const double p : {1e-3, 0.1, 0.5, 0.9, 0.99}) {
        const auto b = quantile_bracket(cdf, p, 0.0, kSupportEnd, 1e-12);
        const double q = -std::log1p(-p);
        EXPECT_LE(b.lower, q) << "e " << e << " p " << p;
        EXPECT_GE(b.upper, q) << "e " << e << " p " << p;
        // Width: a value pushed by e and a bound of e put the ends where F* = p -+ 2e, so at most
        // 4e over the smallest density there, 1 - p - 2e.
        if (p + 2 * e < 1) {
          EXPECT_LE(b.upper - b.lower, 4 * e / (1 - p - 2 * e) + 1e-11) << "e " << e << " p " << p;
        }
      }
    }
  }
}

TEST(QuantileBracket, WithinTheErrorOfOneReachesTheEndOfTheSupport) {
  const auto cdf = [](double x) { return ValueWithError{-std::expm1(-x), 1e-3}; };
  const auto b = quantile_bracket(cdf, 0.9995, 0.0, kSupportEnd, 1e-9);
  EXPECT_EQ(b.upper, kSupportEnd);  // no point is certainly at or above 0.9995
  EXPECT_LE(b.lower, -std::log1p(-0.9995));
}

TEST(QuantileBracket, RefusesProbabilitiesOutsideTheOpenInterval) {
  const auto cdf = [](double x) { return ValueWithError{-std::expm1(-x), 0}; };
  for (const double p : {0.0, 1.0, -0.5, 2.0, std::nan("")}) {
    EXPECT_THROW(quantile_bracket(cdf, p, 0.0, kSupportEnd, 1e-9), attnlaw::reference::OutOfDomain) << p;
  }
}

}  // namespace
