#pragma once
// Pearson chi-square goodness of fit for counts in cells with specified probabilities.
#include <cstdint>
#include <span>

#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

struct ChiSquareTest : TestResult {
  std::size_t df = 0;       // pooled cells - 1 (0: void)
  std::uint64_t total = 0;  // observations counted
};

// probabilities (per cell, >= 0) must sum to 1 within 1e-9. Adjacent cells are pooled until
// every expected count N p >= min_expected: first the left tail, then the right tail, then the
// interior left to right (a short remainder joins the right-tail group). X^2 = sum (O-E)^2/E,
// df = pooled cells - 1, p = Q(df/2, X^2/2) (upper regularised gamma, computed directly).
// With a single pooled cell the test is void: statistic 0, p = 1, p_method says so.
ChiSquareTest chi_square_gof(std::span<const std::uint64_t> counts, std::span<const double> probabilities,
                             double min_expected = 5.0);

}  // namespace attnlaw::stats
