#pragma once
// The claims of Hayase, Karakida, "A Unified Framework for Critical Scaling of Inverse Temperature
// in Self-Attention" (arXiv:2605.12697); ids and mathematics in THEORY.md, statements in CLAIMS.md.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::unified_framework {

void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::unified_framework
