// The double path of the vMF moments against the same templates instantiated in mpfr_float_50.
// Expected values: the mpfr_float_50 evaluation (50 digits; its own error estimate is checked to
// be below 1e-40 relative), so any difference is the double path's error.

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/sphere/vmf_moments.hpp"
#include "reference/sphere/vmf_moments_mpfr.hpp"
#include "tests/unit/reference/mpfr_compare.hpp"

namespace attnlaw::reference {
namespace {

using test::honest;
using test::relative_difference;

constexpr double kEps = std::numeric_limits<double>::epsilon();

const std::vector<double> kBetaGrid{0.0, 1e-8, 1e-3, 0.1, 1.0, 2.0, 10.0, 50.0, 100.0, 700.0, 1000.0, 1e4};

struct Worst {
  double rel = 0;
  int d = 0;
  double beta = 0;
  void update(double r, int dd, double b) {
    if (r > rel) rel = r, d = dd, beta = b;
  }
};

void check(const char* name, const Estimate<double>& a, const Estimate<mpfr_float_50>& b, int d, double beta,
           double tolerance, Worst& worst) {
  const double rel = relative_difference(a.value, b.value);
  worst.update(rel, d, beta);
  EXPECT_LE(rel, tolerance) << name << " d=" << d << " beta=" << beta << " double=" << a.value << " mpfr=" << b.value;
  EXPECT_TRUE(honest(a, b)) << name << " bound not honest: d=" << d << " beta=" << beta
                            << " |diff|=" << std::abs(a.value - test::to_double(b.value)) << " claimed=" << a.error;
  const mpfr_float_50 mp_rel = b.value == 0 ? b.error : mpfr_float_50(b.error / abs(b.value));
  EXPECT_LT(mp_rel, mpfr_float_50(1e-40)) << name << " mpfr estimate too loose: d=" << d << " beta=" << beta;
}

// The requirement: every d in [2, 64] on the beta grid, relative agreement 1e-14 for
// A, log M, P, var_perp, var_par and bias, with honest error bounds.
TEST(VmfDoubleVsMpfr, AgreeToOneEminus14OnTheGrid) {
  Worst w_a, w_logm, w_p, w_perp, w_par, w_bias;
  for (int d = 2; d <= 64; ++d) {
    for (double beta : kBetaGrid) {
      const mpfr_float_50 b(beta);
      const auto cd = subcritical_covariance<double>(d, beta);
      const auto cm = subcritical_covariance<mpfr_float_50>(d, b);
      check("A", cd.A, cm.A, d, beta, 1e-14, w_a);
      check("P", cd.P, cm.P, d, beta, 1e-14, w_p);
      check("var_perp", cd.var_perp, cm.var_perp, d, beta, 1e-14, w_perp);
      check("var_par", cd.var_par, cm.var_par, d, beta, 1e-14, w_par);
      check("bias", cd.bias, cm.bias, d, beta, 1e-14, w_bias);
      check("logM", log_normaliser<double>(d, beta), log_normaliser<mpfr_float_50>(d, b), d, beta, 1e-14, w_logm);
      // The separate entry points return the same numbers as the struct.
      EXPECT_EQ(mean_resultant<double>(d, beta).value, cd.A.value);
      EXPECT_EQ(second_moment_ratio<double>(d, beta).value, cd.P.value);
    }
  }
  const auto report = [](const char* name, const Worst& w) {
    std::cout << "  max rel. diff " << name << ": " << w.rel / kEps << " eps (d=" << w.d << ", beta=" << w.beta
              << ")\n";
  };
  std::cout << "double vs mpfr_float_50, d = 2..64, " << kBetaGrid.size() << " betas:\n";
  report("A", w_a);
  report("log M", w_logm);
  report("P", w_p);
  report("var_perp", w_perp);
  report("var_par", w_par);
  report("bias", w_bias);
}

// The 1/n terms of the output variances: their double error bounds cover the mpfr values on the
// grid. They vanish at beta = 0 by cancellation of O(1) terms, so relative agreement is asked
// only where they are O(1) (beta >= 1): there 1e-12.
TEST(VmfDoubleVsMpfr, NextOrderVarianceTermsAreHonest) {
  Worst w_par, w_perp;
  for (int d = 2; d <= 64; ++d) {
    for (double beta : kBetaGrid) {
      const auto cd = output_variance_next_order<double>(d, beta);
      const auto cm = output_variance_next_order<mpfr_float_50>(d, mpfr_float_50(beta));
      EXPECT_TRUE(honest(cd.par, cm.par)) << "par d=" << d << " beta=" << beta;
      EXPECT_TRUE(honest(cd.perp, cm.perp)) << "perp d=" << d << " beta=" << beta;
      if (beta >= 1) {
        check("next par", cd.par, cm.par, d, beta, 1e-12, w_par);
        check("next perp", cd.perp, cm.perp, d, beta, 1e-12, w_perp);
      }
    }
  }
  std::cout << "  max rel. diff next-order par: " << w_par.rel / kEps << " eps (d=" << w_par.d
            << ", beta=" << w_par.beta << "), perp: " << w_perp.rel / kEps << " eps (d=" << w_perp.d
            << ", beta=" << w_perp.beta << ")\n";
}

// Mean gap and score variance, the two quantities built to avoid cancellation, on the same grid.
TEST(VmfDoubleVsMpfr, GapAndVarianceKeepRelativeAccuracy) {
  Worst w_gap, w_var;
  for (int d = 2; d <= 64; ++d) {
    for (double beta : kBetaGrid) {
      const mpfr_float_50 b(beta);
      check("gap", mean_gap<double>(d, beta), mean_gap<mpfr_float_50>(d, b), d, beta, 1e-14, w_gap);
      check("var", score_variance<double>(d, beta), score_variance<mpfr_float_50>(d, b), d, beta, 1e-14, w_var);
    }
  }
  std::cout << "  max rel. diff 1-A: " << w_gap.rel / kEps << " eps; Var: " << w_var.rel / kEps << " eps\n";
}

// Large dimensions and temperatures: no overflow or NaN in double up to d = 4096, beta = 1e6.
// P >= 1 (Cauchy-Schwarz: M(2b) >= M(b)^2) and P overflows double only where log P says so;
// at the points where mpfr is affordable the double values agree with it to 1e-13.
TEST(VmfDoubleVsMpfr, NoOverflowUpToD4096AndBeta1e6) {
  const double log_max = std::log(std::numeric_limits<double>::max());
  for (int d : {2, 3, 5, 64, 257, 1024, 4096}) {
    for (double beta : {0.0, 1e-8, 1.0, 30.0, 1e2, 1e3, 1e4, 1e5, 1e6}) {
      const auto c = subcritical_covariance<double>(d, beta);
      const auto lm = log_normaliser<double>(d, beta);
      SCOPED_TRACE(::testing::Message() << "d=" << d << " beta=" << beta);
      for (const auto* e : {&c.A, &c.A2, &c.log_P, &c.perp_factor, &c.par_factor, &c.bias_factor, &lm}) {
        EXPECT_TRUE(std::isfinite(e->value));
        EXPECT_TRUE(std::isfinite(e->error));
      }
      EXPECT_GE(c.A.value, 0.0);
      EXPECT_LE(c.A.value, 1.0);
      EXPECT_LE(c.A.value, c.A2.value);
      EXPECT_GE(c.log_P.value, -1e-15);
      EXPECT_GT(c.par_factor.value, 0.0);
      EXPECT_GE(c.perp_factor.value, 0.0);
      const bool representable = c.log_P.value < log_max - 1;
      for (const auto* e : {&c.P, &c.var_perp, &c.var_par}) {
        EXPECT_FALSE(std::isnan(e->value));
        EXPECT_EQ(std::isfinite(e->value), representable);
      }
      if (d <= 1024 && beta <= 1e4) {
        const auto m = subcritical_covariance<mpfr_float_50>(d, mpfr_float_50(beta));
        EXPECT_LE(relative_difference(c.A.value, m.A.value), 1e-13);
        EXPECT_LE(relative_difference(c.par_factor.value, m.par_factor.value), 1e-13);
        EXPECT_LE(relative_difference(c.bias_factor.value, m.bias_factor.value), 1e-13);
        EXPECT_LE(std::abs(c.log_P.value - test::to_double(m.log_P.value)),
                  1e-13 * std::max(1.0, std::abs(c.log_P.value)));
        EXPECT_TRUE(honest(c.A, m.A));
        EXPECT_TRUE(honest(c.log_P, m.log_P));
        EXPECT_TRUE(honest(c.par_factor, m.par_factor));
      }
    }
  }
}

TEST(VmfDoubleVsMpfr, RejectsInvalidArguments) {
  EXPECT_THROW(mean_resultant<double>(1, 1.0), std::domain_error);
  EXPECT_THROW(mean_resultant<double>(3, -1.0), std::domain_error);
  EXPECT_THROW(subcritical_covariance<double>(3, std::nan("")), std::domain_error);
  EXPECT_THROW(log_normaliser<double>(3, HUGE_VAL), std::domain_error);
}

}  // namespace
}  // namespace attnlaw::reference
