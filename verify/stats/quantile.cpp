#include "verify/stats/quantile.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {

double quantile_of_sorted(std::span<const double> sorted, double p) {
  detail::require_nonempty(sorted.size(), "quantile");
  detail::require_probability(p, "quantile", "p");
  const double h = p * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const double fraction = h - static_cast<double>(lo);
  if (fraction == 0 || lo + 1 >= sorted.size()) return sorted[lo];
  if (std::isinf(sorted[lo + 1]) || std::isinf(sorted[lo])) return sorted[lo + 1];
  return sorted[lo] + fraction * (sorted[lo + 1] - sorted[lo]);
}

double quantile(std::span<const double> x, double p) {
  for (std::size_t i = 0; i < x.size(); ++i)
    if (std::isnan(x[i])) detail::require(false, "quantile", "value " + std::to_string(i) + " is NaN");
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  return quantile_of_sorted(sorted, p);
}

double median(std::span<const double> x) { return quantile(x, 0.5); }

}  // namespace attnlaw::stats
