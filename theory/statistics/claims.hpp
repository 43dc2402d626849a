#pragma once
// The claims of the statistical method itself (THEORY.md, paper tag "ST"): the
// guarantees every other verdict rests on, checked by simulation so that a bug in the test
// machinery (null laws, multiplicity policy, uniform stream) fails a claim like any other.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::statistics {

// In report order, after the papers' claims.
void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::statistics
