#include "verify/harness/policy.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace attnlaw::harness {

void apply_policy(std::vector<Check>& checks, const Policy& policy) {
  std::map<std::string, std::vector<std::size_t>> by_paper;
  for (std::size_t i = 0; i < checks.size(); ++i) {
    if (checks[i].p_value) by_paper[checks[i].paper].push_back(i);
  }
  for (auto& [paper, indices] : by_paper) {
    std::vector<double> p;
    p.reserve(indices.size());
    for (std::size_t i : indices) p.push_back(*checks[i].p_value);
    const std::vector<double> adjusted = policy.adjust(p);

    // Rank of each check in ascending p (ties broken by position, as Holm's step-down does).
    std::vector<std::size_t> order(indices.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    const double m = static_cast<double>(indices.size());
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
      Check& c = checks[indices[order[rank]]];
      c.alpha = policy.alpha;
      c.alpha_adjusted = policy.alpha / (m - static_cast<double>(rank));
      c.p_adjusted = adjusted[order[rank]];
      if (c.detectable_law) c.detectable = evaluate(*c.detectable_law, policy.alpha / m);
    }
  }
  for (Check& c : checks) {
    if (!c.p_value) {
      c.alpha = policy.alpha;
      c.alpha_adjusted = policy.alpha;
      c.verdict = c.deterministic_holds.value_or(false) ? Verdict::pass : Verdict::fail;
      continue;
    }
    if (*c.p_adjusted < policy.alpha) {
      c.verdict = Verdict::fail;
    } else if (*c.p_value < policy.suspect_p ||
               (c.detectable && c.detectable_target && c.detectable->delta > *c.detectable_target)) {
      c.verdict = Verdict::suspect;
    } else {
      c.verdict = Verdict::pass;
    }
  }
}

}  // namespace attnlaw::harness
