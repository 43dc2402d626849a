// The audit grid of issue 14, section 1, whole: d in {2, 3, 5, 16, 64}, gamma in {1e-3, 0.1, 1, 10,
// 1e3}, the limit and n in {2, 1e3, 1e12}. Before: 68 of the 100 cases printed wrong values with
// exit 0; now 76 are answered and 24 refused. Each case is refused (reference::OutOfDomain) or
// answered with finite values, probabilities in [0, 1], a non-decreasing CDF and error bounds
// within the stated accuracy, and, where an independent value is at hand, within its bound of it.
// About 8 min on one core (every case with its doubled-resolution error bound): label slow.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>

#include "reference/numerics/domain.hpp"
#include "reference/poisson_process/summary.hpp"

namespace arc = attnlaw::reference;

namespace {

std::optional<arc::CriticalSummary> answer(int d, double gamma, std::uint64_t n) {
  try {
    return n == 0 ? arc::sphere_critical_limit(d, gamma, true, true)
                  : arc::sphere_critical_finite_n(d, gamma, n, true, true);
  } catch (const arc::OutOfDomain& e) {
    EXPECT_TRUE(e.argument() == "n" || e.argument() == "gamma") << e.what();
    return std::nullopt;
  }
}

}  // namespace

TEST(CriticalGridSlow, EveryAuditCaseIsRefusedOrAnsweredWithinItsBound) {
  int answered = 0, refused = 0;
  for (const int d : {2, 3, 5, 16, 64}) {
    for (const double gamma : {1e-3, 0.1, 1.0, 10.0, 1e3}) {
      for (const std::uint64_t n :
           {std::uint64_t{0}, std::uint64_t{2}, std::uint64_t{1000}, std::uint64_t{1000000000000}}) {
        SCOPED_TRACE(testing::Message() << "d=" << d << " gamma=" << gamma << " n=" << n);
        const auto s = answer(d, gamma, n);
        if (!s) {
          ++refused;
          continue;
        }
        ++answered;
        for (const double v : {s->mean_top, s->p_top_ge_half, s->mean_sum_sq, s->mean_energy, s->mean_tangential}) {
          EXPECT_TRUE(std::isfinite(v));
        }
        for (const double p : {s->mean_top, s->p_top_ge_half, s->mean_sum_sq}) {
          EXPECT_GE(p, 0.0);
          EXPECT_LE(p, 1.0);
        }
        ASSERT_EQ(s->cdf_top.size(), 19u);
        double previous = 0;
        for (const auto& [w, f] : s->cdf_top) {
          EXPECT_GE(f, previous) << w;
          EXPECT_LE(f, 1.0) << w;
          previous = f;
        }
        EXPECT_LE(s->error.mean_top, 1e-4);
        EXPECT_LE(s->error.p_top_ge_half, 1e-4);
        EXPECT_LE(s->error.mean_sum_sq, 1e-4);
        EXPECT_LE(s->error.cdf_top, 1e-4);
        // Independent values. n = 2: w_(1) >= 1/2 always.
        if (n == 2) {
          EXPECT_EQ(s->p_top_ge_half, 1.0);
        }
        // d = 3, gamma = 1 limit (theta = 1/2): theory/scaling_limits/THEORY.md §5, quadrature at 25-30 digits.
        if (d == 3 && gamma == 1.0 && n == 0) {
          EXPECT_NEAR(s->mean_top, 0.729488215, 5e-10 + s->error.mean_top);
          EXPECT_NEAR(s->p_top_ge_half, 0.845501, 5e-7 + s->error.p_top_ge_half);
          EXPECT_NEAR(s->mean_sum_sq, 0.6352559, 5e-8 + s->error.mean_sum_sq);
          EXPECT_NEAR(s->mean_energy, 2.3113214, 5e-8 + s->error.mean_energy);
          // The CDF table at theta = 1/2 (delay ODE, N = 16000; 4 digits), w = 0.3, 0.5, 0.7, 0.9.
          EXPECT_NEAR(s->cdf_top[5].second, 0.0049, 5e-5 + s->error.cdf_top);
          EXPECT_NEAR(s->cdf_top[9].second, 0.1545, 5e-5 + s->error.cdf_top);
          EXPECT_NEAR(s->cdf_top[13].second, 0.4465, 5e-5 + s->error.cdf_top);
          EXPECT_NEAR(s->cdf_top[17].second, 0.7182, 5e-5 + s->error.cdf_top);
        }
        // d = 5, gamma = 1: theory/scaling_limits/THEORY.md §5 quadrature (E W_1 0.2760, E sum W^2
        // 0.146479, E energy 2.180894); at n = 1e3, `attnlaw simulate sphere --d 5 --n 1000 --gamma 1
        // --reps 2000000` (exact truncated sampler, seed 20261130): E w_(1) = 0.284202 +- 6.8e-5, within
        // 4 s.e. (the older Monte Carlo ladder value 0.2844, also in THEORY.md §5, is 2.2 of these s.e. away).
        if (d == 5 && gamma == 1.0 && n == 0) {
          EXPECT_NEAR(s->mean_top, 0.2760, 5e-5 + s->error.mean_top);
          EXPECT_NEAR(s->mean_sum_sq, 0.146479, 5e-7 + s->error.mean_sum_sq);
          EXPECT_NEAR(s->mean_energy, 2.180894, 5e-7 + s->error.mean_energy);
        }
        if (d == 5 && gamma == 1.0 && n == 1000) {
          EXPECT_NEAR(s->mean_top, 0.284202, 4 * 6.8e-5 + s->error.mean_top);
        }
      }
    }
  }
  std::printf("audit grid: %d answered, %d refused\n", answered, refused);
  EXPECT_EQ(answered + refused, 100);
}
