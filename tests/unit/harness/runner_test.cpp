// The runner's results are a pure function of (seed, claims): never of the thread count, neither
// through the replicates' schedule nor through the threads of a matrix product.
#include <gtest/gtest.h>

#include <cmath>

#include <Eigen/Core>

#include "verify/harness/claim_spec.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::harness {
namespace {

// A claim whose check is a floating-point sum over replicates, each drawing from its own stream:
// any dependence on scheduling would change the low bits. In the smoke battery only.
struct RepsPoint {
  std::size_t reps;
  Fields fields() const { return {{"reps", reps}}; }
};

ExperimentResult sum_of_logs(const RepsPoint& p, const NoModel&, const PointContext& at) {
  const rng::StreamKey key = at.streams.key();
  std::vector<double> slot(p.reps);
  for_each_replicate(p.reps, [&](std::size_t r) {
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
  c.statistic = total;
  c.p_value = 0.5;
  c.p_method = "none";
  return {{c}, {}, {}};
}

// A deterministic check that multiplies two 512 x 512 matrices outside any parallel region, as
// MH's n = 1024 energy identities do: Eigen would split the product across OpenMP's threads, and
// the split sets the order of its sums.
ExperimentResult matrix_product(const RepsPoint& p, const NoModel&, const PointContext&) {
  const auto m = static_cast<Eigen::Index>(p.reps);
  Eigen::MatrixXd a(m, m);
  for (Eigen::Index i = 0; i < m; ++i)
    for (Eigen::Index j = 0; j < m; ++j)
      a(i, j) = std::sin(0.37 * static_cast<double>(i) + 1.1 * static_cast<double>(j));
  const Eigen::MatrixXd product = a * a.transpose();
  Check c;
  c.test = "product";
  c.statistic = (product.array() * product.array()).sum();
  c.p_value = 0.5;
  c.p_method = "none";
  return {{c}, {}, {}};
}

std::unique_ptr<Claim> sum_claim() {
  auto claim = std::make_unique<ClaimSpec<NoModel>>(
      ClaimInfo{"TEST.sum", "SL", "none", "a sum", Provenance::derived, "[derived]"}, ModelChoice<NoModel>{NoModel{}});
  claim->experiment("sum", Grid<RepsPoint>{.smoke = {{5000}, {777}}}, sum_of_logs);
  return claim;
}

std::unique_ptr<Claim> product_claim() {
  auto claim = std::make_unique<ClaimSpec<NoModel>>(
      ClaimInfo{"TEST.product", "SL", "none", "a matrix product", Provenance::derived, "[derived]"},
      ModelChoice<NoModel>{NoModel{}});
  claim->experiment("product", Grid<RepsPoint>{.smoke = {{512}}}, matrix_product);
  return claim;
}

Json run_with_threads(int threads) {
  Registry registry;
  registry.add(sum_claim());
  registry.add(product_claim());
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
  EXPECT_EQ(one["summary"]["checks"].get<int>(), 3);
  // Stable check ids: claim/experiment/test@point label.
  EXPECT_EQ(one["checks"][0]["id"], "TEST.sum/sum/sum@reps=5000");
  EXPECT_EQ(one["checks"][1]["id"], "TEST.sum/sum/sum@reps=777");
}

TEST(Runner, SelectionRejectsUnknownAndOffBatteryClaims) {
  Registry registry;
  registry.add(sum_claim());
  RunOptions options;
  options.claim_ids = {"TEST.nope"};
  EXPECT_THROW(select_claims(registry, options), std::invalid_argument);
  options.claim_ids = {"TEST.sum"};
  options.battery = Battery::standard;
  EXPECT_THROW(select_claims(registry, options), std::invalid_argument);
}

// Each point contributes a row to one table of its paper: the runner merges them by id, in order.
ExperimentResult table_row(const RepsPoint& p, const NoModel&, const PointContext&) {
  ExperimentResult out;
  out.tables.push_back(Table{"frontier", "SL", "Frontier", {"reps"}, {{std::to_string(p.reps)}}});
  return out;
}

std::unique_ptr<Claim> table_claim() {
  auto claim = std::make_unique<ClaimSpec<NoModel>>(
      ClaimInfo{"TEST.table", "SL", "none", "a table", Provenance::derived, "[derived]"},
      ModelChoice<NoModel>{NoModel{}});
  claim->experiment("rows", Grid<RepsPoint>{.smoke = {{5}, {7}}}, table_row);
  return claim;
}

TEST(Runner, ClaimPatternsAndMergedTables) {
  Registry registry;
  registry.add(sum_claim());
  registry.add(table_claim());
  RunOptions options;
  options.claim_ids = {"TEST.*"};
  EXPECT_EQ(select_claims(registry, options).size(), 2u);
  options.claim_ids = {"TEST.t?ble", "TEST.table"};
  const auto selected = select_claims(registry, options);
  ASSERT_EQ(selected.size(), 1u);
  EXPECT_EQ(selected[0]->info().id, "TEST.table");
  const RunOutput out = run_claims(selected, options);
  ASSERT_EQ(out.tables.size(), 1u);
  EXPECT_EQ(out.tables[0].rows, (std::vector<std::vector<std::string>>{{"5"}, {"7"}}));
  options.claim_ids = {"OTHER.*"};
  EXPECT_THROW(select_claims(registry, options), std::invalid_argument);
  options.claim_ids = {"TEST.*"};
  options.battery = Battery::standard;  // no grid there
  EXPECT_THROW(select_claims(registry, options), std::invalid_argument);
}

// What --resume and MPI ranks do: compute the points in any order, send them through JSON, and
// assemble in plan order. The document is the one run_claims writes.
TEST(Runner, PointsComputedOutOfOrderAndRoundTrippedAssembleToTheSameDocument) {
  Registry registry;
  registry.add(sum_claim());
  registry.add(table_claim());
  RunOptions options;
  const auto claims = select_claims(registry, options);
  Json direct = results_document(registry, run_claims(claims, options), options, Json::object());

  const std::vector<PlannedPoint> plan = plan_points(claims, options.battery);
  ASSERT_EQ(plan.size(), 4u);
  std::vector<PointOutcome> outcomes(plan.size());
  for (std::size_t i : {3, 1, 0, 2}) {
    const PointOutcome computed = run_point(plan[i], run_context(options));
    outcomes[i] = outcome_from_json(Json::parse(outcome_to_json(computed).dump()));
  }
  Json assembled =
      results_document(registry, assemble_run(claims, plan, outcomes, options.policy), options, Json::object());
  EXPECT_EQ(direct.dump(), assembled.dump());
  outcomes.pop_back();
  EXPECT_THROW(assemble_run(claims, plan, outcomes, options.policy), std::logic_error);
}

TEST(Runner, ExceptionsInsideReplicatesReachTheCaller) {
  EXPECT_THROW(for_each_replicate(100,
                                  [](std::size_t r) {
                                    if (r == 37) throw std::runtime_error("replicate 37");
                                  }),
               std::runtime_error);
}

}  // namespace
}  // namespace attnlaw::harness
