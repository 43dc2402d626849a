#pragma once
// The claims of the "Entropic Bound" paper (task-intrinsic capacity of Transformers; not
// identified: no public text), reconstructed on a linear-attention surrogate; statements in
// CLAIMS.md, mathematics in THEORY.md.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::entropic_bound {

void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::entropic_bound
