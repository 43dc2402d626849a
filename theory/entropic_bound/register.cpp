#include <memory>

#include "theory/entropic_bound/claims.hpp"

namespace attnlaw::theory::entropic_bound {

// The claims, in report order: one line each, naming the function of the claim's own file that
// builds it. Three groups: the rank bound and what training reaches, recovery of r* from data,
// and attention maps, outputs and effective ranks.
#define ATTNLAW_ENTROPIC_BOUND_CAPACITY_CLAIMS(CLAIM) \
  CLAIM(rank_lower_bound)                             \
  CLAIM(channel_map_bound)                            \
  CLAIM(gd_recovery)                                  \
  CLAIM(gd_implicit_bias)

#define ATTNLAW_ENTROPIC_BOUND_RECOVERY_CLAIMS(CLAIM)

#define ATTNLAW_ENTROPIC_BOUND_ATTENTION_CLAIMS(CLAIM)

#define ATTNLAW_ENTROPIC_BOUND_CLAIMS(CLAIM)    \
  ATTNLAW_ENTROPIC_BOUND_CAPACITY_CLAIMS(CLAIM) \
  ATTNLAW_ENTROPIC_BOUND_RECOVERY_CLAIMS(CLAIM) \
  ATTNLAW_ENTROPIC_BOUND_ATTENTION_CLAIMS(CLAIM)

#define ATTNLAW_DECLARE_CLAIM(name) std::unique_ptr<harness::Claim> name();
ATTNLAW_ENTROPIC_BOUND_CLAIMS(ATTNLAW_DECLARE_CLAIM)
#undef ATTNLAW_DECLARE_CLAIM

void register_claims(harness::Registry& registry) {
  registry.add_paper("EB",
                     "The Entropic Bound (task-intrinsic capacity of Transformers; paper not identified): "
                     "statements reconstructed on a linear-attention surrogate, surrogate-derived, not paper-verified");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_ENTROPIC_BOUND_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants). Capacity group:
  registry.add_mutant("eckart-young-tail-one-late",
                      "the Eckart-Young tail summed from k = r + 2 instead of k = r + 1 (one index late)");
  registry.add_mutant("channel-map-bound-without-w-norm",
                      "the free-channel-map bound without its factor |W*|_F^2 (the tail of T* alone)");

  // Recovery group:

  // Attention group:
}

}  // namespace attnlaw::theory::entropic_bound
