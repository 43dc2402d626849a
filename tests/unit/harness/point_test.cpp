// Typed points: their canonical labels, the streams keyed by them, and a ClaimSpec run through the
// runner (each check gets its point's parameters, the planted model replaces the true one).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "verify/harness/claim_spec.hpp"
#include "verify/harness/point_json.hpp"
#include "verify/harness/registry.hpp"
#include "verify/harness/runner.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::harness {
namespace {

TEST(CanonicalLabel, IsAFunctionOfTheValuesAlone) {
  // 1e4 written as a double and 10000 as an integer are the same point; doubles print in their
  // shortest round-trip form.
  EXPECT_EQ(canonical_label({{"n", 1e4}}), canonical_label({{"n", 10000}}));
  EXPECT_EQ(canonical_label({{"d", 3}, {"gamma", 0.1}, {"n", 1e12}}), "d=3 gamma=0.1 n=1e+12");
  EXPECT_EQ(canonical_label({{"c", 4.0 / 3}}), "c=1.3333333333333333");
  EXPECT_EQ(canonical_label({{"ladder", std::vector<double>{1e3, 0.5}}, {"pd", true}, {"part", "window"}}),
            "ladder=[1000,0.5] pd=true part=window");
  EXPECT_NE(canonical_label({{"gamma", 0.1}}), canonical_label({{"gamma", 0.1 + 1e-17 + 1e-16}}));
}

TEST(Streams, EveryNameOfTheKeyMatters) {
  const auto same = [](rng::StreamKey a, rng::StreamKey b) { return a.word0 == b.word0 && a.word1 == b.word1; };
  const Streams base(7, "SL.x", "window", "d=3");
  EXPECT_TRUE(same(base.key(), Streams(7, "SL.x", "window", "d=3").key()));
  EXPECT_FALSE(same(base.key(), Streams(8, "SL.x", "window", "d=3").key()));
  EXPECT_FALSE(same(base.key(), Streams(7, "SL.y", "window", "d=3").key()));
  EXPECT_FALSE(same(base.key(), Streams(7, "SL.x", "ladder", "d=3").key()));
  EXPECT_FALSE(same(base.key(), Streams(7, "SL.x", "window", "d=5").key()));
  EXPECT_FALSE(same(base.key(), base.key("limit")));
}

struct MeanPoint {
  std::size_t reps;
  double shift;
  Fields fields() const { return {{"reps", reps}, {"shift", shift}}; }
};

// The model: the mean the claim expects of U(0,1) draws (1/2; the planted bug says 0.6).
ExperimentResult mean_is_known(const MeanPoint& p, const double& expected, const PointContext& at) {
  std::vector<double> x(p.reps);
  for (std::size_t r = 0; r < p.reps; ++r) {
    rng::SampleSource s(at.streams.key(), static_cast<std::uint32_t>(r), 0);
    x[r] = s.next_uniform() + p.shift;
  }
  const double sigma = std::sqrt(1.0 / 12);
  ExperimentResult out;
  out.checks.push_back(mean_check(stats::z_test_mean(x, expected + p.shift, sigma), expected + p.shift,
                                  "mean of U(0,1) + shift", sigma, p.reps, "mean - expected"));
  return out;
}

const Registry& registry() {
  static const Registry r = [] {
    Registry reg;
    auto claim = std::make_unique<ClaimSpec<double>>(
        ClaimInfo{"TEST.mean", "ST", "none", "U(0,1) has mean 1/2", Provenance::derived, "[derived]"},
        ModelChoice<double>{0.5, {{"mean-0.6", 0.6}}});
    claim->experiment("mean", Grid<MeanPoint>{.smoke = {{20000, 0.0}, {20000, 1.0}}}, mean_is_known);
    reg.add(std::move(claim));
    reg.add_mutant("mean-0.6", "the mean of U(0,1) taken as 0.6");
    reg.validate();
    return reg;
  }();
  return r;
}

RunOutput run(const std::string& mutant, int threads) {
  RunOptions options;
  options.mutant = mutant;
  options.threads = threads;
  return run_claims(select_claims(registry(), options), options);
}

TEST(ClaimSpec, ChecksCarryTheirPointAndThePlantedModelFails) {
  const RunOutput truth = run("", 1);
  ASSERT_EQ(truth.checks.size(), 2u);
  EXPECT_EQ(to_json(truth.checks[1].params.value()), Json({{"reps", 20000}, {"shift", 1.0}}));
  for (const Check& c : truth.checks) EXPECT_NE(c.verdict, Verdict::fail);
  const RunOutput planted = run("mean-0.6", 1);
  for (const Check& c : planted.checks) EXPECT_EQ(c.verdict, Verdict::fail);
  EXPECT_EQ(registry().mutants().front().claims, std::vector<std::string>{"TEST.mean"});
}

TEST(ClaimSpec, ResultsDoNotDependOnThreads) {
  const RunOutput one = run("", 1), two = run("", 2);
  ASSERT_EQ(one.checks.size(), two.checks.size());
  for (std::size_t i = 0; i < one.checks.size(); ++i) EXPECT_EQ(one.checks[i].p_value, two.checks[i].p_value);
}

}  // namespace
}  // namespace attnlaw::harness
