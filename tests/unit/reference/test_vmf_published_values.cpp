// vMF moments against values with an independent origin: the tables of theory/scaling_limits/THEORY.md
// §5 (quadrature/MC checked, printed to 6-9 digits), the odd-d closed forms of THEORY.md §3,
// the small-beta series and the large-beta expansions.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "reference/sphere/sphere_score_law.hpp"
#include "reference/sphere/vmf_moments.hpp"
#include "reference/sphere/vmf_moments_mpfr.hpp"
#include "reference/sphere/vmf_odd_closed_forms.hpp"

namespace attnlaw::reference {
namespace {

// A printed value v with `digits` significant digits: |x - v| <= half a unit in the last place.
void expect_printed(double x, double v, int digits, const char* what) {
  const double half_ulp = 0.5 * std::pow(10.0, std::floor(std::log10(std::abs(v))) - digits + 1);
  EXPECT_NEAR(x, v, half_ulp * 1.0000001) << what;
}

// theory/scaling_limits/THEORY.md §5, "A_d(50)": d = 4: 0.970153082, d = 5: 0.960408163, d = 8: 0.931784434, and for
// d = 3 the closed form 1 - 1/50 + O(e^{-100}); differences to the three-term expansion as printed.
TEST(VmfPublishedValues, MeanResultantAtFifty) {
  expect_printed(mean_resultant(4, 50.0).value, 0.970153082, 9, "A_4(50)");
  expect_printed(mean_resultant(5, 50.0).value, 0.960408163, 9, "A_5(50)");
  expect_printed(mean_resultant(8, 50.0).value, 0.931784434, 9, "A_8(50)");
  EXPECT_NEAR(mean_resultant(3, 50.0).value, 0.98, 1e-16);
  const auto expansion = [](int d, double b) { return 1 - (d - 1) / (2 * b) + (d - 1) * (d - 3) / (8 * b * b); };
  expect_printed(mean_resultant(4, 50.0).value - expansion(4, 50.0), 3.1e-6, 2, "d=4 diff");
  expect_printed(mean_resultant(5, 50.0).value - expansion(5, 50.0), 8.2e-6, 2, "d=5 diff");
  expect_printed(mean_resultant(8, 50.0).value - expansion(8, 50.0), 3.4e-5, 2, "d=8 diff");
  // A_3(2) = coth 2 - 1/2 = 0.537314721.
  expect_printed(mean_resultant(3, 2.0).value, 0.537314721, 9, "A_3(2)");
}

// theory/scaling_limits/THEORY.md §5, subcritical table (n Var at first order in 1/n).
TEST(VmfPublishedValues, SubcriticalTable) {
  struct Row {
    int d;
    double beta, a, p, perp, par;
    int a_digits, p_digits, perp_digits, par_digits;
  };
  const Row rows[] = {
      {3, 2, 0.537314721, 2.07463, 0.38934, 0.22132, 9, 6, 5, 5},
      {3, 100, 0.99, 100.0, 0.4975, 0.0050, 2, 4, 4, 2},
      {5, 20, 0.902631579, 72.0222, 1.7117, 0.25369, 9, 6, 5, 5},
      {5, 50, 0.960408163, 429.509, 4.2096, 0.2516, 9, 6, 5, 4},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(::testing::Message() << "d=" << r.d << " beta=" << r.beta);
    const auto c = subcritical_covariance(r.d, r.beta);
    expect_printed(c.A.value, r.a, r.a_digits, "A");
    expect_printed(c.P.value, r.p, r.p_digits, "P");
    expect_printed(c.var_perp.value, r.perp, r.perp_digits, "n Var_perp");
    expect_printed(c.var_par.value, r.par, r.par_digits, "n Var_par");
  }
  // Asymptotic n Var_perp column: c_tan beta^{(d-3)/2}: 0.5 (d = 3), beta/12 (d = 5).
  EXPECT_NEAR(subcritical_covariance(3, 1e6).var_perp.value, 0.5, 1e-6);
  EXPECT_NEAR(subcritical_covariance(5, 1e6).var_perp.value / (1e6 / 12), 1.0, 1e-5);
}

// Closed forms (reference/sphere/vmf_odd_closed_forms.hpp, theory/scaling_limits/THEORY.md §3) against the
// general path, in
// double and in mpfr_float_50, across the series/closed-form switch at beta = 1.
TEST(VmfPublishedValues, OddDimensionClosedForms) {
  // Agreement within the two error estimates (the closed forms lose digits to cancellation near
  // b = 1 and, for P_5, through exp of a log difference of size 2b; their estimates say so).
  const auto agree = [](const Estimate<double>& general, const Estimate<double>& closed, const char* what) {
    EXPECT_LE(std::abs(general.value - closed.value), general.error + closed.error)
        << what << ": " << general.value << " vs " << closed.value;
    EXPECT_LE(std::abs(general.value - closed.value), 256 * 2.2e-16 * std::abs(general.value)) << what;
  };
  for (double b : {1e-6, 0.01, 0.3, 0.999, 1.0, 1.5, 7.0, 26.0, 60.0, 300.0, 5e3}) {
    SCOPED_TRACE(::testing::Message() << "beta=" << b);
    agree(mean_resultant(3, b), mean_resultant_d3(b), "A_3");
    agree(log_normaliser(3, b), log_normaliser_d3(b), "log M_3");
    agree(second_moment_ratio(3, b), second_moment_ratio_d3(b), "P_3");
    agree(mean_resultant(5, b), mean_resultant_d5(b), "A_5");
    agree(log_normaliser(5, b), log_normaliser_d5(b), "log M_5");
    if (b < 100) agree(second_moment_ratio(5, b), second_moment_ratio_d5(b), "P_5");

    const mpfr_float_50 m(b);
    const mpfr_float_50 tol("1e-45");
    EXPECT_LT(abs(mean_resultant(3, m).value - mean_resultant_d3(m).value), tol * mean_resultant_d3(m).value);
    EXPECT_LT(abs(second_moment_ratio(3, m).value - second_moment_ratio_d3(m).value),
              tol * second_moment_ratio_d3(m).value);
    EXPECT_LT(abs(log_normaliser(5, m).value - log_normaliser_d5(m).value), tol * log_normaliser_d5(m).value);
    EXPECT_LT(abs(mean_resultant(5, m).value - mean_resultant_d5(m).value),
              mpfr_float_50("1e-40") * mean_resultant_d5(m).value);
  }
}

// Small beta: A_d = b/d - b^3/(d^2(d+2)) + O(b^5) (theory/scaling_limits/THEORY.md §3); P = 1 + b^2/d + O(b^4);
// var_perp, var_par -> 1/d, bias ~ -b/d.
TEST(VmfPublishedValues, SmallBetaSeries) {
  for (int d : {2, 3, 7, 64, 4096}) {
    const double b = 1e-3;
    const double dd = d;
    // The next term is 2b^5/(d^3(d+2)(d+4)) < b^5/d^3.
    EXPECT_NEAR(mean_resultant(d, b).value, b / dd - b * b * b / (dd * dd * (dd + 2)),
                b * b * b * b * b / (dd * dd * dd) + 4e-16 * b / dd);
    const auto c = subcritical_covariance(d, 1e-9);
    EXPECT_NEAR(c.var_perp.value, 1 / dd, 1e-15 / dd);
    EXPECT_NEAR(c.var_par.value, 1 / dd, 1e-15 / dd);
    EXPECT_NEAR(c.bias.value, -1e-9 / dd, 1e-15 * 1e-9 / dd);
    EXPECT_NEAR(c.log_P.value, 1e-18 / dd, 1e-6 * 1e-18 / dd);  // log P = b^2/d + O(b^4)
    const auto z = subcritical_covariance(d, 0.0);
    EXPECT_EQ(z.A.value, 0.0);
    EXPECT_EQ(z.P.value, 1.0);
    EXPECT_DOUBLE_EQ(z.var_perp.value, 1 / dd);
    EXPECT_DOUBLE_EQ(z.var_par.value, 1 / dd);
  }
}

// Large beta: A_d(b) = 1 - (d-1)/(2b) + (d-1)(d-3)/(8b^2) + O(b^-3) and P(b) ~ b^m / K'_d
// (theory/scaling_limits/THEORY.md §2, SL.subcritical.gaussian); n Var_par ~ m(m+1)/(4 b^2) P.
TEST(VmfPublishedValues, LargeBetaExpansions) {
  for (int d : {2, 3, 4, 8, 16, 64}) {
    const double m = (d - 1) / 2.0;
    const auto kp = sphere_local_constants<double>(d).k_prime.value;
    double previous = HUGE_VAL;
    for (double b : {1e3, 1e4, 1e5, 1e6}) {
      SCOPED_TRACE(::testing::Message() << "d=" << d << " beta=" << b);
      const double expansion = 1 - (d - 1) / (2 * b) + (d - 1) * (d - 3) / (8 * b * b);
      const double remainder = std::abs(mean_gap(d, b).value - (1 - expansion));
      // O(b^-3) with the constant of the next term, (d-1)(d-3)(d+3)... bounded by d^3/b^3.
      EXPECT_LE(remainder, 0.2 * d * d * d / (b * b * b) + 1e-16);
      const auto c = subcritical_covariance(d, b);
      const double ratio = c.P.value / (std::pow(b, m) / kp);
      EXPECT_NEAR(ratio, 1.0, 2.0 * d * d / b);
      EXPECT_NEAR(c.var_par.value / c.P.value / (m * (m + 1) / (4 * b * b)), 1.0, 2.0 * d * d / b);
      EXPECT_LT(std::abs(ratio - 1), previous + 1e-15);
      previous = std::abs(ratio - 1);
    }
  }
}

// Score variance: A'(b) from the Riccati form 1 - (d-1)A/b - A^2 evaluated in mpfr_float_50 where
// the cancellation costs at most 12 of the 50 digits (b <= 1e4) - an identity the library never
// uses - and the numerical derivative of the double A.
TEST(VmfPublishedValues, ScoreVarianceIsTheRiccatiDerivative) {
  for (int d : {2, 3, 6, 33}) {
    for (double b : {0.01, 0.7, 3.0, 25.0, 27.0, 80.0, 1e3, 1e4}) {
      const mpfr_float_50 m(b);
      const mpfr_float_50 a = mean_resultant(d, m).value;
      const mpfr_float_50 riccati = 1 - (d - 1) * a / m - a * a;
      const double v = score_variance(d, b).value;
      EXPECT_NEAR(v, static_cast<double>(riccati), 2e-16 * v) << "d=" << d << " beta=" << b;
    }
  }
}

}  // namespace
}  // namespace attnlaw::reference
