// UF.gap.bounds, experiment "adversarial": the adversarial rows of gap_rows.hpp, at the ratios and
// temperatures where the bounds are tight or floating point is fragile.
#include <span>

#include "theory/unified_framework/gap_bounds/experiments.hpp"
#include "theory/unified_framework/gap_rows.hpp"

namespace attnlaw::theory::unified_framework::gap_bounds_claim {

harness::ExperimentResult bounds_on_adversarial_rows(const AdversarialRowsPoint& p, const harness::NoModel&,
                                                     const harness::PointContext& at) {
  Tally tally;
  for (const LabelledRow& row : adversarial_rows(at.streams.key(), p.long_rows)) {
    const auto profile = attention::gap_profile(std::span<const double>(row.logits));
    tally_row(tally, profile, bound_ratios_grid(), extreme_betas(), [&] { return row.label; });
  }
  return bounds_checks(tally);
}

}  // namespace attnlaw::theory::unified_framework::gap_bounds_claim
