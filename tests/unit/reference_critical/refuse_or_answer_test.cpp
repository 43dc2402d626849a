// sphere-critical answers within its stated accuracy or refuses (issue 14, section 1): the
// two-key route at n = 2, the argument checks, and the projection of the CDF into [0, 1].
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "reference/numerics/domain.hpp"
#include "reference/poisson_process/summary.hpp"

namespace arc = attnlaw::reference;

namespace {

// The invariants every answer carries: finite, probabilities in [0, 1], a non-decreasing CDF,
// and error bounds within the stated accuracy 1e-4 (relative for energy and tangential).
void expect_answer_invariants(const arc::CriticalSummary& s) {
  for (const double v : {s.mean_top, s.p_top_ge_half, s.mean_sum_sq, s.mean_energy, s.mean_tangential}) {
    EXPECT_TRUE(std::isfinite(v));
  }
  for (const double p : {s.mean_top, s.p_top_ge_half, s.mean_sum_sq}) {
    EXPECT_GE(p, 0.0);
    EXPECT_LE(p, 1.0);
  }
  double previous = 0;
  for (const auto& [w, f] : s.cdf_top) {
    EXPECT_GE(f, previous) << w;
    EXPECT_LE(f, 1.0) << w;
    previous = f;
  }
  EXPECT_LE(s.error.mean_top, 1e-4);
  EXPECT_LE(s.error.p_top_ge_half, 1e-4);
  EXPECT_LE(s.error.mean_sum_sq, 1e-4);
  EXPECT_LE(s.error.cdf_top, 1e-4);
  EXPECT_LE(s.error.mean_energy, 1e-4 * std::abs(s.mean_energy));
  EXPECT_LE(s.error.mean_tangential, 1e-4 * std::abs(s.mean_tangential));
}

// d = 3, two keys, independent closed forms: t_a, t_b i.i.d. uniform on [0, 2] (Archimedes), so
// D = |t_a - t_b| has density (2 - u)/2 on [0, 2] and P(D <= delta) = delta - delta^2/4;
// E w_(1) = int_0^2 (2 - u)/2 / (1 + e^{-beta u}) du, here by composite Simpson on 2^21 panels
// (h beta <= 2e-3 at beta = 2e3: the Simpson error, (h beta)^4/180 relative on the stretch
// [0, ~30/beta] where the integrand bends, is below 1e-13).
double d3_two_key_mean_top(double beta) {
  const int k = 1 << 21;
  const long double h = 2.0L / k;
  long double sum = 0;  // 2^21 terms: summed in long double so that rounding stays near 1e-16
  for (int i = 0; i <= k; ++i) {
    const long double u = i * h;
    const long double f = (2 - u) / 2 / (1 + std::exp(-beta * u));
    sum += f * (i == 0 || i == k ? 1 : (i % 2 ? 4 : 2));
  }
  return static_cast<double>(sum * h / 3);
}

}  // namespace

// The audit's first case: d = 3, gamma = 1e-3, n = 2 printed P(w_(1) >= 1/2) = 0.8911; with two
// keys w_(1) >= 1/2 always, so it is 1 (and the naive simulation gives 1.000000).
TEST(CriticalRefuseOrAnswer, TwoKeysTopWeightIsAtLeastOneHalf) {
  const auto s = arc::sphere_critical_finite_n(3, 1e-3, 2, true, true);
  EXPECT_EQ(s.p_top_ge_half, 1.0);
  for (const auto& [w, f] : s.cdf_top) {
    if (w <= 0.5) {
      EXPECT_EQ(f, 0.0) << w;  // P(w_(1) <= w) = 0 below 1/2
    }
  }
  expect_answer_invariants(s);
}

// Every n = 2 case of the audit grid (d in {2, 3, 5, 16, 64}, gamma in {1e-3, 0.1, 1, 10, 1e3}) is
// answered by the two-key route, and at d = 3 it agrees with the closed forms above within its
// stated error (plus the Simpson error 1e-12).
TEST(CriticalRefuseOrAnswer, TwoKeysAnswerEveryAuditCase) {
  for (const int d : {2, 3, 5, 16, 64}) {
    for (const double gamma : {1e-3, 0.1, 1.0, 10.0, 1e3}) {
      SCOPED_TRACE(testing::Message() << "d=" << d << " gamma=" << gamma);
      const auto s = arc::sphere_critical_finite_n(d, gamma, 2, true, true);
      expect_answer_invariants(s);
      EXPECT_EQ(s.p_top_ge_half, 1.0);
      EXPECT_GE(s.mean_top, 0.5);
      if (d == 3) {
        const double beta = gamma * 2;  // beta = gamma n^{2/(d-1)} = 2 gamma
        EXPECT_NEAR(s.mean_top, d3_two_key_mean_top(beta), s.error.mean_top + 1e-12);
        for (const auto& [w, f] : s.cdf_top) {
          if (w <= 0.5) continue;
          const double delta = std::min(2.0, std::log(w / (1 - w)) / beta);
          EXPECT_NEAR(f, delta - delta * delta / 4, s.error.cdf_top + 1e-12) << w;
        }
      }
    }
  }
}

// The two-key route shares nothing with the Laplace-transform route, whose means (not its CDF)
// were right at n = 2: at d = 2, gamma = 1 the generic E w_(1) was 0.8655869324836231 and
// E sum w^2 0.8171060445976287 (the audit's binary, commit 7a8977e).
TEST(CriticalRefuseOrAnswer, TwoKeysMeansMatchTheGenericRouteWhereItWorked) {
  const auto s = arc::sphere_critical_finite_n(2, 1.0, 2, false, true);
  EXPECT_NEAR(s.mean_top, 0.8655869324836231, 1e-12 + s.error.mean_top);
  EXPECT_NEAR(s.mean_sum_sq, 0.8171060445976287, 1e-12 + s.error.mean_sum_sq);
}

TEST(CriticalRefuseOrAnswer, ArgumentsOutsideTheStatedDomainAreRefusedByName) {
  const auto argument_of = [](auto&& call) -> std::string {
    try {
      call();
    } catch (const arc::OutOfDomain& e) {
      return e.argument();
    }
    return "";
  };
  EXPECT_EQ(argument_of([] { arc::sphere_critical_finite_n(3, 1.0, 1); }), "n");
  EXPECT_EQ(argument_of([] { arc::sphere_critical_finite_n(3, 1.0, 2000000000000ull); }), "n");
  EXPECT_EQ(argument_of([] { arc::sphere_critical_limit(65, 1.0); }), "d");
  EXPECT_EQ(argument_of([] { arc::sphere_critical_limit(1, 1.0); }), "d");
  EXPECT_EQ(argument_of([] { arc::sphere_critical_limit(3, 1e-4); }), "gamma");
  EXPECT_EQ(argument_of([] { arc::sphere_critical_limit(3, 2e3); }), "gamma");
}
