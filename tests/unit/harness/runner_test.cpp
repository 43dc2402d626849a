// The runner's results are a pure function of (seed, claims): never of the thread count.
#include <gtest/gtest.h>

#include <cmath>

#include "verify/harness/parallel.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::harness {
namespace {

// A claim whose check is a floating-point sum over replicates, each drawing from its own stream:
// any dependence on scheduling would change the low bits.
class SumClaim final : public JsonGridClaim {
 public:
  const ClaimInfo& info() const override { return info_; }
  std::vector<Json> grid(Battery b) const override {
    if (b == Battery::full) return {};
    return {Json{{"reps", 5000}}, Json{{"reps", 777}}};
  }
  ExperimentResult run(const Json& point, const RunContext& context) const override {
    const std::size_t reps = point.at("reps").get<std::size_t>();
    const auto key = rng::make_key(context.seed, info_.id, point.dump());
    std::vector<double> slot(reps);
    for_each_replicate(reps, [&](std::size_t r) {
      double acc = 0;
      for (std::uint64_t j = 0; j < 100; ++j) {
        rng::SampleSource s(key, static_cast<std::uint32_t>(r), j);
        acc += std::log(s.next_uniform());
      }
      slot[r] = acc;
    });
    double total = 0;
    for (double v : slot) total += v;
    Check c;
    c.test = "sum";
    c.params = point;
    c.statistic = total;
    c.p_value = 0.5;
    c.p_method = "none";
    return {{c}, {}};
  }

 private:
  ClaimInfo info_{"TEST.sum", "SL", "none", "a sum", Provenance::derived, "[derived]"};
};

Json run_with_threads(int threads) {
  Registry registry;
  registry.add(std::make_unique<SumClaim>());
  RunOptions options;
  options.threads = threads;
  const RunOutput out = run_claims(select_claims(registry, options), options);
  Json doc = results_document(registry, out, options, Json::object());
  doc.erase("provenance");
  return doc;
}

TEST(Runner, ChecksDoNotDependOnTheThreadCount) {
  const Json one = run_with_threads(1);
  const Json two = run_with_threads(2);
  const Json four = run_with_threads(4);
  EXPECT_EQ(one.dump(), two.dump());
  EXPECT_EQ(one.dump(), four.dump());
  EXPECT_EQ(one["summary"]["checks"].get<int>(), 2);
}

TEST(Runner, SelectionRejectsUnknownAndOffBatteryClaims) {
  Registry registry;
  registry.add(std::make_unique<SumClaim>());
  RunOptions options;
  options.claim_ids = {"TEST.nope"};
  EXPECT_THROW(select_claims(registry, options), std::invalid_argument);
  options.claim_ids = {"TEST.sum"};
  options.battery = Battery::full;
  EXPECT_THROW(select_claims(registry, options), std::invalid_argument);
}

TEST(Runner, ExceptionsInsideReplicatesReachTheCaller) {
  EXPECT_THROW(for_each_replicate(100, [](std::size_t r) {
                 if (r == 37) throw std::runtime_error("replicate 37");
               }),
               std::runtime_error);
}

}  // namespace
}  // namespace attnlaw::harness
