// SL.local-exponent: only the local law of the gap at q sets the critical scale (THEORY.md §2).
// (i) Keys on S^2 with gap law P(t <= tau) = (tau/2)^a (a = (d-1+b)/2: a key density ~|k - q|^b
//     near q), L = 2^{-a}: at beta_n = gamma n^{1/a} the top weight converges to the point-process
//     law with p = 1/a, c = gamma L^{-1/a} = 2 gamma. The gap law is an exact power law, so the
//     finite-n error is O(1/n) (binomial against Poisson) whatever a.
// (ii) Keys from (1 - w) Uniform + w vMF(-q, kappa0): the density at q is 1 - w (the vMF part
//     there is e^{-2 kappa0} of its mean), so the law is that of uniform keys at n' = (1 - w) n,
//     at the same beta.
#include <cmath>
#include <cstdint>
#include <memory>

#include "reference/extreme_value/critical_scale.hpp"
#include "theory/scaling_limits/claims.hpp"
#include "theory/scaling_limits/local_exponent/experiments.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/sample/sphere_ppp.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

constexpr std::uint64_t kLargestN = 1000000000000;

using local_exponent_claim::LocalModel;
using local_exponent_claim::mixture_keys;
using local_exponent_claim::MixturePoint;
using local_exponent_claim::power_law_keys;
using local_exponent_claim::PowerLawPoint;

// Gap exponent a: energies c Gamma_j^p with p = 1/a and c = gamma L^{-1/a}.
sample::PppLaw predicted_law(int d, double a, double gamma) {
  const double L = std::pow(2.0, -a);
  return sample::ppp_law_local_exponent(d, a, L, gamma);
}

// Planted bug "local-exponent-wrong-a": the uniform sphere's exponent p = 2/(d-1) kept whatever a.
sample::PppLaw predicted_law_with_sphere_exponent(int d, double a, double gamma) {
  sample::PppLaw law = predicted_law(d, a, gamma);
  law.p = reference::sphere_critical_exponent(d);
  return law;
}

// rho(q) = 1 - w: uniform keys at n' = (1 - w) n.
std::uint64_t equivalent_uniform_keys(double mixture_weight, std::uint64_t n) {
  return static_cast<std::uint64_t>(std::llround((1 - mixture_weight) * static_cast<double>(n)));
}

// Planted bug "mixture-density-ignored": the density at q ignored, uniform keys at n.
std::uint64_t equivalent_uniform_keys_ignoring_density(double, std::uint64_t n) { return n; }

}  // namespace

std::unique_ptr<harness::Claim> local_exponent() {
  auto claim = std::make_unique<harness::ClaimSpec<LocalModel>>(
      harness::ClaimInfo{
          "SL.local-exponent", "SL", "THEORY.md §2 SL.local-exponent; paper abstract and §3",
          "The critical scale is set by the local exponent of the gap law at q: if mu(t <= tau) ~ L tau^a, the "
          "rescaled gaps {n L t_i^a} converge to a unit-rate Poisson process, beta_n* = (L n)^{1/a}, and the limit "
          "laws depend on mu only through (a, L) at q (a mixture with density rho(q) at q behaves as uniform keys at "
          "n' = rho(q) n).",
          harness::Provenance::derived, "[paper] + [derived]"},
      harness::ModelChoice<LocalModel>{
          LocalModel{predicted_law, equivalent_uniform_keys},
          {{"local-exponent-wrong-a", {predicted_law_with_sphere_exponent, equivalent_uniform_keys}},
           {"mixture-density-ignored", {predicted_law, equivalent_uniform_keys_ignoring_density}}}});
  claim->experiment("power-law",
                    harness::Grid<PowerLawPoint>{.smoke = {{3, 1.5, 0.5, 100000, 20000}, {3, 2, 1.5, 100000, 20000}},
                                                 .standard = {{3, 0.5, 0.5, 100000, 50000},
                                                              {3, 0.5, 1.5, 100000, 50000},
                                                              {3, 1.0, 0.5, 100000, 50000},
                                                              {3, 1.0, 1.5, 100000, 50000},
                                                              {3, 1.5, 0.5, 100000, 50000},
                                                              {3, 1.5, 1.5, 100000, 50000},
                                                              {3, 2.0, 0.5, 100000, 50000},
                                                              {3, 2.0, 1.5, 100000, 50000}},
                                                 // Supersedes the standard points: n = 10^12 (the O(1/n) error
                                                 // gone); a = 3, 4 are the exponents of
                                                 // uniform keys at d = 7, 9, at a gamma with few kept keys.
                                                 .full = {{3, 0.5, 0.5, kLargestN, 50000},
                                                          {3, 0.5, 1.5, kLargestN, 50000},
                                                          {3, 1.0, 0.5, kLargestN, 50000},
                                                          {3, 1.0, 1.5, kLargestN, 50000},
                                                          {3, 1.5, 0.5, kLargestN, 50000},
                                                          {3, 1.5, 1.5, kLargestN, 50000},
                                                          {3, 2.0, 0.5, kLargestN, 50000},
                                                          {3, 2.0, 1.5, kLargestN, 50000},
                                                          {3, 3.0, 3.0, kLargestN, 50000},
                                                          {3, 4.0, 4.0, kLargestN, 50000}}},
                    power_law_keys);
  claim->experiment(
      "mixture",
      harness::Grid<MixturePoint>{.smoke = {{3, 0.3, 50, 0.5, 2000, 4000}},
                                  .standard = {{3, 0.3, 50, 0.5, 5000, 10000}, {3, 0.6, 50, 0.5, 5000, 10000}},
                                  // As standard: the naive sampler pays for every key, and the checks already
                                  // see their targets.
                                  .full = {{3, 0.3, 50, 0.5, 5000, 10000}, {3, 0.6, 50, 0.5, 5000, 10000}}},
      mixture_keys);
  return claim;
}

}  // namespace attnlaw::theory::scaling_limits
