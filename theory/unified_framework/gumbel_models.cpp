#include "theory/unified_framework/gumbel_models.hpp"

#include <algorithm>

namespace attnlaw::theory::unified_framework {

sample::TopGaps top_gaps_from_runner_up(const reference::ScoreFamily& family, rng::StreamKey stream,
                                        std::uint32_t replicate, std::uint64_t n, std::uint64_t K) {
  if (family.kind == reference::ScoreFamily::Kind::uniform) {
    return sample::sample_top_gaps(family, stream, replicate, n, K);
  }
  const sample::TopGaps exact = sample::sample_top_gaps(family, stream, replicate, n, std::min(n, K + 1));
  const auto k_count = static_cast<std::size_t>(K);
  const std::size_t last = exact.gaps.size() - 1;
  const auto at = [&](std::size_t j) { return std::min(j + 1, last); };
  sample::TopGaps row;
  row.n = n;
  row.gaps.resize(k_count);
  const double runner_up = exact.gaps[at(0)];
  for (std::size_t j = 0; j < k_count; ++j) row.gaps[j] = exact.gaps[at(j)] - runner_up;
  row.top_score = exact.top_score - runner_up;
  row.threshold_score = exact.top_score - exact.gaps[at(k_count - 1)];
  return row;
}

}  // namespace attnlaw::theory::unified_framework
