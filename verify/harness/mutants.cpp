#include "verify/harness/mutants.hpp"

#include <stdexcept>

#include "verify/mutation/planted_bug.hpp"

namespace attnlaw::harness {

const std::vector<Mutant>& all_mutants() {
  static const std::vector<Mutant> mutants{
      {"bessel-orders-swapped", "A_d(beta) computed as I_{d/2-1}/I_{d/2} instead of I_{d/2}/I_{d/2-1}",
       {"SL.global-average", "SL.subcritical.bias"}},
      {"variance-at-beta", "the second vMF moment taken at beta in place of 2 beta (A_d(beta)/beta for A_d(2 beta)/(2 beta))",
       {"SL.global-average", "SL.subcritical.gaussian"}},
      {"tangential-variance-x1.05", "the tangential variance of the output off by 5% (times 1.05)",
       {"SL.global-average", "SL.subcritical.gaussian"}},
      {"keys-not-normalised", "Gaussian keys used without normalising them onto the sphere (naive sampler)",
       {"SL.global-average", "SL.subcritical.gaussian", "SL.critical.top-weight"}},
      {"softmax-without-max-subtraction",
       "weights e^{-beta t_i} normalised without taking out the largest term (underflow at large beta)",
       {"SL.supercritical.collapse", "SL.supercritical.gap-law", "SL.supercritical.output"}},
      {"truncation-radius-too-small", "truncated sampler keeping keys within t_(1) + 1/beta instead of t_(1) + ln(n/eps)/beta",
       {"SL.critical.top-weight", "SL.critical.finite-mass", "SL.critical.output-energy"}},
      {"subcritical-two-term-centring", "the output centred at the expansion 1 - (d-1)/(2 beta) instead of the exact A_d(beta)",
       {"SL.subcritical.bias"}},
      {"spacing-mean-gamma", "the mean 2 gamma of the critical log-weight spacings written as gamma", {"SL.critical.spacings"}},
      {"critical-constant-x1.03", "the critical constant c = gamma A_d^{-2/(d-1)} off by 3% in the reference (evaluated at 1.03 gamma)",
       {"SL.critical.top-weight", "SL.critical.finite-mass", "SL.critical.output-energy"}},
      {"critical-exponent-2-over-d", "the critical exponent 2/d in place of 2/(d-1)",
       {"SL.critical.scale-exponent", "SL.critical.top-weight", "SL.critical.spacings"}},
      {"local-exponent-wrong-a", "the limit law of keys with gap exponent a taken with the sphere's p = 2/(d-1) in place of 1/a",
       {"SL.local-exponent"}},
      {"mixture-density-ignored", "the density at q of a mixture key law ignored: uniform keys at n instead of n' = rho(q) n",
       {"SL.local-exponent"}},
      {"subcritical-theta-without-finite-beta", "the limit variance of sqrt(2 theta)(1 - theta w_(1)) taken as 1 instead of 1 - 1/beta",
       {"SL.subcritical.top-weight"}},
      {"supercritical-gap-rate", "the supercritical scale beta = lambda n^{2/(d-1)} without A_d^{2/(d-1)} (d = 3: lambda used as 2 lambda)",
       {"SL.supercritical.collapse", "SL.supercritical.gap-law"}},
      {"supercritical-gap-exp-for-all-d", "the supercritical gap law G = Gamma_2^p - Gamma_1^p taken as Exp(1) (the d = 3 law) for every d",
       {"SL.supercritical.gap-law"}},
      {"supercritical-nearest-key-radius", "the ball constant kappa_d of the nearest-key radius replaced by the gap constant A_d",
       {"SL.supercritical.output"}},
      {"heat-drift-sign", "the key density of the heat-equation reference taken as e^{-kappa0 <mu0,k>}: drift of the opposite sign",
       {"SL.heat-equation"}},
      {"pd-alpha-plus-0.05", "every Poisson–Dirichlet reference evaluated at alpha + 0.05",
       {"UF.pd-limit", "UF.family.exponential"}},
      {"gaussian-scale-sqrt-2-log-n", "the Gaussian hazard scale h_n taken as sqrt(2 log n) in place of n phi(b_n)",
       {"UF.family.gaussian"}},
      {"gaussian-mgf-without-half", "the Gaussian moment generating function E e^{beta s} taken as e^{beta^2}, the 1/2 dropped",
       {"UF.family.gaussian"}},
      {"equicorrelated-gap-1-plus-rho", "the equicorrelated gap 1 - rho written as 1 + rho in the closed forms",
       {"UF.family.equicorrelated"}},
      {"order-statistics-off-by-one", "the top-K score sampler reads the k-th score from U_(k+1): the maximum is dropped",
       {"UF.gumbel.point-process", "UF.family.exponential"}},
      {"weibull-scale-exponent", "the Weibull hazard scale h_n computed with (log n)^{1/p} in place of (log n)^{1-1/p}",
       {"UF.family.weibull"}},
      {"log2-scale-exponent", "the log2 family's hazard scale h_n computed with (log n)^{1/eta} in place of eta (log n)^{1+1/eta}",
       {"UF.family.log2"}},
      {"sphere-exponent-2-over-d", "the sphere family's accumulation exponent taken as 2/d in place of 2/(d-1)",
       {"UF.family.sphere", "UF.exponent-fit"}},
      {"holm-no-correction", "the policy's Holm adjustment replaced by no correction: every check judged at alpha on its raw p-value",
       {"ST.multiplicity.familywise"}},
      {"ks-asymptotic-small-m", "the KS p-value taken from the Kolmogorov limit law at every M, small M included",
       {"ST.null.ks-small-m"}},
      {"uniform-biased-including-0",
       "next_uniform as (x >> 32) 2^-32: 32-bit resolution, 0 included, mean low by half a grid step",
       {"ST.rng.uniform"}},
  };
  return mutants;
}

const Mutant* find_mutant(std::string_view name) noexcept {
  for (const Mutant& m : all_mutants()) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

void set_active_mutant(std::string_view name) {
  if (!name.empty() && find_mutant(name) == nullptr) {
    std::string known;
    for (const Mutant& m : all_mutants()) known += (known.empty() ? "" : ", ") + m.name;
    throw std::invalid_argument("--mutant: unknown mutant '" + std::string(name) + "'; known: " + known);
  }
  mutation::set_active(name);
}

bool mutant_active(std::string_view name) noexcept { return mutation::active(name); }

const std::string& active_mutant() noexcept { return mutation::active_name(); }

}  // namespace attnlaw::harness
