#include "verify/stats/chi_square.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <boost/math/special_functions/gamma.hpp>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {

ChiSquareTest chi_square_gof(std::span<const std::uint64_t> counts, std::span<const double> probabilities,
                             double min_expected) {
  const std::string where = "chi_square_gof";
  detail::require_nonempty(counts.size(), where);
  detail::require(counts.size() == probabilities.size(), where,
                  "counts and probabilities differ in size (" + std::to_string(counts.size()) + " vs " +
                      std::to_string(probabilities.size()) + ")");
  detail::require(min_expected >= 0.0 && std::isfinite(min_expected), where, "min_expected must be finite and >= 0");
  double psum = 0;
  for (std::size_t i = 0; i < probabilities.size(); ++i) {
    if (!(probabilities[i] >= 0.0 && probabilities[i] <= 1.0))
      detail::require_probability(probabilities[i], where, "probabilities[" + std::to_string(i) + "]");
    psum += probabilities[i];
  }
  detail::require(std::abs(psum - 1.0) <= 1e-9, where, "probabilities sum to " + std::to_string(psum) + ", not 1");
  double total = 0;
  for (auto c : counts) total += static_cast<double>(c);
  detail::require(total > 0, where, "all counts are zero");

  const std::size_t k = counts.size();
  struct Cell {
    double observed = 0, expected = 0;
  };
  auto expected = [&](std::size_t i) { return total * probabilities[i] / psum; };

  std::size_t lo = 0, hi = k;  // unpooled cells [lo, hi)
  Cell left, right;
  while (lo < hi && left.expected < min_expected) {
    left.observed += static_cast<double>(counts[lo]);
    left.expected += expected(lo);
    ++lo;
  }
  std::size_t right_cells = 0;
  while (hi > lo && right.expected < min_expected) {
    --hi;
    ++right_cells;
    right.observed += static_cast<double>(counts[hi]);
    right.expected += expected(hi);
  }
  std::vector<Cell> cells{left};
  Cell run;
  for (std::size_t i = lo; i < hi; ++i) {
    run.observed += static_cast<double>(counts[i]);
    run.expected += expected(i);
    if (run.expected >= min_expected) {
      cells.push_back(run);
      run = Cell{};
    }
  }
  right.observed += run.observed;
  right.expected += run.expected;
  if (right_cells > 0) {
    if (right.expected >= min_expected) {
      cells.push_back(right);
    } else {
      cells.back().observed += right.observed;
      cells.back().expected += right.expected;
    }
  }

  ChiSquareTest t;
  t.test = "chi-square";
  t.total = static_cast<std::uint64_t>(total);
  if (cells.size() < 2) {
    t.p_method = "void: total expected count below min_expected, one pooled cell";
    return t;
  }
  double x2 = 0;
  for (const auto& c : cells) {
    if (c.expected <= 0) {
      if (c.observed > 0) x2 = std::numeric_limits<double>::infinity();
      continue;
    }
    const double r = c.observed - c.expected;
    x2 += r * r / c.expected;
  }
  t.df = cells.size() - 1;
  t.statistic = x2;
  t.p_value = std::isinf(x2) ? 0.0 : boost::math::gamma_q(static_cast<double>(t.df) / 2.0, x2 / 2.0);
  t.p_method = "asymptotic chi2(" + std::to_string(t.df) + ")";
  return t;
}

}  // namespace attnlaw::stats
