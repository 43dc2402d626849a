#pragma once
// The claims of Bruno, Rigollet, Chen, Polyanskiy, Lin, "Scaling Limits of Long-Context
// Transformers" (arXiv:2605.08505); ids and mathematics in THEORY.md, statements and checks in CLAIMS.md.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::scaling_limits {

void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::scaling_limits
