#pragma once
// Exact finite-n expectations of the critical-window functionals of a row of n i.i.d. scores at
// beta = c h_n, by quadrature, with no sampling and no truncation: the values against which a
// Monte Carlo of the rows is measured, and from which the finite-n bias towards the
// Poisson–Dirichlet limit PD(1/c, 0) is read.
//
// In the coordinates x = h_n (s - b_n) the n scores are i.i.d. with density rho_n(x)/n,
// rho_n(x) = n f(b_n + x/h_n)/h_n, tail T_n(x) = n Fbar(b_n + x/h_n), and beta = c h_n turns
// every weight into w(x) = e^{c x} (up to a common factor that cancels). With Z~ = sum_j w(x_j)
// and L(lambda) = E e^{-lambda w} = 1 - phi(lambda)/n, phi(lambda) = int rho_n (1 - e^{-lambda w}):
//   E sum a^2   = int_0^inf lambda E[sum_j w_j^2 e^{-lambda Z~}] dlambda
//               = int lambda q_2(lambda) L^{n-1} dlambda,      q_2 = int rho_n w^2 e^{-lambda w} dx;
//   E log Z~    = int_0^inf (e^{-lambda} - L^n) / lambda dlambda           (Frullani);
//   E H         = E log Z~ - int r(lambda) L^{n-1} dlambda,       r = int rho_n c x w e^{-lambda w} dx;
//   E a_max     = int dm rho_n(m) int dlambda w(m) e^{-lambda w(m)} (1 - (T_n(m) + C(lambda, m))/n)^{n-1},
//                 C(lambda, m) = int_{x<m} rho_n (1 - e^{-lambda w}) dx (the others lie below m);
//   E Z         = 1 + (n-1)/n int dm rho_n(m) (1 - T_n(m)/n)^{n-2} e^{-c m} int_{x<m} rho_n w dx.
// (Mecke's formula for the binomial process plus 1/z^k = int lambda^{k-1} e^{-lambda z}/(k-1)!.)
// With rho(x) = e^{-x} and (1 - y/n)^{n-1} -> e^{-y} the same integrals give PD(1/c, 0), which is
// how the quadrature checks itself (limit_window_expectations).
//
// The scale (b_n, h_n) used here is computed independently of reference/extreme_value/score_families
// (Newton on the tail equation n Fbar(b) = 1 with erfc, closed forms otherwise), so that a wrong
// family_scale is seen as a discrepancy rather than reproduced.
#include "reference/extreme_value/score_families.hpp"

namespace attnlaw::reference {

template <class Real>
struct WindowExpectations {
  Real top_weight = 0;  // E a_(1)
  Real sum_sq = 0;      // E sum_j a_j^2
  Real entropy = 0;     // E H
  Real partition = 0;   // E Z, Z = sum_j e^{-beta Delta_j} = 1/a_(1)
};

// b_n = F^{-1}(1 - 1/n) and h_n = n f(b_n) from the family's tail and density, computed here.
template <class Real>
FamilyScale<Real> independent_family_scale(const ScoreFamily& family, Real n);

// n f(b) for a given b (the numeric hazard scale the claims compare with the closed forms).
template <class Real>
Real numeric_hazard_scale(const ScoreFamily& family, Real n, Real b);

// The expectations for n i.i.d. scores of `family` at beta = c h_n (h_n independent, above),
// c > 1; exponential, gaussian, weibull (p > 1) and log2 families; n >= 100.
template <class Real>
WindowExpectations<Real> exact_window_expectations(const ScoreFamily& family, Real n, Real c);

// The n -> infinity limit by the same quadrature: PD(1/c, 0).
template <class Real>
WindowExpectations<Real> limit_window_expectations(Real c);

}  // namespace attnlaw::reference
