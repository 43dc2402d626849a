#include "theory/scaling_limits/claims.hpp"

namespace attnlaw::theory::scaling_limits {

void register_claims(harness::Registry& registry) {
  register_global_average(registry);
  register_subcritical_output(registry);
}

}  // namespace attnlaw::theory::scaling_limits
