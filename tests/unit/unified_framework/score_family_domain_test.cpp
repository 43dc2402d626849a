// gumbel-scale's domain (issue 14, section 1): b_n and h_n in double or refused, their
// logarithms always, and the stated relative error bound against the 50-digit instantiation.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/extreme_value/score_families.hpp"
#include "reference/extreme_value/score_families_mpfr.hpp"
#include "reference/numerics/domain.hpp"

namespace ref = attnlaw::reference;
using ref::ScoreFamily;

// The audit's cases: weibull p = 1e-6 printed b_n null at n = 1e12 and h_n null at n = 2
// ((log n)^{1e6} and 1e-6 (log 2)^{1 - 1e6} overflow double). family_scale now refuses them,
// naming the shape, and family_log_scale gives the closed forms
// log b_n = (1/p) log log n, log h_n = log p + (1 - 1/p) log log n, here against 50 digits.
TEST(ScoreFamilyDomain, TinyWeibullShapeIsRefusedInLinearFormAndExactInLogs) {
  const ScoreFamily weibull{ScoreFamily::Kind::weibull, 1e-6};
  for (const double n : {2.0, 1e12}) {
    SCOPED_TRACE(n);
    try {
      ref::family_scale<double>(weibull, n);
      ADD_FAILURE() << "not refused";
    } catch (const ref::OutOfDomain& e) {
      EXPECT_EQ(e.argument(), "shape");
    }
    const auto logs = ref::family_log_scale<double>(weibull, n);
    const ref::mpfr_float_50 ll = log(log(ref::mpfr_float_50(n)));
    const ref::mpfr_float_50 p(1e-6);
    const double log_b = static_cast<double>(ll / p);
    const double log_h = static_cast<double>(log(p) + (1 - 1 / p) * ll);
    EXPECT_TRUE(std::isfinite(logs.log_b));
    EXPECT_TRUE(std::isfinite(logs.log_h));
    EXPECT_NEAR(logs.log_b, log_b, 4e-16 * std::abs(log_b));
    EXPECT_NEAR(logs.log_h, log_h, 4e-16 * std::abs(log_h));
  }
}

// The stated relative error of b_n and h_n (family_scale_relative_error) holds against the
// 50-digit instantiation of the same closed forms over shapes 1e-2..1e2 and n = 2..1e18, wherever
// the double values exist; the largest ratio to the bound is printed for the record.
TEST(ScoreFamilyDomain, StatedRelativeErrorHoldsAgainstFiftyDigits) {
  double worst = 0;
  for (const auto kind : {ScoreFamily::Kind::exponential, ScoreFamily::Kind::gaussian, ScoreFamily::Kind::weibull,
                          ScoreFamily::Kind::log2, ScoreFamily::Kind::uniform}) {
    for (const double shape : {0.01, 0.3, 1.0, 1.5, 7.0, 100.0}) {
      const ScoreFamily family{kind, shape};
      for (const double n : {2.0, 3.0, 10.0, 1e3, 1e6, 1e9, 1e12, 1e15, 1e18}) {
        ref::FamilyScale<double> s{};
        try {
          s = ref::family_scale<double>(family, n);
        } catch (const ref::OutOfDomain&) {
          continue;
        }
        const auto exact = ref::family_scale<ref::mpfr_float_50>(family, ref::mpfr_float_50(n));
        const double bound = ref::family_scale_relative_error(family, n);
        const double eb = static_cast<double>(abs((s.b - exact.b) / exact.b));
        const double eh = static_cast<double>(abs((s.h - exact.h) / exact.h));
        if (exact.b != 0) {
          EXPECT_LE(eb, bound) << family.name() << " n=" << n;
          worst = std::max(worst, eb / bound);
        }
        EXPECT_LE(eh, bound) << family.name() << " n=" << n;
        worst = std::max(worst, eh / bound);
      }
    }
  }
  RecordProperty("worst_ratio_to_bound", std::to_string(worst));
  std::printf("largest error / stated bound: %.3g\n", worst);
}
