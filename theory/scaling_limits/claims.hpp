#pragma once
// The claims of Bruno, Rigollet, Chen, Polyanskiy, Lin, "Scaling Limits of Long-Context
// Transformers" (arXiv:2605.08505); ids as in the theory notes, statements in CLAIMS.md.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::scaling_limits {

void register_global_average(harness::Registry& registry);
void register_subcritical_output(harness::Registry& registry);
void register_critical_weights(harness::Registry& registry);
void register_critical_output(harness::Registry& registry);
void register_scale_exponent(harness::Registry& registry);
void register_local_exponent(harness::Registry& registry);
void register_subcritical_top_weight(harness::Registry& registry);
void register_supercritical_weights(harness::Registry& registry);
void register_supercritical_output(harness::Registry& registry);
void register_heat_equation(harness::Registry& registry);

void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::scaling_limits
