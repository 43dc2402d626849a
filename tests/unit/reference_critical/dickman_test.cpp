// d = 3 critical limit: generalised Dickman law and the one-dimensional Mecke integrals.
#include "reference/poisson_process/dickman.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/ppp_functionals.hpp"

namespace arc = attnlaw::reference;

namespace {

struct D3Row {
  double theta, mean_top, p_half, sum_sq, energy, inv_top;
  double tol_energy;
};

// theory/scaling_limits/THEORY.md §5, "d = 3 critical, exact" table (quadrature at 25-30 digits and
// MC), to the digits printed there: half a unit of the last digit. One exception: E energy at
// theta = 1/4 was first tabulated as 4.1777816 (the value kept below); two independent routes here
// (the one-dimensional Ein form with a closed-form tail beyond lambda = e^40, and the generic Mecke
// quadrature on the Poisson model, checked against each other below to 1e-9) give 4.17778182, the
// value THEORY.md §5 now prints, so that entry is held to 3e-7. The first table's lambda range was
// truncated (THEORY.md §3 warns that E energy at c = 4 is sensitive to it), which made it slightly low.
const D3Row kRows[] = {
    {2.0, 0.373798960, 0.157618, 0.2524021, 1.1817752, 3.0, 5e-8},
    {1.0, 0.561459484, 0.561459, 0.4385405, 1.4929858, 2.0, 5e-8},
    {0.5, 0.729488215, 0.845501, 0.6352559, 2.3113214, 1.5, 5e-8},
    {0.25, 0.847713961, 0.955011, 0.7880715, 4.1777816, 1.25, 3e-7},
};

}  // namespace

TEST(Dickman, D3ExactTable) {
  for (const auto& r : kRows) {
    SCOPED_TRACE(r.theta);
    const auto top = arc::d3_mean_top_weight(r.theta);
    EXPECT_NEAR(top.value, r.mean_top, 5e-10);
    EXPECT_LT(top.error, 1e-12);
    EXPECT_NEAR(arc::d3_top_weight_survival_upper(r.theta, 0.5), r.p_half, 5e-7);
    EXPECT_NEAR(arc::d3_mean_sum_squares(r.theta).value, r.sum_sq, 5e-8);
    EXPECT_NEAR(arc::d3_mean_energy(r.theta).value, r.energy, r.tol_energy);
    EXPECT_DOUBLE_EQ(arc::d3_mean_inverse_top_weight(r.theta), r.inv_top);
  }
}

// Closed form: at theta = 1 the integrand exp(-s - Ein(s)) equals e^{-gamma_E} d/ds e^{-E_1(s)}, so
// E W_1 = e^{-gamma_E} exactly (theory/scaling_limits/THEORY.md §2, SL.critical.top-weight).
TEST(Dickman, MeanTopAtThetaOneIsExpMinusEuler) {
  EXPECT_NEAR(arc::d3_mean_top_weight(1.0).value, std::exp(-0.57721566490153286), 2e-15);
}

// theory/scaling_limits/THEORY.md §5, d = 3 CDF table (delay ODE, N = 16000), printed to 4 decimals: +-1e-4.
TEST(Dickman, CdfTable) {
  const double w[] = {.2, .3, .4, .5, .6, .7, .8, .9};
  const double theta[] = {2, 1, .5, .25};
  const double table[4][8] = {{.0376, .3348, .6571, .8424, .9299, .9710, .9901, .9981},
                              {.0011, .0499, .2186, .4385, .6257, .7594, .8596, .9376},
                              {.0000, .0049, .0485, .1545, .3097, .4465, .5772, .7182},
                              {.0000, .0005, .0096, .0450, .1370, .2273, .3247, .4486}};
  for (int i = 0; i < 4; ++i) {
    const arc::DickmanCdf<double> F(theta[i], 5.0);
    for (int j = 0; j < 8; ++j) {
      const auto c = arc::d3_top_weight_cdf(F, w[j]);
      EXPECT_NEAR(c.value, table[i][j], 1e-4) << "theta " << theta[i] << " w " << w[j];
      EXPECT_LT(c.error, 1e-6);
    }
  }
}

// The delay-ODE solution on [1, 2] against the closed form there (series of the incomplete beta
// with b = 0, derived in dickman.hpp; independent of the solver), within the solver's own error
// estimate (and 1e-6).
TEST(Dickman, OdeMatchesClosedFormOnSecondInterval) {
  for (const double theta : {0.25, 0.5, 1.0, 2.0, 5.0}) {
    const arc::DickmanCdf<double> F(theta, 2.0);
    for (const double x : {1.0, 1.001, 1.1, 1.37, 1.5, 1.9, 2.0}) {
      const auto f = F(x);
      const double exact = arc::dickman_cdf_second_interval(theta, x);
      EXPECT_NEAR(f.value, exact, std::max(f.error, 1e-12)) << theta << " " << x;
      EXPECT_NEAR(f.value, exact, 1e-6);
    }
  }
}

// On [1/2, 1] the survival of W_1 is the closed form; the ODE-based CDF must be its complement.
TEST(Dickman, SurvivalClosedFormIsComplementOfCdf) {
  const arc::DickmanCdf<double> F(0.7, 2.0);
  for (const double w : {0.5, 0.55, 0.7, 0.9, 0.99}) {
    EXPECT_NEAR(arc::d3_top_weight_survival_upper(0.7, w) + arc::d3_top_weight_cdf(F, w).value, 1.0, 1e-14);
  }
}

// Independent route: the generic Mecke quadratures on the Poisson model with p = 1 against the
// one-dimensional Ein forms (different formulas, variables and quadrature).
TEST(Dickman, GenericMeckeAgreesWithOneDimensionalForms) {
  for (const double theta : {2.0, 0.25}) {
    const arc::PoissonLimitModel<double> model(1.0, 1 / theta, 0.25);
    const auto mm = arc::mecke_moments(model);
    EXPECT_NEAR(mm.sum_weights.value, 1.0, 1e-12);
    EXPECT_NEAR(mm.sum_squares.value, arc::d3_mean_sum_squares(theta).value, 1e-10);
    EXPECT_NEAR(mm.energy.value, arc::d3_mean_energy(theta).value, 1e-9);
    EXPECT_NEAR(arc::mean_top_weight(model).value, arc::d3_mean_top_weight(theta).value, 1e-10);
  }
}

// Laplace inversion of the generic top-weight law at d = 3 against the Dickman closed form
// (w >= 1/2) and the delay ODE (w < 1/2), within the returned error estimates.
TEST(Dickman, GenericInversionAgreesWithDickman) {
  const double theta = 1.0;
  const arc::PoissonLimitModel<double> model(1.0, 1 / theta);
  const arc::DickmanCdf<double> F(theta, 5.0);
  for (const double w : {0.3, 0.5, 0.8}) {
    const auto c = arc::ppp_top_weight_cdf(model, w);
    const double exact = arc::d3_top_weight_cdf(F, w).value;
    EXPECT_NEAR(c.value, exact, c.error + 1e-9) << w;
    EXPECT_NEAR(c.value, exact, 2e-6) << w;
  }
}
