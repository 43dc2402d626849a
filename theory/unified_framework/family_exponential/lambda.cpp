// UF.family.exponential, experiment "lambda": test (5), the upper tail of Lambda_n against the L table.
#include <fmt/core.h>

#include <cmath>

#include "reference/gap_counting/gap_counting.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/family_exponential/experiments.hpp"
#include "verify/harness/composite_null_checks.hpp"

namespace attnlaw::theory::unified_framework::family_exponential_claim {

harness::ExperimentResult lambda(const LambdaPoint& p, const ExponentialModel& model, const harness::PointContext& at) {
  const std::size_t reps = p.reps;
  const auto n = static_cast<std::uint64_t>(p.n);
  const LambdaSample s = simulate_lambda(kExponential, n, p.K, reps, at.streams.key(), model.top_gaps);
  harness::ExperimentResult out;
  for (double x : {1.25, 1.5, 2.0, 3.0, 5.0}) {
    const TailCount count = count_tail(s, x);
    const auto table = ref::lambda_law_tail(x);
    // Lambda_n <= L; the limit exceeds x beyond the n-th point only if Gamma_1 > n^{1-1/x}
    // (log k / (log k - log Gamma_1) > x for k > n), probability exp(-n^{1-1/x}).
    const double truncation = std::exp(-std::pow(static_cast<double>(n), 1 - 1 / x));
    out.checks.push_back(harness::band_proportion_check(
        count.above, count.undecided, reps, table.value, table.error + truncation,
        fmt::format("P(Lambda_n > {}) vs P(L > {}) = {:.3f} (L table; truncation bound {:.1e})", x, x, table.value,
                    truncation),
        table.error + truncation + 0.12));
  }
  out.figures.push_back(lambda_tail_figure(at, s));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_exponential_claim
