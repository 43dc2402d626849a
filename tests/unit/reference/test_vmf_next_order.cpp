// The 1/n terms of the output variances (reference::output_variance_next_order) against an
// independent path: the raw moments E[e^{k beta t} t^j] of the score law t = <q,k> = cos(theta),
// theta with density proportional to sin^{d-2}(theta) on [0, pi] (smooth for every d, unlike the
// density of t at the endpoints), by adaptive Gauss-Kronrod in long double, put
// through the second-order delta method for the ratio sum w k / sum w written from its
// definition (not from the tilt moments the library uses).
#include <gtest/gtest.h>

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>

#include "reference/sphere/vmf_moments.hpp"

namespace attnlaw::reference {
namespace {

using Real = long double;

// E[e^{k beta t} f(t)] under the score law of S^{d-1}.
template <class F>
Real score_expectation(int d, Real beta, int k, F f) {
  const Real pi = 3.141592653589793238462643383279502884L;
  const auto density = [&](Real theta) { return std::pow(std::sin(theta), Real(d - 2)); };
  const auto integrate = [&](auto g) {
    return boost::math::quadrature::gauss_kronrod<Real, 61>::integrate(g, Real(0), pi, 15, Real(1e-17));
  };
  const Real norm = integrate(density);
  return integrate([&](Real theta) {
           const Real t = std::cos(theta);
           return std::exp(k * beta * t) * f(t) * density(theta);
         }) /
         norm;
}

struct NextOrder {
  Real par, perp;
};

// For i.i.d. pairs (u, e) with E u = E e = 0, the ratio R - A = (ubar/mu)(1 - ebar + ebar^2 - ...)
// gives n E(R - A)^2 = (1/mu^2)[s_uu + (-2 E u^2 e + 3 s_uu s_ee + 6 s_ue^2)/n] and
// n (E R - A)^2 = s_ue^2/(mu^2 n); their difference is n Var R.
NextOrder from_definition(int d, Real beta) {
  const auto m = [&](int k, auto f) { return score_expectation(d, beta, k, f); };
  const Real mu = m(1, [](Real) { return Real(1); });
  const Real a = m(1, [](Real t) { return t; }) / mu;
  const auto centred_sq = [a](Real t) { return (t - a) * (t - a); };
  const Real s_ee = m(2, [](Real) { return Real(1); }) / (mu * mu) - 1;

  const Real s_uu = m(2, centred_sq);
  const Real s_ue = m(2, [a](Real t) { return t - a; }) / mu;
  const Real uue = (m(3, centred_sq) - mu * s_uu) / mu;
  const Real par = (-2 * uue + 3 * s_uu * s_ee + 5 * s_ue * s_ue) / (mu * mu);

  // A tangential coordinate k_i (i >= 2): E[k_i^2 | t] = (1 - t^2)/(d - 1) and E[k_i | t] = 0.
  const auto tangential_sq = [d](Real t) { return (1 - t * t) / (d - 1); };
  const Real p_uu = m(2, tangential_sq);
  const Real p_uue = (m(3, tangential_sq) - mu * p_uu) / mu;
  const Real perp = (-2 * p_uue + 3 * p_uu * s_ee) / (mu * mu);
  return {par, perp};
}

TEST(VmfNextOrder, AgreesWithTheRawMomentDefinition) {
  for (int d : {2, 3, 4, 5, 8}) {
    for (double beta : {0.25, 1.0, 4.0, 6.7, 10.0}) {
      SCOPED_TRACE(::testing::Message() << "d=" << d << " beta=" << beta);
      const auto lib = output_variance_next_order<double>(d, beta);
      const NextOrder raw = from_definition(d, beta);
      // The quadrature path cancels as much as the library near beta = 0 (both vanish there);
      // 1e-12 relative to the largest term, r3 S3 ~ the value itself away from 0.
      const double scale_par = std::abs(static_cast<double>(raw.par)) + 1e-3 * beta * beta;
      const double scale_perp = std::abs(static_cast<double>(raw.perp)) + 1e-3 * beta * beta;
      EXPECT_NEAR(lib.par.value, static_cast<double>(raw.par), 1e-12 * scale_par + lib.par.error);
      EXPECT_NEAR(lib.perp.value, static_cast<double>(raw.perp), 1e-12 * scale_perp + lib.perp.error);
      EXPECT_LT(lib.par.error, 1e-13 * (std::abs(lib.par.value) + 1));
      EXPECT_LT(lib.perp.error, 1e-13 * (std::abs(lib.perp.value) + 1));
    }
  }
}

// At beta = 0 the softmax is the plain mean, whose n Var is exactly 1/d at every n.
TEST(VmfNextOrder, VanishesAtBetaZero) {
  for (int d : {2, 3, 64, 4096}) {
    const auto z = output_variance_next_order<double>(d, 0.0);
    EXPECT_NEAR(z.par.value, 0.0, 1e-15);
    EXPECT_NEAR(z.perp.value, 0.0, 1e-15);
  }
}

}  // namespace
}  // namespace attnlaw::reference
