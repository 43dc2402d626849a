// The gap law t = 1 - <q,k>, t/2 ~ Beta(m, m), and its local constants. Expected values:
// theory/scaling_limits/THEORY.md §1 constants table (7 significant digits, closed forms where
// given), the d = 3 uniform law (Archimedes), quadrature of the density, round trips, and the
// mpfr_float_50 instantiation.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include "reference/extreme_value/critical_scale.hpp"
#include "reference/sphere/sphere_score_law.hpp"
#include "reference/sphere/sphere_score_law_mpfr.hpp"
#include "tests/unit/reference/mpfr_compare.hpp"

namespace attnlaw::reference {
namespace {

using test::honest;
using test::relative_difference;

// theory/scaling_limits/THEORY.md §1: kappa_d, A_d, c/gamma, K'_d, c_tan, printed to 7 significant digits.
TEST(SphereScoreLaw, ConstantsTable) {
  struct Row {
    int d;
    double kappa, a, c, k, ct;
  };
  const double pi = 3.14159265358979323846;
  const Row rows[] = {
      {2, 1 / pi, std::sqrt(2.0) / pi, pi * pi / 2, 0.5641896, 0.8862269},
      {3, 0.25, 0.5, 2, 1, 0.5},
      {4, 2 / (3 * pi), 0.6002109, 1.405392, 2.256758, 0.2215567},
      {5, 3.0 / 16, 0.75, 2 / std::sqrt(3.0), 6, 1.0 / 12},
      {6, 0.1697653, 0.9603374, 1.016320, 18.05407, 0.02769459},
      {8, 0.1455131, 1.646293, 0.8672431, 216.6488, 2.307883e-3},
      {10, 0.1293450, 2.926743, 0.7876966, 3466.381, 1.442427e-4},
      {16, 0.1013052, 18.33819, 0.6785041, 4.658816e7, 1.073234e-8},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(::testing::Message() << "d=" << r.d);
    const auto c = sphere_local_constants<double>(r.d);
    EXPECT_NEAR(c.kappa.value / r.kappa, 1, 6e-7);
    EXPECT_NEAR(c.local_constant.value / r.a, 1, 6e-7);
    EXPECT_NEAR(c.c_over_gamma.value / r.c, 1, 6e-7);
    EXPECT_NEAR(c.k_prime.value / r.k, 1, 6e-7);
    EXPECT_NEAR(c.c_tan.value / r.ct, 1, 6e-7);
    EXPECT_NEAR(c.c_tan.value * 2 * c.k_prime.value, 1, 4e-16);
  }
  // Exact rows (closed forms of the table) to double precision.
  EXPECT_NEAR(sphere_local_constants<double>(3).c_over_gamma.value, 2.0, 4e-16);
  EXPECT_NEAR(sphere_local_constants<double>(5).k_prime.value, 6.0, 2e-15);
  EXPECT_NEAR(sphere_local_constants<double>(2).c_over_gamma.value, pi * pi / 2, 2e-15);
}

// Double against mpfr_float_50 for d up to 4096, with honest bounds; the log fields stay finite
// where A_d or K'_d overflow double, and c/gamma -> 1/2 as d grows (theory/scaling_limits/THEORY.md §1).
TEST(SphereScoreLaw, ConstantsDoubleVsMpfrToD4096) {
  for (int d : {2, 3, 7, 64, 300, 1000, 2049, 2051, 4096}) {
    SCOPED_TRACE(::testing::Message() << "d=" << d);
    const auto c = sphere_local_constants<double>(d);
    const auto m = sphere_local_constants<mpfr_float_50>(d);
    const auto check = [](const Estimate<double>& a, const Estimate<mpfr_float_50>& b) {
      if (std::isinf(a.value)) {
        EXPECT_GT(b.value, mpfr_float_50(std::numeric_limits<double>::max()));
        return;
      }
      EXPECT_LE(relative_difference(a.value, b.value), 2e-15);
      EXPECT_TRUE(honest(a, b));
    };
    check(c.kappa, m.kappa);
    check(c.log_kappa, m.log_kappa);
    check(c.local_constant, m.local_constant);
    check(c.log_local_constant, m.log_local_constant);
    check(c.c_over_gamma, m.c_over_gamma);
    check(c.k_prime, m.k_prime);
    check(c.log_k_prime, m.log_k_prime);
    check(c.log_c_tan, m.log_c_tan);
    EXPECT_TRUE(std::isfinite(c.log_local_constant.value));
    EXPECT_TRUE(std::isfinite(c.log_k_prime.value));
    EXPECT_TRUE(std::isfinite(c.c_over_gamma.value));
  }
  EXPECT_NEAR(sphere_local_constants<double>(4096).c_over_gamma.value, 0.5, 2e-3);
}

// d = 3: t/2 ~ U(0,1) exactly (Archimedes): F(t) = t/2, f = 1/2, quantile 2p.
TEST(SphereScoreLaw, ArchimedesUniformCase) {
  for (double t : {1e-300, 1e-12, 0.3, 1.0, 1.7, 2 - 1e-12}) {
    EXPECT_NEAR(gap_cdf<double>(3, t).value, t / 2, 1e-16 * t);
    EXPECT_NEAR(gap_survival<double>(3, t).value, 1 - t / 2, 2e-16);
    EXPECT_NEAR(gap_pdf<double>(3, t).value, 0.5, 1e-16);
  }
  EXPECT_NEAR(gap_quantile<double>(3, 0.25).value, 0.5, 1e-16);
  EXPECT_NEAR(gap_survival_quantile<double>(3, 1e-20).value, 2 - 2e-20, 1e-15);
}

// Tiny gaps keep relative accuracy: P(t <= tau) ~ A_d tau^m (the local constant of section 1).
TEST(SphereScoreLaw, TinyGapsFollowTheLocalConstant) {
  for (int d : {2, 3, 4, 8, 64}) {
    const double m = (d - 1) / 2.0;
    const double tau = d < 16 ? 1e-12 : 1e-6;  // tau^m stays in the normal range
    const double local = sphere_local_constants<double>(d).local_constant.value;
    // F(tau) = A_d tau^m (1 + O(m tau)) from the Beta(m, m) density (1 - t/2)^{m-1} factor.
    EXPECT_NEAR(gap_cdf<double>(d, tau).value / (local * std::pow(tau, m)), 1.0, m * tau) << d;
  }
}

// Round trips CDF(quantile(p)) = p and survival(survival_quantile(q)) = q, including tails.
TEST(SphereScoreLaw, QuantileRoundTrips) {
  for (int d : {2, 3, 4, 5, 16, 64, 4096}) {
    for (double p : {1e-300, 1e-30, 1e-8, 0.01, 0.3, 0.5, 0.9, 0.999999}) {
      SCOPED_TRACE(::testing::Message() << "d=" << d << " p=" << p);
      const auto t = gap_quantile<double>(d, p);
      // For d = 2, F(t) ~ sqrt(t) * 0.64: p = 1e-300 needs t ~ 1e-600, below double's range.
      // Rounding t to double moves F by up to f(t) ulp(t).
      const double slack = gap_pdf<double>(d, t.value).value * t.value * 2.3e-16;
      if (t.value > 1e-290) {
        EXPECT_NEAR(gap_cdf<double>(d, t.value).value, p, 1e-13 * p + slack);
      }
      // Near t = 2 the spacing of doubles (2.2e-16 relative) limits what a survival round trip
      // can resolve; keep q where 2 - t is well above it.
      if (p >= 0.01) {
        const auto s = gap_survival_quantile<double>(d, p);
        EXPECT_NEAR(gap_survival<double>(d, s.value).value, p, 1e-13 * p);
      }
    }
  }
}

// The density integrates to the CDF (Gauss-Kronrod quadrature of gap_pdf on [a, b]).
TEST(SphereScoreLaw, DensityIntegratesToCdf) {
  for (int d : {3, 4, 5, 8, 16, 64}) {
    for (double b : {0.05, 0.5, 1.0, 1.9}) {
      const auto f = [d](double t) { return gap_pdf<double>(d, t).value; };
      const double a = 0.01;
      const double integral = boost::math::quadrature::gauss_kronrod<double, 31>::integrate(f, a, b, 8, 1e-13);
      const double expected = gap_cdf<double>(d, b).value - gap_cdf<double>(d, a).value;
      EXPECT_NEAR(integral, expected, 1e-12 * std::max(expected, 1e-300)) << "d=" << d << " b=" << b;
    }
  }
}

// Double against mpfr_float_50: distribution functions and quantiles, with honest error bounds.
TEST(SphereScoreLaw, DoubleVsMpfrHonestBounds) {
  for (int d : {2, 3, 6, 65, 4096}) {
    for (double t : {1e-200, 1e-9, 0.01, 0.7, 1.0, 1.999}) {
      SCOPED_TRACE(::testing::Message() << "d=" << d << " t=" << t);
      const mpfr_float_50 tm(t);
      const auto pd = gap_pdf<double>(d, t);
      const auto pm = gap_pdf<mpfr_float_50>(d, tm);
      const auto cd = gap_cdf<double>(d, t);
      const auto cm = gap_cdf<mpfr_float_50>(d, tm);
      const auto sd = gap_survival<double>(d, t);
      const auto sm = gap_survival<mpfr_float_50>(d, tm);
      for (const auto& [a, b] : {std::pair{pd, pm}, std::pair{cd, cm}, std::pair{sd, sm}}) {
        if (b.value < mpfr_float_50(std::numeric_limits<double>::min())) continue;
        EXPECT_LE(relative_difference(a.value, b.value), 1e-14);
        EXPECT_TRUE(honest(a, b));
      }
    }
    for (double p : {1e-20, 0.2, 0.5, 0.99}) {
      const auto qd = gap_quantile<double>(d, p);
      const auto qm = gap_quantile<mpfr_float_50>(d, mpfr_float_50(p));
      EXPECT_LE(relative_difference(qd.value, qm.value), 1e-13) << "d=" << d << " p=" << p;
      EXPECT_TRUE(honest(qd, qm)) << "d=" << d << " p=" << p;
    }
  }
}

// General gap law: beta_n* = (L n)^{1/a}, c = gamma L^{-1/a} (SL.local-exponent); the uniform
// sphere case reproduces c/gamma of the constants table and beta_n* = (A_d n)^{2/(d-1)}.
TEST(SphereScoreLaw, CriticalScaleOfAGeneralGapLaw) {
  // SL.local-exponent test (i): P(t <= tau) = (tau/2)^a, L = 2^{-a}: beta* = n^{1/a}/2.
  for (double a : {0.5, 1.0, 2.0}) {
    EXPECT_NEAR(critical_scale(a, std::pow(2.0, -a), 1e6).value, std::pow(1e6, 1 / a) / 2,
                1e-14 * std::pow(1e6, 1 / a));
    EXPECT_NEAR(critical_constant(a, std::pow(2.0, -a), 0.5).value, 1.0, 1e-15);
  }
  for (int d : {2, 3, 5, 10}) {
    const auto c = sphere_local_constants<double>(d);
    const double a = (d - 1) / 2.0;
    EXPECT_NEAR(critical_constant(a, c.local_constant.value, 1.0).value, c.c_over_gamma.value,
                1e-15 * c.c_over_gamma.value);
    EXPECT_NEAR(sphere_critical_scale<double>(d, 1e5).value, critical_scale(a, c.local_constant.value, 1e5).value,
                1e-14 * sphere_critical_scale<double>(d, 1e5).value);
  }
  EXPECT_NEAR(sphere_critical_scale<double>(3, 1e4).value, 5000.0, 1e-11);  // (n/2)^1
}

}  // namespace
}  // namespace attnlaw::reference
