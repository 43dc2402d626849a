// UF.family.exponential, experiment "yule": test (2), N_n(t) ~ Yule(t).
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <vector>

#include "reference/gap_counting/gap_counting.hpp"
#include "theory/unified_framework/family_exponential/experiments.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/chi_square.hpp"

namespace attnlaw::theory::unified_framework::family_exponential_claim {

harness::ExperimentResult yule(const YulePoint& p, const ExponentialModel& model, const harness::PointContext& at) {
  const auto stream = at.streams.key();
  const std::size_t reps = p.reps;
  const auto n = static_cast<std::uint64_t>(p.n);
  const std::size_t K = p.K;
  constexpr double kTimes[] = {0.5, 1.0, 2.0};
  std::vector<std::array<std::size_t, 3>> counts(reps);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const auto row = model.top_gaps(kExponential, stream, static_cast<std::uint32_t>(r), n, K);
    for (int i = 0; i < 3; ++i) {
      counts[r][static_cast<std::size_t>(i)] =
          static_cast<std::size_t>(std::upper_bound(row.gaps.begin(), row.gaps.end(), kTimes[i]) - row.gaps.begin());
    }
  });
  harness::ExperimentResult out;
  for (int i = 0; i < 3; ++i) {
    const double t = kTimes[i];
    std::vector<std::uint64_t> cells(K, 0);  // cells[m-1]: N = m for m < K; cells[K-1]: N >= K
    for (const auto& c : counts) ++cells[std::min(c[static_cast<std::size_t>(i)], K) - 1];
    std::vector<double> prob(K);
    double below = 0;
    for (std::size_t m = 1; m < K; ++m) {
      prob[m - 1] = ref::yule_pmf<double>(t, m);
      below += prob[m - 1];
    }
    prob[K - 1] = std::max(0.0, 1 - below);
    out.checks.push_back(harness::chi_square_check(
        stats::chi_square_gof(cells, prob),
        fmt::format("N_n({}) ~ Yule: P(N = m) = e^-t (1 - e^-t)^(m-1), exact (chi-square over cells)", t)));
  }
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_exponential_claim
