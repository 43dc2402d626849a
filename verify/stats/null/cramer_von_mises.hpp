#pragma once
// Null law of the one-sample Cramér–von Mises statistic W^2 for a fully specified continuous
// null.
#include <cstddef>

namespace attnlaw::stats {

// Limit law. CDF: the Anderson–Darling (1952) Bessel series
//   V(x) = 1/(pi sqrt x) sum_k Gamma(k+1/2)/(Gamma(1/2) k!) sqrt(4k+1) e^{-q_k} K_{1/4}(q_k),
//   q_k = (4k+1)^2/(16x).
// Survival for x >= 0.2: Smirnov's (1936) direct series of integrals
//   P(W^2 > x) = 1/pi sum_k (-1)^(k+1) int_{(2k-1)^2 pi^2}^{(2k)^2 pi^2}
//                sqrt(-sqrt(y)/sin(sqrt y)) e^{-xy/2} dy/y,
// by tanh-sinh quadrature, so small tails are not formed as 1 - CDF.
double cramer_von_mises_asymptotic_cdf(double w2);
double cramer_von_mises_asymptotic_sf(double w2);

// Finite n: Csörgő & Faraway (1996), JRSS B 58(1), eqs. 1.8–1.10:
//   F_n(x) = V(x) + psi_1(x)/n,  supported on [1/(12n), n/3]; exact for n = 1, where
//   P(W^2 >= w) = 1 - 2 sqrt(w - 1/12). Beyond the asymptotic 0.1% point (x > 1.168) the additive
//   correction, accurate in absolute terms only, is replaced by the relative correction it gives
//   at x = 1.168, held constant [derived]; p-values there carry a relative error of order 1/n.
double cramer_von_mises_cdf(std::size_t n, double w2);
double cramer_von_mises_sf(std::size_t n, double w2);

}  // namespace attnlaw::stats
