#pragma once
#include "verify/harness/registry.hpp"

namespace attnlaw::theory {

// Every claim of every paper, in report order, with the papers' titles and mutant catalogues.
const harness::Registry& all_claims();

}  // namespace attnlaw::theory
