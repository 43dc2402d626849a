#include <memory>

#include "theory/statistics/claims.hpp"

namespace attnlaw::theory::statistics {

// The claims, in report order: one line each, naming the function of the claim's own file that
// builds it.
#define ATTNLAW_STATISTICS_CLAIMS(CLAIM) \
  CLAIM(ks_small_m)                      \
  CLAIM(familywise)                      \
  CLAIM(uniform_stream)

#define ATTNLAW_DECLARE_CLAIM(name) std::unique_ptr<harness::Claim> name();
ATTNLAW_STATISTICS_CLAIMS(ATTNLAW_DECLARE_CLAIM)
#undef ATTNLAW_DECLARE_CLAIM

void register_claims(harness::Registry& registry) {
  registry.add_paper(
      "ST", "The statistical method of attnlaw itself (theory/statistics): null laws, multiplicity, uniform stream",
      "theory/statistics/THEORY.md");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_STATISTICS_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants).
  registry.add_mutant(
      "holm-no-correction",
      "the policy's Holm adjustment replaced by no correction: every check judged at alpha on its raw p-value");
  registry.add_mutant("ks-asymptotic-small-m",
                      "the KS p-value taken from the Kolmogorov limit law at every M, small M included");
  registry.add_mutant("uniform-biased-including-0",
                      "next_uniform as (x >> 32) 2^-32: 32-bit resolution, 0 included, mean low by half a grid step");
}

}  // namespace attnlaw::theory::statistics
