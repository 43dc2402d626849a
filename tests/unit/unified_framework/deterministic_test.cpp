// The deterministic UF claims (UF.gap.*, UF.family.equicorrelated) on their smoke grids: every
// check passes at the battery seed and at two other seeds (a deterministic statement holds on
// every row, whatever the seed draws); the planted bug "equicorrelated-gap-1-plus-rho" makes
// UF.family.equicorrelated FAIL; and each bound of UF.gap.bounds is violated once it is made 10%
// too strong, so the checks built on them can fail. Expected values: the bounds at r = 0.01, 0.1,
// 10, 100 are the numbers printed in theory/unified_framework/THEORY.md §5; everything else is the
// claims' own statement.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/unit/support/run_registry.hpp"
#include "theory/all_claims.hpp"
#include "theory/unified_framework/certify_bounds.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/harness/registry.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

harness::RunOutput run(const std::vector<std::string>& claims, std::uint32_t seed, const std::string& mutant = "") {
  return test_support::run_registry(all_claims(), claims, seed, mutant);
}

std::string describe(const harness::RunOutput& output, bool failures_only) {
  std::string text;
  for (const auto& c : output.checks) {
    if (failures_only && c.verdict == harness::Verdict::pass) continue;
    text +=
        fmt::format("{:5} {} {}: {} = {:.4g} [{}]\n", harness::to_string(c.verdict), c.claim,
                    harness::canonical_label(c.params.value_or(harness::Fields{})), c.target, c.statistic, c.p_method);
  }
  return text;
}

const std::vector<std::string> kClaims = {
    "UF.gap.laplace-identity", "UF.gap.lambda",    "UF.gap.bounds",           "UF.gap.envelope", "UF.gap.ties",
    "UF.gap.rank-collapse",    "UF.gap.criterion", "UF.family.equicorrelated"};

class DeterministicClaim : public ::testing::TestWithParam<std::string> {};

TEST_P(DeterministicClaim, PassesOnTheSmokeGrid) {
  const auto output = run({GetParam()}, harness::kDefaultSeed);
  ASSERT_FALSE(output.checks.empty());
  for (const auto& c : output.checks) {
    EXPECT_EQ(c.test, "deterministic");
    EXPECT_LE(c.statistic, 1.0) << c.target;
  }
  EXPECT_EQ(harness::worst_verdict(output.checks), harness::Verdict::pass) << describe(output, true);
  std::printf("%s", describe(output, false).c_str());
  for (const auto& t : output.timings)
    std::printf("time %s %s: %.2f s\n", t.claim.c_str(), harness::canonical_label(t.params).c_str(), t.seconds);
}

TEST_P(DeterministicClaim, PassesAtOtherSeeds) {
  for (std::uint32_t seed : {1u, 777u}) {
    const auto output = run({GetParam()}, seed);
    EXPECT_EQ(harness::worst_verdict(output.checks), harness::Verdict::pass) << "seed " << seed << "\n"
                                                                             << describe(output, true);
  }
}

INSTANTIATE_TEST_SUITE_P(UnifiedFramework, DeterministicClaim, ::testing::ValuesIn(kClaims), [](const auto& test_case) {
  std::string name = test_case.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
});

TEST(EquicorrelatedMutant, GapOnePlusRhoIsKilled) {
  const auto output = run({"UF.family.equicorrelated"}, harness::kDefaultSeed, "equicorrelated-gap-1-plus-rho");
  EXPECT_EQ(harness::worst_verdict(output.checks), harness::Verdict::fail);
  std::printf("%s", describe(output, true).c_str());
}

// The bound functions at the r of theory/unified_framework/THEORY.md §5, to the printed digits.
TEST(CollapseBounds, MatchTheNumbersOfSection5) {
  EXPECT_NEAR(top_two_bound(0.01), 0.003715954, 5e-10);
  EXPECT_NEAR(top_two_bound(0.1), 0.040875493, 5e-10);
  EXPECT_NEAR(entropy_bound(10.0), 0.33992842, 5e-9);
  EXPECT_NEAR(entropy_bound(100.0), 0.030354386, 5e-10);
}

