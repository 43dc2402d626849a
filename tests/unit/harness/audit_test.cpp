// Calibration tests each check's p-values against its own null law; a calibration resumed from
// its stored rows, or updated by rerunning some claims, is the calibration run in one go.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "verify/harness/audit.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::harness {
namespace {

// The one point of a test claim.
struct OnePoint {
  Fields fields() const { return {}; }
};

// p-values with known laws under the calibration seeds: U, 1 (a composite null well inside its
// band), and U^2 (too many small p-values).
ExperimentResult planted_p_values(const OnePoint&, const NoModel&, const PointContext& at) {
  rng::SampleSource source(at.streams.key(), 0, 0);
  const double u = source.next_uniform();
  ExperimentResult out;
  const auto add = [&](const char* name, double p, NullLaw law) {
    Check c;
    c.test = name;
    c.p_value = p;
    c.p_method = "planted";
    c.null_law = law;
    out.checks.push_back(std::move(c));
  };
  add("uniform", u, NullLaw::uniform);
  add("inside-band", 1.0, NullLaw::conservative);
  add("inside-band-called-uniform", 1.0, NullLaw::uniform);
  add("small-excess", u * u, NullLaw::conservative);
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

std::vector<CalibrationRow> run(std::size_t seeds, std::vector<CalibrationRow> resume = {}) {
  static const Registry registry = [] {
    Registry r;
    r.add(p_value_claim());
    return r;
  }();
  RunOptions options;
  options.threads = 1;
  return calibrate(select_claims(registry, options), options, seeds, nullptr, std::move(resume));
}

TEST(Calibration, EachCheckIsTestedAgainstItsOwnNullLaw) {
  const auto rows = run(200);
  ASSERT_EQ(rows.size(), 4u);
  // Seeds are fixed, so these outcomes are fixed; under the planted laws each holds with
  // probability >= 1 - 1e-4 (the flag level) or far more.
  EXPECT_FALSE(rows[0].uniformity_flag) << rows[0].uniformity_p;
  EXPECT_FALSE(rows[1].uniformity_flag) << "a conservative check with p = 1 is not an anomaly";
  EXPECT_TRUE(rows[2].uniformity_flag) << "the same p-values under a uniform law are";
  // U^2: the ECDF at u is sqrt(u), D+ = 1/4, P(D+_200 >= 1/4) ~ exp(-2 200 / 16) = 1.4e-11.
  EXPECT_TRUE(rows[3].uniformity_flag) << rows[3].uniformity_p;
  EXPECT_LT(rows[3].uniformity_p, 1e-8);
  for (const auto& r : rows) EXPECT_EQ(r.seeds, 200u);
}

// Bit for bit: a calibration resumed or updated must be the one run in one go.
void expect_same_calibration(const std::vector<CalibrationRow>& got, const std::vector<CalibrationRow>& whole) {
  ASSERT_EQ(got.size(), whole.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(got[i].test, whole[i].test) << i;
    EXPECT_EQ(got[i].p_values, whole[i].p_values) << i;
    EXPECT_EQ(got[i].seeds, whole[i].seeds) << i;
    EXPECT_EQ(got[i].fails, whole[i].fails) << i;
    EXPECT_EQ(got[i].uniformity_p, whole[i].uniformity_p) << i;
  }
}

TEST(Calibration, ResumedRunIsTheRunInOneGo) { expect_same_calibration(run(12, run(5)), run(12)); }

TEST(Calibration, ResumeRefusesRowsThisCodeDoesNotReproduce) {
  auto stored = run(5);
  stored[0].p_values.back() = std::nextafter(stored[0].p_values.back(), 2.0);
  EXPECT_THROW(run(8, stored), std::runtime_error);
  auto renamed = run(5);
  renamed[3].test = "something-else";
  EXPECT_THROW(run(8, renamed), std::runtime_error);
  EXPECT_THROW(run(4, run(5)), std::invalid_argument);
}

// A p-value of 6e-7 every seed: below alpha = 1e-6 alone, above it after Holm beside the four
// checks of TEST.p-values (5 x 6e-7 = 3e-6), so its fails depend on what it is run with.
ExperimentResult near_threshold(const OnePoint&, const NoModel&, const PointContext&) {
  ExperimentResult out;
  Check c;
  c.test = "near-threshold";
  c.p_value = 6e-7;
  c.p_method = "planted";
  out.checks.push_back(c);
  c.test = "deterministic";
  c.p_value.reset();
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

TEST(CalibrationUpdate, IsTheRunInOneGoWithHolmOverEveryRow) {
  RunOptions options;
  options.threads = 1;
  const auto battery = select_claims(two_claims(), options);
  const auto whole = calibrate(battery, options, 6, nullptr);
  ASSERT_EQ(whole.size(), 6u);
  EXPECT_EQ(whole[4].fails, 0u) << "Holm over five p-values: 3e-6 > alpha";
  RunOptions alone = options;
  alone.claim_ids = {"TEST.near-threshold"};
  EXPECT_EQ(calibrate(select_claims(two_claims(), alone), alone, 6, nullptr)[0].fails, 6u) << "alone, 6e-7 < alpha";

  // The rerun claim's stored rows do not matter (they are replaced); they may even be wrong.
  auto stored = whole;
  stored[4].p_values.assign(6, 0.5);
  stored[4].fails = 6;
  std::size_t seen = 0;
  const auto updated = update_calibration(battery, {"TEST.near-threshold"}, options, stored,
                                          [&](std::size_t, const std::vector<CalibrationRow>&) { ++seen; });
  EXPECT_EQ(seen, 6u);
  expect_same_calibration(updated, whole);
}

TEST(CalibrationUpdate, RefusesKeptRowsThisCodeDoesNotReproduce) {
  RunOptions options;
  options.threads = 1;
  const auto battery = select_claims(two_claims(), options);
  auto stored = calibrate(battery, options, 4, nullptr);
  stored[0].p_values.back() = std::nextafter(stored[0].p_values.back(), 2.0);
  EXPECT_THROW(update_calibration(battery, {"TEST.near-threshold"}, options, stored, nullptr), std::runtime_error);
  auto earlier = stored;
  earlier[0].p_values.front() = 0.5;  // only the last seed is rerun: an earlier one is not checked
  earlier[0].p_values.back() = calibrate(battery, options, 4, nullptr)[0].p_values.back();
  EXPECT_NO_THROW(update_calibration(battery, {"TEST.near-threshold"}, options, earlier, nullptr));
  EXPECT_THROW(update_calibration(battery, {"TEST.no-such-claim"}, options, earlier, nullptr), std::invalid_argument);
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
TEST(MutantCatalogue, NamesTheClaimsThatCarryEachMutant) {
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
TEST(MutantsUpdate, ReplacesTheRerunRowsAndRefusesStaleOnes) {
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
