#pragma once
// Tests against a composite null "the parameter lies within a stated band of the reference"
// (the reference's own error plus a stated finite-n bias) instead of a point null, which a large
// M would always reject. Their p-values are conservative over the band (NullLaw::conservative).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "verify/harness/check.hpp"

namespace attnlaw::harness {

// Binomial test of P(event) = p against the composite null p in [p0 - band, p0 + band] (band: the
// reference's error plus any stated finite-n bias), with `undecided` trials counted as either
// outcome: the p-value is that of the exact binomial test at the point of the null band nearest
// to the observed range of proportions (1 if they meet). Conservative for every p in the band.
Check band_proportion_check(std::uint64_t successes, std::uint64_t undecided, std::uint64_t trials, double p0,
                            double band, std::string what, double target);

// z-test of a mean against the composite null |mu - mu0| <= tolerance (a stated bound on the
// finite-n bias; 0 for an exact reference): p = min(1, 2 Phibar((|mean - mu0| - tolerance)/se)),
// sigma from the sample (M large). The detectable shift is tolerance + (z_{1-a/2} + z_.99) sigma/sqrt(M).
Check tolerance_mean_check(std::span<const double> values, double mu0, double tolerance, std::string what,
                           double target);

}  // namespace attnlaw::harness