// A bound made too strong is violated on the adversarial rows and 600 random rows (100 per
// family) at beta = r Lambda, r over the bounds' grid and 100 log-spaced values in [1e-3, 1e3]:
// the r < 1 bounds at 0.9 x bound (they are nearly attained: step rows with n = 3, r -> 0).
// The r > 1 bounds come from N(t) <= e^{Lambda t} integrated against e^{-beta t}; an integer N
// cannot follow e^{Lambda t} at small t, so they are attained only as r -> 1 with n^{r-1} -> inf
// (Z - 1 ~ zeta(r) - 1 on the row N(t) = floor(e^t)). Measured worst ratios on these rows 0.780
// (Z - 1), 0.652 (weighted gap sum), 0.449 (H): they are violated at 0.75, 0.6 and 0.4 x bound.
TEST(CollapseBounds, EveryBoundIsViolatedWhenMadeTooStrong) {
  std::vector<std::vector<double>> rows;
  const auto stream = rng::make_key(1, "deterministic_test", "rows");
  for (auto& row : adversarial_rows(stream, false)) rows.push_back(std::move(row.logits));
  // The random rows on which the ratios above were measured.
  const RowStreams streams{rng::make_key(1, "deterministic_test", "scores random rows"),
                           rng::make_key(1, "deterministic_test", "shape random rows")};
  for (const auto& family : gap_families()) {
    for (std::uint32_t i = 0; i < 100; ++i) rows.push_back(random_family_row(family, streams, i, 1000));
  }
  std::vector<double> ratios = bound_ratios_grid();
  for (int k = 1; k < 100; ++k) ratios.push_back(std::pow(10.0, -3 + 6.0 * k / 100));
  double d = 0, d_contact = 0, log_z = 0, z = 0, energy = 0, h = 0;
  for (const auto& logits : rows) {
    const auto profile = attention::gap_profile(std::span<const double>(logits));
    const auto scale = attention::accumulation_scale(profile);
    if (scale.ties || !std::isfinite(scale.lambda)) continue;
    for (double r : ratios) {
      const GapQuantities q = gap_quantities(profile, scale, r * scale.lambda);
      if (q.r < 1) {
        d = std::max(d, bound_ratio(q.top_two_difference, 0.9 * top_two_bound(q.r)));
        d_contact =
            std::max(d_contact, bound_ratio(q.top_two_difference, 0.9 * top_two_contact_bound(q.r, q.contact_entropy)));
        log_z = std::max(log_z, bound_ratio((1 - q.r) * q.contact_entropy / 0.9, q.log_partition));
      } else if (q.r > 1) {
        z = std::max(z, bound_ratio(q.partition_excess, 0.75 * partition_excess_bound(q.r)));
        energy = std::max(energy, bound_ratio(q.energy, 0.6 * energy_bound(q.r)));
        h = std::max(h, bound_ratio(q.entropy, 0.4 * entropy_bound(q.r)));
      }
    }
  }
  std::printf(
      "worst ratio to the strengthened bound: D %.4f, D (contact form) %.4f, log Z lower %.4f, Z - 1 %.4f, "
      "energy %.4f, H %.4f\n",
      d, d_contact, log_z, z, energy, h);
  EXPECT_GT(d, 1);
  EXPECT_GT(d_contact, 1);
  EXPECT_GT(log_z, 1);
  EXPECT_GT(z, 1);
  EXPECT_GT(energy, 1);
  EXPECT_GT(h, 1);
}

// The interval proof is not vacuous: it proves the bound on a step row where D is within 10% of
// it, and its ratio sup(D)/inf(bound) is the double ratio to within rounding.
// Step row n = 3: C = log 3, and at r = 1 - 1/C the contact form r C e^{-(1-r)C} equals
// e^{-1} r/(1-r); D = (1 - e^{-rC}) / (1 + 2 e^{-rC}) = 0.0334 against 0.0363 (ratio 0.92, by hand).
TEST(CertifyBounds, ProvesANearlyTightRow) {
  const std::vector<std::vector<double>> rows{{0, -1, -1}};
  const double r_tight[] = {1 - 1 / std::log(3.0)};
  const BoundCertificate proof = certify_collapse_bounds(rows, r_tight);
  EXPECT_EQ(proof.uncertified, 0u) << proof.worst_where;
  EXPECT_GT(proof.worst_ratio, 0.9);
  EXPECT_LT(proof.worst_ratio, 1);
  const auto profile = attention::gap_profile(std::span<const double>(rows[0]));
  const auto scale = attention::accumulation_scale(profile);
  const GapQuantities q = gap_quantities(profile, scale, r_tight[0] * scale.lambda);
  EXPECT_NEAR(proof.worst_ratio, q.top_two_difference / top_two_bound(q.r), 1e-12);
}

}  // namespace
}  // namespace attnlaw::theory::unified_framework
