#pragma once
// The claims of Pendharkar, "Gradient Flow Structure and Quantitative Dynamics of Multi-Head
// Self-Attention" (arXiv:2605.04279), with its single-head baseline (Geshkovski, Letrouit,
// Polyanskiy, Rigollet, arXiv:2312.10794); statements in CLAIMS.md, mathematics in THEORY.md.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::multihead_dynamics {

void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::multihead_dynamics
