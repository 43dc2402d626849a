// The L table against its Monte Carlo routes at larger sample sizes (ctest -L slow): the Philox
// arrival-time route at 2e5 samples (3 s of CPU), where a table with P(L > 2) off by 0.01 must be
// rejected, and the GSL count route on ranlxd2 at the previous table's 4e6 samples (12 s), where
// every row must agree to 5 standard errors of at most 2.5e-4 and 0.002 must be seen.
#include <gtest/gtest.h>

#include <gsl/gsl_rng.h>

#include <cstdio>
#include <vector>

#include "tests/unit/unified_framework/lambda_law_routes_support.hpp"

namespace attnlaw::reference::testing {
namespace {

void print(const char* route, const std::vector<TailEstimate>& simulated) {
  for (const TailEstimate& e : simulated) {
    std::printf("%s: P(L > %-4g) = %.6f +- %.6f (truncation %.2g)\n", route, e.x, e.tail, e.standard_error,
                e.bias_bound);
  }
}

TEST(LambdaLawRoutesSlow, ArrivalTimeRouteRejectsATableOffByOneHundredth) {
  const std::vector<TailEstimate> simulated = arrival_time_estimates(200000);
  print("arrival times", simulated);
  EXPECT_EQ(rows_disagreeing(lambda_law_upper_tail(), simulated), std::vector<double>{});
  // 0.01 is 9.5 standard errors at x = 2.
  EXPECT_EQ(rows_disagreeing(planted_table(2, 0.01), simulated), std::vector<double>{2});
  EXPECT_EQ(rows_disagreeing(planted_table(2, -0.01), simulated), std::vector<double>{2});
}

TEST(LambdaLawRoutesSlow, CountRouteAtFourMillionSamplesAgreesWithTheTable) {
  const std::vector<TailEstimate> simulated = count_estimates(gsl_rng_ranlxd2, 20260601ul, 4000000);
  print("counts (ranlxd2)", simulated);
  EXPECT_EQ(rows_disagreeing(lambda_law_upper_tail(), simulated), std::vector<double>{});
  EXPECT_EQ(rows_disagreeing(planted_table(2, 0.002), simulated), std::vector<double>{2});
}

}  // namespace
}  // namespace attnlaw::reference::testing
