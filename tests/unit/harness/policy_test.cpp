// The decision rule (theory/statistics/THEORY.md §6-§7): Holm within a paper, FAIL/SUSPECT/PASS thresholds.
#include <gtest/gtest.h>

#include "verify/harness/policy.hpp"
#include "verify/stats/power.hpp"

namespace attnlaw::harness {
namespace {

Check with_p(const std::string& paper, double p) {
  Check c;
  c.paper = paper;
  c.test = "z-test";
  c.p_value = p;
  return c;
}

TEST(Policy, HolmWithinEachPaper) {
  // Hand computation, m = 3 in SL: sorted p = 1e-8, 2e-7, 0.5 -> thresholds 1e-6/3, 1e-6/2, 1e-6;
  // adjusted p = 3e-8, max(3e-8, 4e-7) = 4e-7, max(4e-7, 0.5) = 0.5. Both small ones FAIL.
  std::vector<Check> checks{with_p("SL", 0.5), with_p("SL", 1e-8), with_p("SL", 2e-7), with_p("UF", 4e-7)};
  apply_policy(checks, Policy{});
  EXPECT_NEAR(*checks[1].p_adjusted, 3e-8, 1e-20);
  EXPECT_NEAR(*checks[2].p_adjusted, 4e-7, 1e-20);
  EXPECT_NEAR(*checks[0].p_adjusted, 0.5, 1e-15);
  EXPECT_NEAR(checks[1].alpha_adjusted, 1e-6 / 3, 1e-20);
  EXPECT_NEAR(checks[2].alpha_adjusted, 1e-6 / 2, 1e-20);
  EXPECT_NEAR(checks[0].alpha_adjusted, 1e-6, 1e-20);
  EXPECT_EQ(checks[1].verdict, Verdict::fail);
  EXPECT_EQ(checks[2].verdict, Verdict::fail);
  EXPECT_EQ(checks[0].verdict, Verdict::pass);
  // UF is its own family (m = 1): 4e-7 < 1e-6 fails there too.
  EXPECT_EQ(checks[3].verdict, Verdict::fail);
}

TEST(Policy, HolmStopsAtTheFirstNonRejection) {
  // m = 2: 6e-7 > 1e-6/2, so neither is rejected although 6e-7 < 1e-6 (adjusted 1.2e-6).
  std::vector<Check> checks{with_p("SL", 6e-7), with_p("SL", 8e-7)};
  apply_policy(checks, Policy{});
  EXPECT_EQ(checks[0].verdict, Verdict::suspect);
  EXPECT_EQ(checks[1].verdict, Verdict::suspect);
}

TEST(Policy, SuspectWhenSmallPOrUnderpowered) {
  std::vector<Check> checks{with_p("SL", 5e-4), with_p("SL", 0.3), with_p("SL", 0.3)};
  // A z test of an estimate with sd 0.002 (detects about 0.015 at alpha/m: more than the target
  // 0.01) and one with sd 1e-4.
  checks[1].detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::standard_error, .sigma = 0.002};
  checks[1].detectable_target = 0.01;
  checks[2].detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::standard_error, .sigma = 1e-4};
  checks[2].detectable_target = 0.01;
  apply_policy(checks, Policy{});
  EXPECT_EQ(checks[0].verdict, Verdict::suspect);
  EXPECT_EQ(checks[1].verdict, Verdict::suspect);
  EXPECT_EQ(checks[2].verdict, Verdict::pass);
  // Detectable discrepancies are stated at the Bonferroni alpha/m.
  EXPECT_DOUBLE_EQ(checks[2].detectable->delta,
                   (stats::normal_quantile(1 - 1e-6 / 3 / 2) + stats::normal_quantile(0.99)) * 1e-4);
}

TEST(Policy, DeterministicChecksPassIffTheBoundHolds) {
  Check holds, broken;
  holds.test = broken.test = "deterministic";
  holds.deterministic_holds = true;
  broken.deterministic_holds = false;
  std::vector<Check> checks{holds, broken};
  apply_policy(checks, Policy{});
  EXPECT_EQ(checks[0].verdict, Verdict::pass);
  EXPECT_EQ(checks[1].verdict, Verdict::fail);
}

}  // namespace
}  // namespace attnlaw::harness
