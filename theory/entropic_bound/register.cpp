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

#define ATTNLAW_ENTROPIC_BOUND_RECOVERY_CLAIMS(CLAIM) CLAIM(recovery_from_data)

#define ATTNLAW_ENTROPIC_BOUND_ATTENTION_CLAIMS(CLAIM) \
  CLAIM(linear_qk)                                     \
  CLAIM(softmax_partial_recovery)                      \
  CLAIM(effective_rank)

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
                     "statements reconstructed on a linear-attention surrogate, surrogate-derived, not paper-verified",
                     "theory/entropic_bound/THEORY.md");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_ENTROPIC_BOUND_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants). Capacity group:
  registry.add_mutant("eckart-young-tail-one-late",
                      "the Eckart-Young tail summed from k = r + 2 instead of k = r + 1 (one index late)");
  registry.add_mutant("gd-unfactorised",
                      "the EB.gd-* descents run on T itself from T0 = P0 Q0^T instead of on the factors P, Q of "
                      "T = P Q^T (the factorisation, whose implicit bias the claims check, dropped)");
  registry.add_mutant("channel-map-bound-without-w-norm",
                      "the free-channel-map bound without its factor |W*|_F^2 (the tail of T* alone)");

  // Recovery group:
  registry.add_mutant("recovery-unwhitened",
                      "r* read from the spectrum of C_YX = T* C_XX instead of the whitened C_YX C_XX^{-1}");
  registry.add_mutant("recovery-gap-one-late",
                      "the spectral-gap rank read one index late: the position of sigma_k+1, after the largest "
                      "ratio sigma_k / sigma_k+1, instead of k");

  // Attention group:
  registry.add_mutant("linear-qk-gram-as-identity",
                      "EB.linear-qk predicts B^ = W V, the token Gram matrix X^T X / n replaced by its expectation I");
  registry.add_mutant(
      "log-attention-uncentred",
      "EB.softmax-partial reads the rank off ln A itself, keeping the log-partition column the row-centring "
      "removes");
  registry.add_mutant(
      "effective-rank-from-singular-values",
      "the energy effective rank computed from the singular values instead of their squares (Roy–Vetterli "
      "where the energy-entropy rank is claimed)");
}

}  // namespace attnlaw::theory::entropic_bound
