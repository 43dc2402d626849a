// A point's outcome survives JSON exactly: what --resume reads back and what MPI ranks send must
// give the results.json of the run that computed it, to the last bit.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "verify/harness/experiment_json.hpp"
#include "verify/harness/policy.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::harness {
namespace {

// Every kind of value a claim emits, with the awkward ones: NaN, both infinities, -0, a double
// that prints as an integer, the smallest subnormal, 0.1 (no short binary form), empty vectors.
PointOutcome awkward_outcome() {
  PointOutcome out;
  out.seconds = 0.1;
  Check a;
  a.test = "z-test";
  a.target = "mean ~ N(0, 1)";
  a.params = Fields{{"n", 1000000},
                    {"beta", 3.0},
                    {"exact", true},
                    {"law", "vmf"},
                    {"ladder", std::vector<double>{0.1, -0.0, 1e300}}};
  a.statistic = -0.0;
  a.p_value = std::numeric_limits<double>::denorm_min();
  a.p_method = "normal";
  a.effect = Effect{"mean - mu0", 0.1, {-INFINITY, INFINITY}};
  a.detectable_law = DetectableLaw{
      .formula = DetectableLaw::Formula::proportion_shift, .name = "|p - p0|", .p0 = 0.3, .offset = 0.01, .m = 777};
  a.detectable_target = 0.05;
  a.null_law = NullLaw::conservative;
  Check b;
  b.test = "deterministic";
  b.statistic = NAN;
  b.p_method = "bound";
  b.deterministic_holds = false;
  out.result.checks = {a, b};
  Figure curves;
  curves.id = "fig";
  curves.claim = "SL.x";
  curves.title = "t";
  curves.log_y = true;
  curves.series = {Series{"s", "errorbars", {1, 2}, {NAN, 0.5}, {0.1, 0.2}}, Series{"e", "lines", {}, {}}};
  Figure pit;
  pit.id = "pit";
  pit.kind = Figure::Kind::pit_ecdf;
  pit.sample_size = 12;
  pit.u = {0, 0.5, 1};
  pit.ecdf = {0, 0.49, 1};
  pit.band_level = 0.99;
  pit.band_halfwidth = 0.3;
  out.result.figures = {curves, pit};
  out.result.tables = {Table{"frontier", "EB", "Frontier", {"a", "b"}, {{"1", "x"}, {"2", "y"}}, "note"}};
  return out;
}

PointOutcome round_trip(const PointOutcome& outcome) {
  return outcome_from_json(Json::parse(outcome_to_json(outcome).dump()));
}

TEST(ExperimentJson, RoundTripIsExact) {
  const PointOutcome original = awkward_outcome();
  const PointOutcome back = round_trip(original);
  EXPECT_EQ(outcome_to_json(back).dump(), outcome_to_json(original).dump());
  const Check& a = back.result.checks[0];
  EXPECT_TRUE(std::signbit(a.statistic));
  EXPECT_EQ(*a.p_value, std::numeric_limits<double>::denorm_min());
  EXPECT_TRUE(std::holds_alternative<std::int64_t>((*a.params)[0].value));
  EXPECT_TRUE(std::holds_alternative<double>((*a.params)[1].value));
  EXPECT_TRUE(std::isinf(a.effect->ci.lo) && a.effect->ci.lo < 0);
  EXPECT_TRUE(std::isnan(back.result.checks[1].statistic));
  EXPECT_TRUE(std::isnan(back.result.figures[0].series[0].y[0]));
  EXPECT_EQ(back.result.figures[1].kind, Figure::Kind::pit_ecdf);
  EXPECT_EQ(back.result.tables[0].rows[1][1], "y");
}

// The document a run writes from round-tripped outcomes is the one it writes from the originals,
// the policy's detectable discrepancies (evaluated from the serialised laws) included.
TEST(ExperimentJson, ResultsDocumentOfRoundTrippedOutcomesIsIdentical) {
  const auto document = [](std::vector<PointOutcome> outcomes) {
    std::vector<Check> checks;
    for (PointOutcome& o : outcomes)
      for (Check& c : o.result.checks) {
        c.claim = "SL.x";
        c.paper = "SL";
        checks.push_back(c);
      }
    apply_policy(checks, Policy{});
    Json j = Json::array();
    for (const Check& c : checks) j.push_back(check_to_json(c));
    return j.dump();
  };
  const PointOutcome original = awkward_outcome();
  EXPECT_EQ(document({original, original}), document({round_trip(original), round_trip(original)}));
}

TEST(ExperimentJson, MalformedInputIsRefusedNamingTheField) {
  Json j = outcome_to_json(awkward_outcome());
  j["checks"][0]["params"][0][1] = "d";  // an integer tagged as a double is still a number: accepted
  EXPECT_NO_THROW(outcome_from_json(j));
  j["checks"][0]["params"][0][1] = "b";
  EXPECT_THROW(
      {
        try {
          outcome_from_json(j);
        } catch (const std::runtime_error& e) {
          EXPECT_NE(std::string(e.what()).find("params.n"), std::string::npos) << e.what();
          throw;
        }
      },
      std::runtime_error);
  Json k = outcome_to_json(awkward_outcome());
  k["checks"][0]["detectable_law"]["formula"] = "wishful";
  EXPECT_THROW(outcome_from_json(k), std::runtime_error);
  k = outcome_to_json(awkward_outcome());
  k["figures"][0].erase("series");
  EXPECT_THROW(outcome_from_json(k), std::runtime_error);
}

}  // namespace
}  // namespace attnlaw::harness
