#pragma once
// Null law of the one-sample Anderson–Darling statistic A^2 for a fully specified continuous
// null (Marsaglia & Marsaglia 2004, "Evaluating the Anderson-Darling distribution",
// J. Stat. Softw. 9(2)).
//
// Accuracy, measured against Monte Carlo runs of the null law (2e7 replicates per n, s.e. of a
// probability <= 1.1e-4; n in {2, 3, 4, 5, 6, 8, 10, 20, 50}, z in [0.3, 4]): the finite-n law is
// within 5e-4 absolute for n >= 4 (worst 4.2e-4 at n = 4; for n >= 5 the differences are those of
// the Monte Carlo error, 3 s.e. at most). errfix misses by 1.2e-2 at n = 2 and 2.4e-3 at n = 3,
// so those n are refused (std::domain_error); n = 1 is exact. The limit law ADinf is within 3e-6.
// Without errfix the law would be off by up to 7e-3 at n = 6, 4e-3 at n = 10.
#include <cstddef>

namespace attnlaw::stats {

// The limit law A^2_inf =_d sum_j Z_j^2 / (j (j+1)): MM2004's ADinf fit.
double anderson_darling_inf_cdf(double z);
// Its upper tail, formed as -expm1(-exp(.)) for z >= 2 so that small tails keep their digits,
// and for z >= 7 (tail < 3e-4) as sqrt(3) erfc(sqrt z)(1 + c/z), the exact leading asymptotics,
// joined continuously to the fit [derived]. Measured against the Imhof quantiles of
// theory/statistics/THEORY.md §10 the fit is within 3e-6 absolute (0.25% relative at the 0.1% point).
double anderson_darling_inf_sf(double z);

// Finite n: ADinf(z) + errfix(n, ADinf(z)); exact for n = 1, where
// P(A^2 <= z) = sqrt(1 - 4 exp(-1 - z)). Throws std::domain_error for n = 0, 2, 3.
double anderson_darling_cdf(std::size_t n, double z);

// Upper tail. For ADinf upper tails >= 1e-3 this is 1 - AD(n, z) built from the direct tail;
// below, errfix (a polynomial fitted for absolute, not relative, accuracy; it does not vanish
// at ADinf = 1) is replaced by the relative finite-n correction it implies at the tail 1e-3,
// held constant further out [derived]. The finite-n relative correction is about 1/n there.
double anderson_darling_sf(std::size_t n, double z);

}  // namespace attnlaw::stats
