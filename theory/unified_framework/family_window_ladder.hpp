#pragma once
// The checks that UF.family.gaussian, UF.family.weibull and UF.family.log2 share (THEORY.md §2
// UF.family.*): the family scale h_n = n f(b_n), and the critical window beta = c h_n on an
// n-ladder against the exact finite-n expectations (reference/extreme_value/finite_n_window.hpp)
// and against their PD(1/c, 0) limit, with the ~1/log n rate of the bias. Implemented in the
// folder theory/unified_framework/family_window_ladder/.
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {

// The h_n a claim uses to set beta = c h_n.
using ScaleFunction = std::function<double(double n)>;

// The part of a family claim's model that gives h_n of a family at n: reference_hazard_scale (the
// h of reference::family_scale), or a planted bug registered beside the claim.
using HazardScale = double (*)(const reference::ScoreFamily& family, double n);
double reference_hazard_scale(const reference::ScoreFamily& family, double n);

// Deterministic: at every n of `ns`, the h_n of `scale` against n f(b_n) evaluated at the
// reference b_n, and against the independent Newton/closed-form scale; for log2 with eta = 1 also
// against (log n)^2. Statistic = worst relative error / 1e-9.
harness::ExperimentResult family_scale_check(const reference::ScoreFamily& family, const ScaleFunction& scale,
                                             const std::vector<double>& ns);

// One n-ladder of the window: beta = c h_n, or beta = gamma sqrt(log n) when gamma is set.
// Built with designated initializers: the members a ladder does not name stay empty.
struct WindowLadder {
  std::optional<double> c = std::nullopt;            // beta = c h_n, c > 1
  std::optional<double> gamma = std::nullopt;        // beta = gamma sqrt(log n) (Giorlandino–Goldt), in place of c
  std::vector<double> n = {};                        // the rungs, increasing
  std::size_t K = 0;                                 // top scores retained per row
  std::size_t reps = 0;                              // rows per rung
  std::optional<double> alpha_shift = std::nullopt;  // relative shift of alpha = h_n/beta the top rung must detect
};

harness::ExperimentResult window_ladder(const reference::ScoreFamily& family, const ScaleFunction& scale,
                                        const WindowLadder& ladder, const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework
