// UF.gap.bounds: the checks of a tally (experiments.hpp), one per inequality and one per numeric
// bound of THEORY.md §5, shared by the random and the adversarial rows.
#include <fmt/core.h>

#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_bounds/experiments.hpp"

namespace attnlaw::theory::unified_framework::gap_bounds_claim {
namespace {

constexpr const char* kTargets[kInequalities] = {"r < 1: log Z >= (1 - r) C_n",
                                                 "r < 1: D <= r C_n e^{-(1-r) C_n}",
                                                 "r < 1: D <= e^{-1} r / (1 - r)",
                                                 "r > 1: Z - 1 <= eps = 1/(r - 1)",
                                                 "r > 1: sum_j beta Delta_j e^{-beta Delta_j} <= (1 + eps)^2 - 1",
                                                 "r > 1: H <= log(1 + eps) + 2 eps + eps^2"};
constexpr const char* kRatioNames[kInequalities] = {"(1-r) C_n / log Z",
                                                    "D / (r C e^{-(1-r)C})",
                                                    "D / (e^{-1} r/(1-r))",
                                                    "(Z - 1) / eps",
                                                    "weighted gap sum / ((1+eps)^2 - 1)",
                                                    "H / (log(1+eps) + 2 eps + eps^2)"};

}  // namespace

harness::ExperimentResult bounds_checks(const Tally& tally) {
  harness::ExperimentResult out;
  for (int i = 0; i < kInequalities; ++i) {
    out.checks.push_back(ratio_check(kTargets[i], tally.bounds[i], tally.rows, kRatioNames[i]));
  }
  for (std::size_t i = 0; i < kSection5.size(); ++i) {
    const NumericBound& b = kSection5[i];
    out.checks.push_back(
        ratio_check(fmt::format("beta = {:g} Lambda: {} <= {} (THEORY.md §5)", b.r, b.quantity, b.value),
                    tally.numeric[i], tally.rows, fmt::format("{} / {}", b.quantity, b.value)));
  }
  return out;
}

}  // namespace attnlaw::theory::unified_framework::gap_bounds_claim
