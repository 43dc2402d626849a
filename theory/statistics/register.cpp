#include "theory/statistics/claims.hpp"

namespace attnlaw::theory::statistics {

void register_claims(harness::Registry& registry) {
  register_ks_small_m(registry);
  register_familywise(registry);
  register_uniform_stream(registry);
}

}  // namespace attnlaw::theory::statistics
