// Calibration tests each check's p-values against its own null law (two-sided for a uniform one),
// and its counts below 0.05 and 0.01 against exact binomial bands, with Holm over all; a
// calibration resumed from its stored rows is the calibration run in one go, and an update reruns
// its claims on held-out seeds never used before.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "verify/harness/audit.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/stats/multiplicity.hpp"
#include "verify/stats/null/kolmogorov_smirnov.hpp"

namespace attnlaw::harness {
namespace {

// The one point of a test claim.
struct OnePoint {
  Fields fields() const { return {}; }
};

Check planted_check(const char* name, double p, NullLaw law) {
  Check c;
  c.test = name;
  c.p_value = p;
  c.p_method = "planted";
  c.null_law = law;
  return c;
}

// p-values with known laws under the calibration seeds (u ~ U(0,1) from the point's stream): U
// (calibrated), U^2 (too many small: ECDF sqrt(u)), sqrt(U) (piled near 1: ECDF u^2), and the
// constant 1, each under the null law it claims; and a deterministic check that fails when a
// second uniform is below 0.02.
ExperimentResult planted_p_values(const OnePoint&, const NoModel&, const PointContext& at) {
  rng::SampleSource source(at.streams.key(), 0, 0);
  const double u = source.next_uniform();
  const double v = source.next_uniform();
  ExperimentResult out;
  out.checks.push_back(planted_check("uniform", u, NullLaw::uniform));
  out.checks.push_back(planted_check("squared", u * u, NullLaw::uniform));
  out.checks.push_back(planted_check("near-one", std::sqrt(u), NullLaw::uniform));
  out.checks.push_back(planted_check("near-one-conservative", std::sqrt(u), NullLaw::conservative));
  out.checks.push_back(planted_check("one-conservative", 1.0, NullLaw::conservative));
  out.checks.push_back(planted_check("one-called-uniform", 1.0, NullLaw::uniform));
  out.checks.push_back(planted_check("squared-conservative", u * u, NullLaw::conservative));
  Check d;
  d.test = "deterministic";
  d.deterministic_holds = v >= 0.02;
  out.checks.push_back(std::move(d));
  return out;
}

std::unique_ptr<Claim> test_claim(std::string id, std::string statement,
                                  ExperimentResult (*run)(const OnePoint&, const NoModel&, const PointContext&)) {
  auto claim = std::make_unique<ClaimSpec<NoModel>>(
      ClaimInfo{std::move(id), "ST", "none", std::move(statement), Provenance::derived, "[derived]"},
      ModelChoice<NoModel>{NoModel{}});
  claim->experiment("planted", Grid<OnePoint>{.smoke = {{}}, .standard = {{}}}, run);
  return claim;
}

std::unique_ptr<Claim> p_value_claim() { return test_claim("TEST.p-values", "planted p-value laws", planted_p_values); }

const Registry& one_claim() {
  static const Registry registry = [] {
    Registry r;
    r.add(p_value_claim());
    return r;
  }();
  return registry;
}

std::vector<CalibrationRow> run(std::size_t seeds, std::vector<CalibrationRow> resume = {}, std::size_t set = 0) {
  RunOptions options;
  options.threads = 1;
  return calibrate(select_claims(one_claim(), options), options, CalibrationPlan{set, seeds}, nullptr,
                   std::move(resume));
}

// Each miscalibration is flagged and the calibrated checks are not. The seeds are fixed, so the
// outcomes are; what each assertion would do over random seeds: a correct check is flagged with
// probability <= 0.01 (the family-wise alpha, Holm); U^2, sqrt(U) and the constant 1 under a
// uniform law have AD p-values far below 1e-10 at 200 values (sup |ECDF - u| = 1/4 or 1), so they
// are flagged with probability > 1 - 1e-6.
TEST(AuditCalibration, FlagsMiscalibratedPValuesTwoSidedAndCalibratedOnesNot) {
  const auto rows = run(200);
  ASSERT_EQ(rows.size(), 8u);
  for (const auto& r : rows) EXPECT_EQ(r.seeds, 200u);
  EXPECT_FALSE(rows[0].flagged) << rows[0].uniformity_p;
  EXPECT_GT(rows[0].uniformity_p, 1e-3);
  EXPECT_TRUE(rows[1].flagged) << "too many small p-values";
  EXPECT_LT(rows[1].uniformity_p, 1e-10);
  EXPECT_TRUE(rows[2].flagged) << "p-values piled near 1 are a fault of a uniform check (two-sided)";
  EXPECT_LT(rows[2].uniformity_p, 1e-10);
  EXPECT_FALSE(rows[3].flagged) << "the same pile-up is allowed to a conservative check";
  EXPECT_FALSE(rows[4].flagged) << "a conservative check with p = 1 is not an anomaly";
  EXPECT_TRUE(rows[5].flagged) << "p = 1 under a uniform law is";
  // U^2 under a conservative law: D+ = 1/4, P(D+_200 >= 1/4) ~ exp(-2 200 / 16) = 1.4e-11.
  EXPECT_TRUE(rows[6].flagged);
  EXPECT_LT(rows[6].uniformity_p, 1e-8);
  // Counts: U^2 <= 0.05 with probability sqrt(0.05) = 0.22, so about 45 of 200 where 10 are expected.
  EXPECT_GT(rows[1].counts[0].count, rows[1].counts[0].band_hi);
  EXPECT_LT(rows[2].counts[0].count, 3u) << "sqrt(U) <= 0.05 with probability 0.0025";
  // The deterministic check: not a statistical row, and its failures are counted (P(v < 0.02) per
  // seed: about 4 of 200; none with probability 0.98^200 = 0.018).
  EXPECT_FALSE(rows[7].statistical);
  EXPECT_FALSE(rows[7].flagged);
  EXPECT_GT(rows[7].fails, 0u);
  EXPECT_LT(rows[7].fails, 15u);
}

// A checkpoint after one, two or three seeds (AD's finite-n law is refused below 4 values): the
// uniform rows take the exact KS test there, and nothing throws.
TEST(AuditCalibration, FirstSeedsCheckpointWithoutAndersonDarling) {
  for (std::size_t seeds : {1u, 2u, 3u}) {
    const auto rows = run(seeds);
    ASSERT_EQ(rows.size(), 8u);
    EXPECT_GE(rows[0].uniformity_p, 0.0);
    EXPECT_LE(rows[0].uniformity_p, 1.0);
  }
}

// The tests behind the flags, at their stated rates, by Monte Carlo on fresh uniforms: under the
// null, the uniformity test's p-value is <= 0.01 in 1% of sets, and the count falls within the
// exact binomial band at level 1e-6; a pile-up near 1 is seen by the two-sided test and not by the
// conservative one.
TEST(AuditUniformityTest, HasItsSizeAndSeesPileUpsOnlyWhenTwoSided) {
  constexpr std::size_t kSets = 2000, kN = 100;
  rng::SampleSource source(rng::make_key(7, "audit_test", "uniformity"), 0, 0);
  std::size_t null_rejections = 0, piled_two_sided = 0, piled_one_sided = 0;
  std::vector<double> u(kN), piled(kN);
  for (std::size_t r = 0; r < kSets; ++r) {
    for (std::size_t i = 0; i < kN; ++i) {
      u[i] = source.next_uniform();
      piled[i] = std::sqrt(u[i]);
    }
    null_rejections += uniformity_test(u, NullLaw::uniform).p_value <= 0.01;
    if (r < 200) {
      piled_two_sided += uniformity_test(piled, NullLaw::uniform).p_value <= 0.01;
      piled_one_sided += uniformity_test(piled, NullLaw::conservative).p_value <= 0.01;
    }
  }
  // Binomial(2000, 0.01): mean 20; P(X <= 4) and P(X >= 45) are both below 1e-6 (exact).
  EXPECT_GE(null_rejections, 5u);
  EXPECT_LE(null_rejections, 44u);
  // sqrt(U) at n = 100: sup |ECDF - u| = 1/4 and the AD statistic near 10 (p ~ 1e-5); power at
  // 0.01 above 0.99, so fewer than 190 of 200 has probability below 1e-6.
  EXPECT_GE(piled_two_sided, 190u);
  // One-sided: ECDF u^2 <= u, D+ ~ 0 and p ~ 1: none rejects.
  EXPECT_EQ(piled_one_sided, 0u);
}

// P(X <= k) by summation of the pmf in long double from the lower end, P(X >= k) from the upper:
// a route independent of boost's incomplete beta.
long double pmf(std::size_t k, std::size_t n, double q) {
  const long double nn = n, kk = k;
  return std::exp(std::lgamma(nn + 1) - std::lgamma(kk + 1) - std::lgamma(nn - kk + 1) + kk * std::log((long double)q) +
                  (nn - kk) * std::log1p(-(long double)q));
}
// P(X <= k) for every k, summed from the lower end, and P(X >= k), summed from the upper end.
std::vector<long double> cdf_by_sum(std::size_t n, double q) {
  std::vector<long double> out(n + 1);
  long double s = 0;
  for (std::size_t j = 0; j <= n; ++j) out[j] = s += pmf(j, n, q);
  return out;
}
std::vector<long double> sf_by_sum(std::size_t n, double q) {
  std::vector<long double> out(n + 1);
  long double s = 0;
  for (std::size_t j = n + 1; j-- > 0;) out[j] = s += pmf(j, n, q);
  return out;
}

TEST(AuditBinomialBand, MatchesExactValuesComputedIndependently) {
  // Hand values: P(X = 0) for Binomial(10, 1/2) is 2^-10, so its two-sided p is 2^-9.
  EXPECT_DOUBLE_EQ(count_p_value(0, 10, 0.5, NullLaw::uniform), 1.0 / 512);
  EXPECT_DOUBLE_EQ(count_p_value(10, 10, 0.5, NullLaw::conservative), 1.0 / 1024);
  EXPECT_NEAR(binomial_cdf(0, 200, 0.01), std::pow(0.99, 200), 1e-15);
  // At 200 seeds the band at 0.01 has no lower end (P(X = 0) = 0.134) at any level below 0.27.
  EXPECT_EQ(binomial_band(200, 0.01, 1e-3, NullLaw::uniform).first, 0u);
  for (std::size_t n : {8u, 200u, 500u, 831u, 1205u, 3000u}) {
    for (double q : {0.05, 0.01}) {
      const auto cdf = cdf_by_sum(n, q), sf = sf_by_sum(n, q);
      for (double beta : {1e-3, 0.01 / 909, 0.01 / 21}) {
        for (NullLaw law : {NullLaw::uniform, NullLaw::conservative}) {
          const long double tail = law == NullLaw::uniform ? beta / 2 : beta;
          std::size_t lo = 0, hi = n;
          if (law == NullLaw::uniform) {
            while (cdf[lo] < tail) ++lo;
          }
          while (sf[hi] < tail) --hi;
          const auto band = binomial_band(n, q, beta, law);
          EXPECT_EQ(band.first, lo) << n << " " << q << " " << beta << " " << to_string(law);
          EXPECT_EQ(band.second, hi) << n << " " << q << " " << beta << " " << to_string(law);
          // Inside the band the exact p is >= beta, just outside it is below.
          EXPECT_GE(count_p_value(hi, n, q, law), beta * (1 - 1e-9));
          if (hi < n) {
            EXPECT_LT(count_p_value(hi + 1, n, q, law), beta);
          }
          if (lo > 0) {
            EXPECT_LT(count_p_value(lo - 1, n, q, law), beta);
          }
          EXPECT_NEAR(binomial_sf_inclusive(hi, n, q), static_cast<double>(sf[hi]), 1e-12);
        }
      }
    }
  }
}

// The seeds a band needs for a lower end: the least S with (1 - level)^S < beta / 2, which is the
// first S at which the band's lower end is 1.
TEST(AuditBinomialBand, SeedsForContentIsWhereTheLowerEndAppears) {
  for (double level : {0.05, 0.01}) {
    for (double beta : {1e-3, 0.01 / 909, 0.01 / 21}) {
      const std::size_t s = seeds_for_content(level, beta);
      EXPECT_EQ(s, static_cast<std::size_t>(std::floor(std::log(beta / 2) / std::log(1 - level))) + 1);
      EXPECT_EQ(binomial_band(s - 1, level, beta, NullLaw::uniform).first, 0u);
      EXPECT_EQ(binomial_band(s, level, beta, NullLaw::uniform).first, 1u);
    }
  }
  // The smoke battery's 303 statistical checks: 909 tests at family alpha 0.01.
  EXPECT_EQ(seeds_for_content(0.01, 0.01 / 909), 1206u);
  EXPECT_EQ(seeds_for_content(0.05, 0.01 / 909), 237u);
  EXPECT_EQ(default_seeds(303), 1206u);
}

// Holm over every test of every statistical row, and within each paper: the adjusted p-values are
// holm_adjust's over the raw ones, in row order, three per row.
TEST(AuditCalibration, HolmOverAllTestsAndWithinEachPaper) {
  auto rows = run(40);
  rows.push_back(rows[0]);
  rows.back().paper = "XX";
  rows.push_back(rows[1]);
  rows.back().paper = "XX";
  summarise(rows);
  std::vector<double> raw, raw_st, raw_xx;
  for (const auto& r : rows) {
    if (!r.statistical) continue;
    auto& own = r.paper == "XX" ? raw_xx : raw_st;
    for (auto* v : {&raw, &own}) {
      v->push_back(r.uniformity_p);
      for (const auto& t : r.counts) v->push_back(t.p);
    }
  }
  ASSERT_EQ(raw.size(), 3u * 9u);
  const auto all = stats::holm_adjust(raw), st = stats::holm_adjust(raw_st), xx = stats::holm_adjust(raw_xx);
  std::size_t k = 0, k_st = 0, k_xx = 0;
  for (const auto& r : rows) {
    if (!r.statistical) continue;
    std::size_t& kp = r.paper == "XX" ? k_xx : k_st;
    const auto& paper = r.paper == "XX" ? xx : st;
    EXPECT_EQ(r.uniformity_p_holm, all[k]);
    EXPECT_EQ(r.uniformity_p_holm_paper, paper[kp]);
    bool flag = all[k] < kFamilyAlpha, flag_paper = paper[kp] < kFamilyAlpha;
    for (std::size_t l = 0; l < kCountLevels.size(); ++l) {
      EXPECT_EQ(r.counts[l].p_holm, all[k + 1 + l]);
      EXPECT_EQ(r.counts[l].p_holm_paper, paper[kp + 1 + l]);
      flag = flag || all[k + 1 + l] < kFamilyAlpha;
      flag_paper = flag_paper || paper[kp + 1 + l] < kFamilyAlpha;
    }
    EXPECT_EQ(r.flagged, flag);
    EXPECT_EQ(r.flagged_paper, flag_paper);
    k += 3;
    kp += 3;
  }
}

// Without --seeds the run holds the fewest seeds that give every band a lower end.
TEST(AuditCalibration, DefaultSeedsGiveTheBandsContent) {
  const auto rows = run(0);
  const std::size_t expected = default_seeds(7);  // 7 statistical checks, 21 tests
  EXPECT_EQ(expected, seeds_for_content(0.01, 0.01 / 21));
  EXPECT_EQ(rows.front().seeds, expected);
  EXPECT_GE(rows[0].counts[1].band_lo, 1u) << "a uniform check that never gives p <= 0.01 is out of its band";
  EXPECT_FALSE(rows[0].flagged) << rows[0].uniformity_p;
}

// Bit for bit: a calibration resumed or updated must be the one run in one go.
void expect_same_rows(const std::vector<CalibrationRow>& got, const std::vector<CalibrationRow>& whole) {
  ASSERT_EQ(got.size(), whole.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(got[i].test, whole[i].test) << i;
    EXPECT_EQ(got[i].p_values, whole[i].p_values) << i;
    EXPECT_EQ(got[i].seeds, whole[i].seeds) << i;
    EXPECT_EQ(got[i].seed_set, whole[i].seed_set) << i;
    EXPECT_EQ(got[i].fails, whole[i].fails) << i;
    EXPECT_EQ(got[i].uniformity_p, whole[i].uniformity_p) << i;
    EXPECT_EQ(got[i].flagged, whole[i].flagged) << i;
  }
}

// The rows through calibration.json and back, as --resume reads them.
std::vector<CalibrationRow> through_document(const std::vector<CalibrationRow>& rows, std::size_t seeds) {
  RunOptions options;
  return calibration_rows_from(nlohmann::json::parse(calibration_document(rows, options, seeds).dump()), options);
}

TEST(AuditCalibration, ResumedRunIsTheRunInOneGo) {
  expect_same_rows(run(12, run(5)), run(12));
  expect_same_rows(run(12, through_document(run(5), 12)), run(12));
  expect_same_rows(run(9, through_document(run(4, {}, 2), 9), 2), run(9, {}, 2));
}

TEST(AuditCalibration, ResumeRefusesRowsThisCodeDoesNotReproduce) {
  auto stored = run(5);
  stored[0].p_values.back() = std::nextafter(stored[0].p_values.back(), 2.0);
  EXPECT_THROW(run(8, stored), std::runtime_error);
  auto renamed = run(5);
  renamed[3].test = "something-else";
  EXPECT_THROW(run(8, renamed), std::runtime_error);
  EXPECT_THROW(run(4, run(5)), std::invalid_argument);
  EXPECT_THROW(run(8, run(5), 1), std::invalid_argument) << "discovery rows resumed as held-out";
  auto doc = nlohmann::json::parse(calibration_document(run(3), RunOptions{}, 3).dump());
  doc["schema_version"] = 1;
  EXPECT_THROW(calibration_rows_from(doc, RunOptions{}), std::invalid_argument);
}

// Seed sets: discovery and held-out sets use disjoint index ranges, and their 32-bit seeds differ.
TEST(AuditSeedSets, AreNamedAndDisjoint) {
  EXPECT_EQ(SeedSet({0, 5}).name(), "discovery");
  EXPECT_EQ(SeedSet({3, 5}).name(), "held-out-3");
  EXPECT_EQ(seed_set_number("held-out-12"), 12u);
  EXPECT_EQ(seed_set_number("discovery"), 0u);
  EXPECT_THROW(seed_set_number("held-out-0"), std::invalid_argument);
  EXPECT_THROW(seed_set_number("fresh"), std::invalid_argument);
  EXPECT_EQ(SeedSet({2, 5}).seed(3), calibration_seed(2'000'003));
  std::vector<SeedSet> sets;
  for (std::size_t k = 0; k <= 5; ++k) sets.push_back({k, 20000});
  EXPECT_TRUE(seed_sets_disjoint(sets));
}

// A p-value of 4e-7 every seed: below alpha = 1e-6 after Holm beside its claim's other check
// (2 x 4e-7), above it beside the seven checks of TEST.p-values too (at least 8 x 4e-7), so its
// fails depend on what it is run with; and
// a p-value that depends on the seed, to see which seeds a row was run on.
ExperimentResult near_threshold(const OnePoint&, const NoModel&, const PointContext& at) {
  ExperimentResult out;
  out.checks.push_back(planted_check("near-threshold", 4e-7, NullLaw::uniform));
  rng::SampleSource source(at.streams.key(), 0, 0);
  out.checks.push_back(planted_check("seeded", source.next_uniform(), NullLaw::uniform));
  Check c;
  c.test = "deterministic";
  c.deterministic_holds = true;
  out.checks.push_back(std::move(c));
  return out;
}

const Registry& two_claims() {
  static const Registry registry = [] {
    Registry r;
    r.add(p_value_claim());
    r.add(test_claim("TEST.near-threshold", "a p-value near alpha", near_threshold));
    return r;
  }();
  return registry;
}

// --update reruns the named claim on a held-out seed set, keeps the other rows as stored, and
// recounts the policy FAILs with Holm over every row of the paper.
TEST(AuditCalibrationUpdate, RerunsOnHeldOutSeedsAndKeepsTheRest) {
  RunOptions options;
  options.threads = 1;
  const auto battery = select_claims(two_claims(), options);
  const auto whole = calibrate(battery, options, CalibrationPlan{0, 6}, nullptr);
  ASSERT_EQ(whole.size(), 11u);
  EXPECT_EQ(whole[8].fails, 0u) << "Holm over nine p-values: >= 3.2e-6 > alpha";
  RunOptions alone = options;
  alone.claim_ids = {"TEST.near-threshold"};
  const auto alone_rows = calibrate(select_claims(two_claims(), alone), alone, CalibrationPlan{0, 6}, nullptr);
  EXPECT_EQ(alone_rows[0].fails, 6u) << "alone, 2 x 4e-7 < alpha";
  const auto held_out = calibrate(select_claims(two_claims(), alone), alone, CalibrationPlan{1, 6}, nullptr);

  // The rerun claim's stored rows do not matter (they are replaced); they may even be wrong.
  auto stored = whole;
  stored[8].p_values.assign(6, 0.5);
  stored[8].fails = 6;
  std::size_t seen = 0;
  const auto updated =
      update_calibration(battery, {"TEST.near-threshold"}, options, stored, 1,
                         [&](std::size_t, std::size_t, const std::vector<CalibrationRow>&) { ++seen; });
  EXPECT_EQ(seen, 6u);
  ASSERT_EQ(updated.size(), whole.size());
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(updated[i].p_values, whole[i].p_values) << i;
    EXPECT_EQ(updated[i].seed_set, 0u) << i;
  }
  for (std::size_t i = 8; i < 11; ++i) {
    EXPECT_EQ(updated[i].seed_set, 1u) << i;
    EXPECT_EQ(updated[i].p_values, held_out[i - 8].p_values) << i;
  }
  EXPECT_NE(updated[9].p_values, whole[9].p_values) << "held-out seeds are not the discovery seeds";
  EXPECT_EQ(updated[8].fails, 0u) << "recounted under Holm beside the kept rows";

