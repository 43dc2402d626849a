#include "theory/scaling_limits/claims.hpp"

namespace attnlaw::theory::scaling_limits {

void register_claims(harness::Registry& registry) {
  register_global_average(registry);
  register_subcritical_output(registry);
  register_scale_exponent(registry);
  register_critical_weights(registry);
  register_critical_output(registry);
}

}  // namespace attnlaw::theory::scaling_limits
