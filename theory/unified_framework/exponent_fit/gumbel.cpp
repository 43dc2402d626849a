// UF.exponent-fit, experiment "gumbel": the slope of a Gumbel-domain family against the slope of
// its exact finite-n law (independent stream, 4 times the rows).
#include <fmt/core.h>

#include <cmath>

#include "theory/unified_framework/exponent_fit/experiments.hpp"

namespace attnlaw::theory::unified_framework::exponent_fit_claim {
namespace {

std::string asymptote(const ScoreFamily& f) {
  switch (f.kind) {
    case ScoreFamily::Kind::exponential: return "0";
    case ScoreFamily::Kind::gaussian: return "1/2";
    case ScoreFamily::Kind::weibull: return fmt::format("1 - 1/p = {:.4g}", 1 - 1 / f.shape);
    case ScoreFamily::Kind::log2: return fmt::format("1 + 1/eta = {:.4g}", 1 + 1 / f.shape);
    default: return "-";
  }
}

}  // namespace

harness::ExperimentResult gumbel_slope(const GumbelFitPoint& p, const SphereScale&, const harness::PointContext& at) {
  const RowBracket row = [family = p.family, K = p.K](rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n) {
    return sample::gumbel_row_lambda(family, stream, replicate, n, K);
  };
  const Ladder ladder = simulate_ladder(p.n, p.reps, at.streams.key(), row);
  const FittedSlope fit = fit_slope(ladder, false, at.streams.key("bootstrap"));
  const Ladder reference = simulate_ladder(p.n, p.reference_reps, at.streams.key("reference"), row);
  Prediction prediction;
  prediction.slope = slope_of_medians(fit.x, reference.lo);
  prediction.se = fit.se * std::sqrt(static_cast<double>(p.reps) / static_cast<double>(p.reference_reps));
  const double h_slope = reference::fitted_exponent(p.family, ladder.n.data(), static_cast<int>(ladder.n.size()));
  prediction.text = fmt::format("its exact finite-n law ({} rows per n, independent stream); asymptote {}",
                                p.reference_reps, asymptote(p.family));
  prediction.values = fmt::format("; predicted {:.4f}, slope of h_n over the same n {:.4f}", prediction.slope, h_slope);
  return slope_checks(ladder, p.reps, false, fit, prediction, p.target, p.family.name(), at);
}

}  // namespace attnlaw::theory::unified_framework::exponent_fit_claim
