#include "verify/stats/quantile.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {

namespace {

// Type 7 from the two order statistics around h = p (n - 1): x_(lo) and x_(lo+1).
double interpolate(double at_lo, double at_hi, double fraction) {
  if (fraction == 0) return at_lo;
  if (std::isinf(at_hi) || std::isinf(at_lo)) return at_hi;
  return at_lo + fraction * (at_hi - at_lo);
}

struct Position {
  std::size_t lo;
  double fraction;
};

Position position(std::size_t size, double p) {
  detail::require_nonempty(size, "quantile");
  detail::require_probability(p, "quantile", "p");
  const double h = p * static_cast<double>(size - 1);
  const auto lo = static_cast<std::size_t>(std::floor(h));
  return {lo, lo + 1 >= size ? 0.0 : h - static_cast<double>(lo)};
}

}  // namespace

double quantile_of_sorted(std::span<const double> sorted, double p) {
  const auto [lo, fraction] = position(sorted.size(), p);
  return fraction == 0 ? sorted[lo] : interpolate(sorted[lo], sorted[lo + 1], fraction);
}

// By selection, O(n): the order statistic lo by nth_element, lo + 1 as the least of those above.
double quantile(std::span<const double> x, double p) {
  for (std::size_t i = 0; i < x.size(); ++i)
    if (std::isnan(x[i])) detail::require(false, "quantile", "value " + std::to_string(i) + " is NaN");
  const auto [lo, fraction] = position(x.size(), p);
  std::vector<double> v(x.begin(), x.end());
  const auto at = v.begin() + static_cast<std::ptrdiff_t>(lo);
  std::nth_element(v.begin(), at, v.end());
  if (fraction == 0) return *at;
  return interpolate(*at, *std::min_element(at + 1, v.end()), fraction);
}

double median(std::span<const double> x) { return quantile(x, 0.5); }

}  // namespace attnlaw::stats
