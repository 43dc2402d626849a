// UF.exponent-fit, experiment "sphere": the slope in log n against 2/(d-1).
#include <fmt/core.h>

#include <algorithm>
#include <limits>

#include "theory/unified_framework/exponent_fit/experiments.hpp"

namespace attnlaw::theory::unified_framework::exponent_fit_claim {

harness::ExperimentResult sphere_slope(const SphereFitPoint& p, const SphereScale& model,
                                       const harness::PointContext& at) {
  const RowBracket row = [d = p.d, K = p.K](rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n) {
    const RowLambda l = sphere_row_lambda(stream, replicate, n, d, std::min(K, n));
    return sample::LambdaBracket{l.lambda, l.decided ? l.lambda : std::numeric_limits<double>::infinity(), l.decided};
  };
  const Ladder ladder = simulate_ladder(p.n, p.reps, at.streams.key(), row);
  const FittedSlope fit = fit_slope(ladder, true, at.streams.key("bootstrap"));
  Prediction prediction;
  prediction.slope = model.exponent(p.d);
  prediction.text = fmt::format("2/(d-1) = {:.4g} (slope in log n)", prediction.slope);
  return slope_checks(ladder, p.reps, true, fit, prediction, p.target, "sphere", at);
}

}  // namespace attnlaw::theory::unified_framework::exponent_fit_claim
