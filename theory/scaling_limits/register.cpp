#include "theory/scaling_limits/claims.hpp"

namespace attnlaw::theory::scaling_limits {

void register_claims(harness::Registry& registry) {
  register_global_average(registry);
  register_subcritical_output(registry);
  register_scale_exponent(registry);
  register_critical_weights(registry);
  register_critical_output(registry);
  register_local_exponent(registry);
  register_subcritical_top_weight(registry);
  register_supercritical_weights(registry);
  register_supercritical_output(registry);
  register_heat_equation(registry);
}

}  // namespace attnlaw::theory::scaling_limits
