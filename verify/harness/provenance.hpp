#pragma once
// The provenance block of a report: what produced it. Never compared by CI.
#include <string>

#include "verify/harness/json.hpp"

namespace attnlaw::harness {

// threads: the OpenMP thread count used; ranks: processes.
Json build_provenance(int threads, int ranks);

// "attnlaw 0.1.0 (git <revision>)", with ", uncommitted changes" when the source tree the binary was
// built from differed from its commit (reports/ and bench/results.json not counted).
std::string version_line();

}  // namespace attnlaw::harness
