#pragma once
// The provenance block of a report: what produced it. Never compared by CI.
#include "verify/harness/json.hpp"

namespace attnlaw::harness {

// threads: the OpenMP thread count used; ranks: processes.
Json build_provenance(int threads, int ranks);

}  // namespace attnlaw::harness
