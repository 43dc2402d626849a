// SL.critical.top-weight and SL.critical.finite-mass, experiments "ladder": the exact finite-n
// E w_(1) and E sum w^2 over an n-ladder, approaching the limit at the stated rate (claim.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include "theory/scaling_limits/critical_weights/experiments.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/figure_data.hpp"

namespace attnlaw::theory::scaling_limits::critical_weights_claim {
namespace {

using reference::CriticalSummary;

harness::ExperimentResult ladder(const LadderPoint& p, const CriticalModel& model, const harness::PointContext& at,
                                 double CriticalSummary::*functional, const std::string& quantity) {
  std::vector<double> exact;
  for (double rung : p.rungs) {
    const CriticalSummary& at_rung =
        critical_finite_n_reference(model, p.d, p.gamma, static_cast<std::uint64_t>(rung), false);
    exact.push_back(at_rung.*functional);
  }
  harness::ExperimentResult out;
  harness::ladder_check({at.claim.id, harness::figure_slug(at.claim.id, "ladder", at.fields), at.label}, p.rungs, exact,
                        critical_limit_reference(model, p.d, p.gamma, false).*functional, model.finite_n_rate(p.d),
                        0.15, quantity, out);
  return out;
}

}  // namespace

harness::ExperimentResult top_weight_ladder(const LadderPoint& p, const CriticalModel& model,
                                            const harness::PointContext& at) {
  return ladder(p, model, at, &CriticalSummary::mean_top, "E w_(1)");
}

harness::ExperimentResult sum_sq_ladder(const LadderPoint& p, const CriticalModel& model,
                                        const harness::PointContext& at) {
  return ladder(p, model, at, &CriticalSummary::mean_sum_sq, "E sum w^2");
}

}  // namespace attnlaw::theory::scaling_limits::critical_weights_claim
