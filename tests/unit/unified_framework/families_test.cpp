// UF.family.gaussian, UF.family.weibull, UF.family.log2: the smoke grid passes at the battery seed
// and at three other seeds, and the planted wrong scales FAIL (theory/statistics/THEORY.md §4, negative controls).
// The quadrature behind the exact finite-n references reproduces the closed-form PD(1/c, 0) values
// (theory/unified_framework/THEORY.md §2 UF.pd-limit: E sum V^2 = 1 - alpha, E H = psi(1) -
// psi(1 - alpha), E 1/V_1 = 1/(1 - alpha), E V_1 from the table of its §5, checked there by
// quadrature and MC).
#include <gtest/gtest.h>

#include <boost/math/special_functions/digamma.hpp>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "tests/unit/support/run_registry.hpp"
#include "theory/all_claims.hpp"
#include "verify/harness/registry.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

struct Outcome {
  harness::Verdict worst = harness::Verdict::pass;
  std::vector<std::string> failing;
};

Outcome run_battery(const std::vector<std::string>& ids, std::uint32_t seed, const std::string& mutant,
                    harness::Battery battery) {
  const auto output = test_support::run_registry(all_claims(), ids, seed, mutant, battery);
  Outcome o;
  for (const auto& c : output.checks) {
    if (c.verdict != harness::Verdict::pass) {
      o.failing.push_back(std::string(harness::to_string(c.verdict)) + " " + c.claim + ": " + c.target +
                          (c.p_value ? " p = " + std::to_string(*c.p_value) : "") +
                          (c.detectable ? " detectable " + std::to_string(c.detectable->delta) : "") +
                          (c.effect ? " effect " + std::to_string(c.effect->value) : ""));
    }
    if (c.verdict == harness::Verdict::fail ||
        (c.verdict == harness::Verdict::suspect && o.worst == harness::Verdict::pass)) {
      o.worst = c.verdict;
    }
  }
  return o;
}

Outcome run_smoke(const std::vector<std::string>& ids, std::uint32_t seed, const std::string& mutant) {
  return run_battery(ids, seed, mutant, harness::Battery::smoke);
}

const std::vector<std::string> kAll{"UF.family.gaussian", "UF.family.weibull", "UF.family.log2"};

TEST(FamilyQuadrature, ReproducesPoissonDirichletLimit) {
  // Closed forms of theory/unified_framework/THEORY.md §2 UF.pd-limit; E V_1 at alpha = 1/2, 1/4, 3/4
  // from its §5.
  const double top[] = {0.398193, 0.626508, 0.821250};
  int i = 0;
  for (double c : {4.0 / 3, 2.0, 4.0}) {
    const double alpha = 1 / c;
    const auto e = reference::limit_window_expectations<double>(c);
    EXPECT_NEAR(e.sum_sq, 1 - alpha, 1e-6);
    EXPECT_NEAR(e.entropy, boost::math::digamma(1.0) - boost::math::digamma(1 - alpha), 1e-6);
    EXPECT_NEAR(e.partition, 1 / (1 - alpha), 1e-5);
    EXPECT_NEAR(e.top_weight, top[i++], 2e-6);
  }
}

TEST(FamilyQuadrature, Log2ScaleIsLogSquared) {
  // eta = 1: h_n = (log n)^2 in closed form (theory/unified_framework/THEORY.md §2 UF.family.log2).
  const reference::ScoreFamily log2{reference::ScoreFamily::Kind::log2, 1};
  for (double n : {1e4, 1e12}) {
    EXPECT_NEAR(reference::independent_family_scale<double>(log2, n).h / (std::log(n) * std::log(n)), 1, 1e-12);
  }
}

TEST(FamilyClaims, SmokeGridPassesAtFourSeeds) {
  for (std::uint32_t seed : {harness::kDefaultSeed, 1u, 2u, 3u}) {
    const Outcome o = run_smoke(kAll, seed, "");
    EXPECT_EQ(o.worst, harness::Verdict::pass) << "seed " << seed;
    for (const auto& f : o.failing) std::cout << "seed " << seed << ": " << f << "\n";
  }
}

TEST(FamilyClaims, GaussianScaleMutantFails) {
  const Outcome o = run_smoke({"UF.family.gaussian"}, harness::kDefaultSeed, "gaussian-scale-sqrt-2-log-n");
  EXPECT_EQ(o.worst, harness::Verdict::fail);
  for (const auto& f : o.failing) std::cout << "killed by " << f << "\n";
}

// The subcritical z-test of Z_raw/(n e^{beta^2/2}) = 1, gated by Cochran's rule, must see a wrong
// moment generating function: with the 1/2 dropped the ratio's mean is e^{-beta^2/2} (0.6 at c = 0.3).
TEST(FamilyClaims, GaussianMgfMutantFailsTheSubcriticalZTest) {
  const Outcome o = run_smoke({"UF.family.gaussian"}, harness::kDefaultSeed, "gaussian-mgf-without-half");
  EXPECT_EQ(o.worst, harness::Verdict::fail);
  std::size_t z_tests = 0;
  for (const auto& f : o.failing) z_tests += f.find("E Z_raw / (n e^(beta^2/2)) = 1") != std::string::npos;
  EXPECT_EQ(z_tests, 4u) << "c = 0.3 and 0.5 at n = 1e3 and 1e4; c = 0.7 has no z-test";
  for (const auto& f : o.failing) std::cout << "killed by " << f << "\n";
}

TEST(FamilyClaims, WeibullScaleExponentMutantFails) {
  const Outcome o = run_smoke({"UF.family.weibull"}, harness::kDefaultSeed, "weibull-scale-exponent");
  EXPECT_EQ(o.worst, harness::Verdict::fail);
  for (const auto& f : o.failing) std::cout << "killed by " << f << "\n";
}

// The standard grid (about 3 min on one core): run by hand with --gtest_also_run_disabled_tests
// when the grid or the references change; it is the calibration record of CLAIMS.md.
TEST(FamilyClaims, DISABLED_StandardGridPasses) {
  for (std::uint32_t seed : {harness::kDefaultSeed, 1u, 2u, 3u}) {
    const Outcome o = run_battery(kAll, seed, "", harness::Battery::standard);
    EXPECT_EQ(o.worst, harness::Verdict::pass) << "seed " << seed;
    for (const auto& f : o.failing) std::cout << "seed " << seed << ": " << f << "\n";
  }
  const Outcome m = run_battery({"UF.family.gaussian"}, harness::kDefaultSeed, "gaussian-scale-sqrt-2-log-n",
                                harness::Battery::standard);
  EXPECT_EQ(m.worst, harness::Verdict::fail);
  for (const auto& f : m.failing) std::cout << "mutant: " << f << "\n";
}

}  // namespace
}  // namespace attnlaw::theory::unified_framework
