// reference/gap_counting/lambda_law_table.hpp (the exact Yule recursion of reference/tools/lambda_law)
// against the two Monte Carlo routes beside it, which share no code with it nor with each other:
// Philox arrival times (verify/rng; the previous generator of the table) and GSL Poisson counts.
// A comparison that accepts the table must reject it with P(L > 2) moved by 0.01: at the sample
// sizes here (about a second each) the count route sees 0.01 and the arrival-time route 0.03; the
// arrival-time route sees 0.01 at 2e5 samples in lambda_law_routes_slow_test.cpp (ctest -L slow).
#include <gtest/gtest.h>

#include <gsl/gsl_rng.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <vector>

#include "reference/gap_counting/lambda_law_table.hpp"
#include "reference/tools/lambda_law/yule_recursion.hpp"
#include "tests/unit/unified_framework/lambda_law_routes_support.hpp"

namespace attnlaw::reference::testing {
namespace {

constexpr std::uint64_t kCountSamples = 200000;   // mt19937, 0.4 s; se <= 1.2e-3
constexpr std::uint64_t kArrivalSamples = 20000;  // Philox, 0.3 s; se <= 3.6e-3
constexpr unsigned long kCountSeed = 20261201ul;

std::vector<TailEstimate> count_route() { return count_estimates(gsl_rng_mt19937, kCountSeed, kCountSamples); }

void print(const char* route, const std::vector<TailEstimate>& simulated) {
  const auto& table = lambda_law_upper_tail();
  for (std::size_t j = 0; j < table.size(); ++j) {
    std::printf("%s: P(L > %-4g) = %.5f +- %.5f, table %.5f (%+.1f se)\n", route, table[j].x, simulated[j].tail,
                simulated[j].standard_error, table[j].tail,
                (simulated[j].tail - table[j].tail) / simulated[j].standard_error);
  }
}

TEST(LambdaLawRoutes, TableIsTheRecursionWithinItsErrors) {
  // Recomputed in double at a looser target; the table (long double) states errors ~1e-12.
  const auto& table = lambda_law_upper_tail();
  ASSERT_EQ(table.size(), std::size(lambda_law_table::kRows));
  for (const LambdaLawPoint& point : table) {
    const auto again = tools::lambda_law::yule_recursion_tail<double>(point.x, 1e-9);
    EXPECT_LE(std::abs(again.tail - point.tail), again.error() + point.error) << point.x;
    EXPECT_GT(point.error, 0) << point.x;
    EXPECT_LT(point.error, 1e-11) << point.x;
  }
}

TEST(LambdaLawRoutes, RecursionAgreesWithTheYuleLawAndTheHeavyTail) {
  // First step by hand: L <= x forces Z(log 2 / x) = 1, probability 2^{-1/x} = yule_pmf(log 2/x, 1),
  // and P(L > x) >= 1 - 2^{-1/x}; for large x, P(L > x) ~ log 2 / x
  // (theory/unified_framework/THEORY.md §2 UF.gumbel.lambda-law).
  for (const LambdaLawPoint& point : lambda_law_upper_tail()) {
    EXPECT_GT(point.tail, 1 - yule_pmf<double>(std::log(2.0) / point.x, 1)) << point.x;
  }
  const double x = 1000;
  const auto far = tools::lambda_law::yule_recursion_tail<double>(x, 1e-12);
  EXPECT_NEAR(far.tail * x / std::log(2.0), 1, 1e-3);  // 1 - 1.1e-4: the correction is O(1/x)
}

TEST(LambdaLawRoutes, PoissonCountRouteAgreesWithTheTable) {
  const std::vector<TailEstimate> simulated = count_route();
  print("counts", simulated);
  EXPECT_EQ(rows_disagreeing(lambda_law_upper_tail(), simulated), std::vector<double>{});
  for (const TailEstimate& e : simulated) EXPECT_LT(e.bias_bound, 1e-14) << e.x;
}

TEST(LambdaLawRoutes, PoissonCountRouteRejectsAPlantedTableError) {
  // 0.01 is 8.6 standard errors at x = 2: the comparison must flag that row and no other.
  const std::vector<TailEstimate> simulated = count_route();
  EXPECT_EQ(rows_disagreeing(planted_table(2, 0.01), simulated), std::vector<double>{2});
  EXPECT_EQ(rows_disagreeing(planted_table(2, -0.01), simulated), std::vector<double>{2});
}

TEST(LambdaLawRoutes, ArrivalTimeRouteAgreesWithTheTableAndTheCountRoute) {
  // The first 2e4 samples of the stream of the previous table (4e6 samples, seed 20260601).
  const std::vector<TailEstimate> simulated = arrival_time_estimates(kArrivalSamples);
  print("arrival times", simulated);
  EXPECT_EQ(rows_disagreeing(lambda_law_upper_tail(), simulated), std::vector<double>{});
  EXPECT_EQ(rows_disagreeing(simulated, count_route()), std::vector<double>{});
  // A shift of 0.03 (9 standard errors) it must see.
  EXPECT_EQ(rows_disagreeing(planted_table(2, 0.03), simulated), std::vector<double>{2});
}

}  // namespace
}  // namespace attnlaw::reference::testing
