#include "verify/stats/multiplicity.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <string>

#include <boost/math/special_functions/cos_pi.hpp>
#include <boost/math/special_functions/sin_pi.hpp>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {
namespace {

void check_p_values(std::span<const double> p, const std::string& where) {
  detail::require_nonempty(p.size(), where);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (!(p[i] >= 0.0 && p[i] <= 1.0)) detail::require_probability(p[i], where, "p[" + std::to_string(i) + "]");
}

}  // namespace

std::vector<double> holm_adjust(std::span<const double> p) {
  check_p_values(p, "holm_adjust");
  const std::size_t m = p.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t k = 0; k < m; ++k) {
    const double scaled = std::min(1.0, static_cast<double>(m - k) * p[order[k]]);
    running = std::max(running, scaled);
    adjusted[order[k]] = running;
  }
  return adjusted;
}

double cauchy_combination(std::span<const double> p, std::span<const double> weights) {
  const std::string where = "cauchy_combination";
  check_p_values(p, where);
  detail::require(weights.size() == p.size(), where, "weights and p differ in size");
  double wsum = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    detail::require(std::isfinite(weights[i]) && weights[i] >= 0, where,
                    "weights[" + std::to_string(i) + "] must be >= 0");
    wsum += weights[i];
  }
  detail::require(wsum > 0, where, "weights sum to zero");
  double t = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (weights[i] == 0) continue;
    if (p[i] == 0) return 0.0;
    // tan((1/2 - p) pi) = cot(pi p); sin_pi/cos_pi are exact at the reduction step.
    t += weights[i] / wsum * boost::math::cos_pi(p[i]) / boost::math::sin_pi(p[i]);
  }
  if (std::isinf(t)) return t > 0 ? 0.0 : 1.0;
  const double pi = std::numbers::pi;
  if (t > 0) return std::atan(1.0 / t) / pi;
  if (t < 0) return 1.0 - std::atan(-1.0 / t) / pi;
  return 0.5;
}

}  // namespace attnlaw::stats