  // A set once used is not used again; the discovery set cannot confirm a fix.
  EXPECT_THROW(update_calibration(battery, {"TEST.near-threshold"}, options, updated, 1, nullptr),
               std::invalid_argument);
  EXPECT_THROW(update_calibration(battery, {"TEST.near-threshold"}, options, stored, 0, nullptr),
               std::invalid_argument);
  EXPECT_EQ(next_held_out(updated), 2u);
  // The kept held-out rows are guarded at the last seed of their own set.
  const auto again = update_calibration(battery, {"TEST.p-values"}, options, updated, 2, nullptr);
  for (std::size_t i = 8; i < 11; ++i) EXPECT_EQ(again[i].p_values, updated[i].p_values);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(again[i].seed_set, 2u);
  auto tampered = updated;
  tampered[9].p_values.back() = std::nextafter(tampered[9].p_values.back(), 2.0);
  EXPECT_THROW(update_calibration(battery, {"TEST.p-values"}, options, tampered, 2, nullptr), std::runtime_error);
}

TEST(AuditCalibrationUpdate, RefusesKeptRowsThisCodeDoesNotReproduce) {
  RunOptions options;
  options.threads = 1;
  const auto battery = select_claims(two_claims(), options);
  auto stored = calibrate(battery, options, CalibrationPlan{0, 4}, nullptr);
  stored[0].p_values.back() = std::nextafter(stored[0].p_values.back(), 2.0);
  EXPECT_THROW(update_calibration(battery, {"TEST.near-threshold"}, options, stored, 1, nullptr), std::runtime_error);
  auto earlier = stored;
  earlier[0].p_values.front() = 0.5;  // only the last seed is rerun: an earlier one is not checked
  earlier[0].p_values.back() = calibrate(battery, options, CalibrationPlan{0, 4}, nullptr)[0].p_values.back();
  EXPECT_NO_THROW(update_calibration(battery, {"TEST.near-threshold"}, options, earlier, 1, nullptr));
  EXPECT_THROW(update_calibration(battery, {"TEST.no-such-claim"}, options, earlier, 1, nullptr),
               std::invalid_argument);
}

// The document counts deterministic checks apart and says so in its headline; it names the seed
// set of every row and the updates.
TEST(AuditCalibrationDocument, CountsDeterministicChecksApartAndNamesSeedSets) {
  RunOptions options;
  options.threads = 1;
  const auto battery = select_claims(two_claims(), options);
  const auto stored = calibrate(battery, options, CalibrationPlan{0, 30}, nullptr);
  const auto rows = update_calibration(battery, {"TEST.near-threshold"}, options, stored, 1, nullptr);
  const Json doc = calibration_document(rows, options, 30, {{{"TEST.near-threshold"}, 1, {0}}});
  EXPECT_EQ(doc["schema_version"], 2);
  EXPECT_EQ(doc["summary"]["statistical"], 9u);
  EXPECT_EQ(doc["summary"]["deterministic"], 2u);
  EXPECT_EQ(doc["multiplicity"]["tests"], 27u);
  EXPECT_EQ(doc["seed_sets"].size(), 2u);
  EXPECT_EQ(doc["seed_sets"][1]["name"], "held-out-1");
  EXPECT_EQ(doc["seed_sets"][1]["first_index"], 1000000u);
  EXPECT_EQ(doc["checks"][9]["seed_set"], "held-out-1");
  EXPECT_EQ(doc["checks"][10]["kind"], "deterministic");
  EXPECT_EQ(doc["updates"][0]["replaced"], Json::array({"discovery"}));
  const std::string headline = doc["headline"];
  EXPECT_NE(headline.find("9 statistical checks over 30 seeds"), std::string::npos) << headline;
  EXPECT_NE(headline.find("2 deterministic checks: not calibrated (no randomness), 1 did not hold"), std::string::npos)
      << headline;
  EXPECT_NE(headline.find("no lower end"), std::string::npos) << headline;
  // The figure's band: the exact KS band at 0.01 / 9 curves for 30 values.
  const double d = doc["ecdf_bands"]["ST"]["halfwidth"];
  EXPECT_NEAR(stats::ks_two_sided_sf(30, d), 0.01 / 9, 1e-9);
  // Rows and updates read back.
  EXPECT_EQ(calibration_updates_from(nlohmann::json::parse(doc.dump()))[0].seed_set, 1u);
  expect_same_rows(calibration_rows_from(nlohmann::json::parse(doc.dump()), options), rows);
}

// A claim that carries planted bugs, for a catalogue of the harness's own: its model is a number.
std::unique_ptr<Claim> planting_claim(std::string id, const std::vector<std::string>& planted) {
  std::vector<ModelChoice<int>::Planted> models;
  for (const std::string& name : planted) models.push_back({name, static_cast<int>(models.size()) + 1});
  auto claim = std::make_unique<ClaimSpec<int>>(
      ClaimInfo{std::move(id), "ST", "none", "plants bugs", Provenance::derived, "[derived]"},
      ModelChoice<int>{0, std::move(models)});
  claim->experiment("none", Grid<OnePoint>{.smoke = {{}}, .standard = {{}}},
                    [](const OnePoint&, const int&, const PointContext&) { return ExperimentResult{}; });
  return claim;
}

Registry planting_registry() {
  Registry r;
  r.add(planting_claim("TEST.a", {"bug-one", "bug-two"}));
  r.add(planting_claim("TEST.b", {"bug-two"}));
  r.add_mutant("bug-one", "the first planted bug");
  r.add_mutant("bug-two", "the second planted bug");
  r.validate();
  return r;
}

// The catalogue knows which claims carry each mutant, and refuses a planted bug it does not name
// or a catalogued one no claim carries.
TEST(AuditMutantCatalogue, NamesTheClaimsThatCarryEachMutant) {
  const Registry r = planting_registry();
  ASSERT_EQ(r.mutants().size(), 2u);
  EXPECT_EQ(r.mutants()[0].claims, std::vector<std::string>{"TEST.a"});
  EXPECT_EQ(r.mutants()[1].claims, (std::vector<std::string>{"TEST.a", "TEST.b"}));

  Registry unnamed;
  unnamed.add(planting_claim("TEST.a", {"bug-one"}));
  EXPECT_THROW(unnamed.validate(), std::logic_error);
  Registry uncarried;
  uncarried.add_mutant("bug-one", "carried by no claim");
  EXPECT_THROW(uncarried.validate(), std::logic_error);
}

// --update keeps the stored rows of mutants not rerun, replaces the rerun ones, recomputes the
// kill rate over all current mutants, and refuses a stored document it cannot stand on.
TEST(AuditMutantsUpdate, ReplacesTheRerunRowsAndRefusesStaleOnes) {
  const Registry registry = planting_registry();
  RunOptions options;
  Json stored = mutants_document({}, options);
  for (const Mutant& m : registry.mutants()) {
    stored["mutants"].push_back({{"name", m.name},
                                 {"description", m.description},
                                 {"claims", m.claims},
                                 {"killed", true},
                                 {"killed_by", m.claims},
                                 {"failing_checks", Json::array()}});
  }
  const Mutant& first = registry.mutants().front();
  Json fresh = mutants_document({}, options);
  fresh["mutants"].push_back({{"name", first.name},
                              {"description", first.description},
                              {"claims", first.claims},
                              {"killed", false},
                              {"killed_by", Json::array()},
                              {"failing_checks", Json::array()}});

  const Json merged = update_mutants_document(registry, stored, fresh);
  ASSERT_EQ(merged["mutants"].size(), registry.mutants().size());
  EXPECT_FALSE(merged["mutants"][0]["killed"].get<bool>());
  EXPECT_TRUE(merged["mutants"][1]["killed"].get<bool>());
  EXPECT_EQ(merged["rerun"], Json::array({first.name}));
  const double n = static_cast<double>(registry.mutants().size());
  EXPECT_DOUBLE_EQ(merged["kill_rate"].get<double>(), (n - 1) / n);

  Json other_battery = stored;
  other_battery["battery"] = other_battery["battery"] == "full" ? "smoke" : "full";
  EXPECT_THROW(update_mutants_document(registry, other_battery, fresh), std::invalid_argument);
  Json missing = stored;
  missing["mutants"].erase(missing["mutants"].size() - 1);
  EXPECT_THROW(update_mutants_document(registry, missing, fresh), std::invalid_argument);
  Json stale = stored;
  stale["mutants"][1]["claims"] = Json::array({"SL.some-other-claim"});
  EXPECT_THROW(update_mutants_document(registry, stale, fresh), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::harness
