// reference/extreme_value/score_families: b_n, h_n, local and fitted exponents. Expected values:
// theory/unified_framework/THEORY.md §5 Gaussian table ([checked] there); closed forms of its §2
// UF.family.*; and, as the independent path, n f(b_n) by a 50-digit central difference of the
// family's tail function F-bar (no use of the library's closed forms or of erfc_inv).
#include <gtest/gtest.h>

#include <boost/math/special_functions/erf.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/extreme_value/score_families.hpp"
#include "reference/extreme_value/score_families_mpfr.hpp"

namespace attnlaw::reference {
namespace {

using Mp = mpfr_float_50;
constexpr double kEps = std::numeric_limits<double>::epsilon();

ScoreFamily family(ScoreFamily::Kind kind, double shape = 1) { return ScoreFamily{kind, shape}; }

// F-bar(x) = P(s > x) for each family, written from its definition in
// theory/unified_framework/THEORY.md §2.
Mp upper_tail(const ScoreFamily& f, const Mp& x) {
  switch (f.kind) {
    case ScoreFamily::Kind::exponential: return exp(-x);
    case ScoreFamily::Kind::gaussian: return boost::math::erfc(x / sqrt(Mp(2))) / 2;
    case ScoreFamily::Kind::weibull: return exp(-pow(x, Mp(f.shape)));
    case ScoreFamily::Kind::log2: return exp(-pow(1 - x, -Mp(f.shape)));
    case ScoreFamily::Kind::uniform: return (1 - x) / 2;
  }
  return Mp(0);
}

TEST(ScoreFamilies, GaussianMatchesTheUfTable) {
  // theory/unified_framework/THEORY.md §5 "Gaussian h_n [checked]" (4 decimals).
  const double n[] = {1e3, 1e4, 1e6, 1e9, 1e12};
  const double b[] = {3.0902, 3.7190, 4.7534, 5.9978, 7.0345};
  const double h[] = {3.3671, 3.9585, 4.9483, 6.1563, 7.1714};
  const double ratio[] = {.906, .922, .941, .956, .965};
  for (int i = 0; i < 5; ++i) {
    const auto s = family_scale<double>(family(ScoreFamily::Kind::gaussian), n[i]);
    EXPECT_NEAR(s.b, b[i], 5e-5) << n[i];
    EXPECT_NEAR(s.h, h[i], 5e-5) << n[i];
    EXPECT_NEAR(s.h / std::sqrt(2 * std::log(n[i])), ratio[i], 5e-4) << n[i];
  }
}

TEST(ScoreFamilies, BnIsTheTopQuantileAndHnTheHazardAt50Digits) {
  const ScoreFamily families[] = {family(ScoreFamily::Kind::exponential),  family(ScoreFamily::Kind::gaussian),
                                  family(ScoreFamily::Kind::weibull, 1.5), family(ScoreFamily::Kind::weibull, 3),
                                  family(ScoreFamily::Kind::log2, 1),      family(ScoreFamily::Kind::log2, 0.5),
                                  family(ScoreFamily::Kind::uniform)};
  for (const auto& f : families) {
    for (double n : {10.0, 1e3, 1e6, 1e9, 1e12}) {
      const Mp N(n);
      const auto s = family_scale<Mp>(f, N);
      // n F-bar(b_n) = 1 (to n 1e-49: b_n itself carries a 1e-50 relative rounding) and
      // n f(b_n) = h_n, f by a central difference with step 1e-18: truncation ~ (step log n / u)^2
      // with u = 1 - b_n for the log2 family (4e-28 at eta = 1/2, n = 1e12), rounding ~ 1e-32.
      EXPECT_LT(abs(N * upper_tail(f, s.b) - 1), Mp(1e-49) * N) << f.name() << " n=" << n;
      const Mp step(1e-18);
      const Mp density = (upper_tail(f, s.b - step) - upper_tail(f, s.b + step)) / (2 * step);
      EXPECT_LT(abs(N * density / s.h - 1), Mp(1e-26)) << f.name() << " n=" << n;
    }
  }
}

TEST(ScoreFamilies, Log2AtEtaOneIsLogNSquaredExactly) {
  // theory/unified_framework/THEORY.md §2 UF.family.log2: s = 1 - 1/E has h_n = (log n)^2 exactly.
  for (double n : {1e2, 1e4, 1e8, 1e12}) {
    const auto s = family_scale<double>(family(ScoreFamily::Kind::log2, 1), n);
    const double expected = std::log(n) * std::log(n);
    EXPECT_LE(std::abs(s.h - expected), 4 * kEps * expected) << n;
  }
}

TEST(ScoreFamilies, DoubleAgreesWithMpfrToAFewUlps) {
  // Measured worst case: Gaussian b and h within 1 ulp (long double working precision, one final
  // rounding); closed forms within 2 ulps.
  const ScoreFamily families[] = {family(ScoreFamily::Kind::gaussian), family(ScoreFamily::Kind::weibull, 1.5),
                                  family(ScoreFamily::Kind::log2, 1), family(ScoreFamily::Kind::exponential)};
  for (const auto& f : families) {
    for (double n : {2.0, 10.0, 1e3, 1e6, 1e9, 1e12, 1e15, 9.2e18}) {
      const auto d = family_scale<double>(f, n);
      const auto m = family_scale<Mp>(f, Mp(n));
      const Mp b_scale = abs(m.b) > 1 ? abs(m.b) : Mp(1);  // b_2 = 0 for the Gaussian
      EXPECT_LE(static_cast<double>(abs(Mp(d.b) - m.b) / b_scale), 2 * kEps) << f.name() << " n=" << n;
      EXPECT_LE(static_cast<double>(abs(Mp(d.h) - m.h) / m.h), 2 * kEps) << f.name() << " n=" << n;
      const double xi = local_exponent<double>(f, n);
      const Mp xi_mp = local_exponent<Mp>(f, Mp(n));
      EXPECT_LE(static_cast<double>(abs(Mp(xi) - xi_mp)), 4 * kEps * std::max(1.0, std::abs(xi))) << f.name();
    }
  }
}

TEST(ScoreFamilies, LocalExponentIsTheDerivativeOfLogHInLogLogN) {
  // Independent path: central difference of log h_n in u = log log n at 50 digits.
  const ScoreFamily families[] = {family(ScoreFamily::Kind::gaussian), family(ScoreFamily::Kind::weibull, 3),
                                  family(ScoreFamily::Kind::log2, 2), family(ScoreFamily::Kind::exponential)};
  for (const auto& f : families) {
    for (double n : {1e3, 1e6, 1e9, 1e12}) {
      const Mp u = log(log(Mp(n)));
      const Mp step(1e-15);
      const auto log_h = [&](const Mp& v) { return log(family_scale<Mp>(f, exp(exp(v))).h); };
      const Mp numeric = (log_h(u + step) - log_h(u - step)) / (2 * step);
      EXPECT_LT(static_cast<double>(abs(numeric - local_exponent<Mp>(f, Mp(n)))), 1e-25) << f.name() << " n=" << n;
    }
  }
  EXPECT_THROW(local_exponent<double>(family(ScoreFamily::Kind::uniform), 1e3), std::invalid_argument);
}

TEST(ScoreFamilies, FittedExponentOverTheUfLadder) {
  // theory/unified_framework/THEORY.md §2 UF.exponent-fit: Gaussian slope 0.549 over n =
  // 10^3..10^9; Weibull 1 - 1/p and log2 1 + 1/eta exactly (log h is linear in log log n);
  // exponential 0.
  const double ladder[] = {1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
  EXPECT_NEAR(fitted_exponent(family(ScoreFamily::Kind::gaussian), ladder, 7), 0.549, 5e-4);
  EXPECT_NEAR(fitted_exponent(family(ScoreFamily::Kind::weibull, 1.5), ladder, 7), 1.0 / 3, 1e-13);
  EXPECT_NEAR(fitted_exponent(family(ScoreFamily::Kind::log2, 1), ladder, 7), 2.0, 1e-13);
  EXPECT_NEAR(fitted_exponent(family(ScoreFamily::Kind::exponential), ladder, 7), 0.0, 1e-13);
  // The local exponent at the ends brackets the fitted one (0.568 at 10^3, 0.534 at 10^9).
  EXPECT_NEAR(local_exponent<double>(family(ScoreFamily::Kind::gaussian), 1e3), 0.5680, 5e-4);
  EXPECT_NEAR(local_exponent<double>(family(ScoreFamily::Kind::gaussian), 1e9), 0.5336, 5e-4);
  EXPECT_THROW(fitted_exponent(family(ScoreFamily::Kind::gaussian), ladder, 1), std::invalid_argument);
}

TEST(ScoreFamilies, NamesRoundTripAndBadInputThrows) {
  for (const char* text : {"exponential", "gaussian", "uniform", "weibull:1.5", "log2:1", "log2:0.5"}) {
    const ScoreFamily f = parse_score_family(text);
    const ScoreFamily g = parse_score_family(f.name());
    EXPECT_EQ(f.kind, g.kind) << text;
    EXPECT_EQ(f.shape, g.shape) << text;
  }
  EXPECT_EQ(parse_score_family("log2").shape, 1.0);
  EXPECT_EQ(parse_score_family("weibull:3").name(), "weibull(p=3)");
  for (const char* bad : {"", "gauss", "weibull", "weibull:", "weibull:-1", "weibull:x", "log2:0", "log2:inf"}) {
    EXPECT_THROW(parse_score_family(bad), std::invalid_argument) << bad;
  }
  EXPECT_THROW(family_scale<double>(family(ScoreFamily::Kind::gaussian), 1.5), std::invalid_argument);
  EXPECT_THROW(family_scale<double>(family(ScoreFamily::Kind::gaussian), std::nan("")), std::invalid_argument);
  EXPECT_THROW(family_scale<double>(family(ScoreFamily::Kind::weibull, 0), 10.0), std::invalid_argument);
}

// n phi(b_n) at n = 1e6 is 4.9483 (theory/unified_framework/THEORY.md §5), 6% below the asymptotic
// sqrt(2 log n) = 5.2565 that the planted bug gaussian-scale-sqrt-2-log-n uses.
TEST(ScoreFamilies, GaussianScaleIsTheHazardNotItsAsymptote) {
  const auto right = family_scale<double>(family(ScoreFamily::Kind::gaussian), 1e6);
  EXPECT_NEAR(right.h, 4.9483, 5e-5);
  EXPECT_GT(std::sqrt(2 * std::log(1e6)) / right.h - 1, 0.06);
}

}  // namespace
}  // namespace attnlaw::reference
