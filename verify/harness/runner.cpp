#include "verify/harness/runner.hpp"
#include "verify/harness/thread_count.hpp"

#include <fnmatch.h>

#include <algorithm>

#include <chrono>
#include <stdexcept>

namespace attnlaw::harness {
namespace {

// Rows join the table of the same paper and id; the first contribution's header stands.
void merge_table(std::vector<Table>& tables, Table table) {
  for (Table& t : tables) {
    if (t.paper == table.paper && t.id == table.id) {
      for (auto& row : table.rows) t.rows.push_back(std::move(row));
      return;
    }
  }
  tables.push_back(std::move(table));
}

}  // namespace

std::vector<const Claim*> select_claims(const Registry& registry, const RunOptions& options) {
  if (!options.mutant.empty() && registry.find_mutant(options.mutant) == nullptr) {
    std::string known;
    for (const Mutant& m : registry.mutants()) known += (known.empty() ? "" : ", ") + m.name;
    throw std::invalid_argument("--mutant: unknown mutant '" + options.mutant + "'; known: " + known);
  }
  std::vector<const Claim*> selected;
  if (options.claim_ids.empty()) {
    for (const auto& claim : registry.claims()) {
      if (!claim->points(options.battery).empty()) selected.push_back(claim.get());
    }
    return selected;
  }
  const auto add = [&](const Claim* claim) {
    if (std::find(selected.begin(), selected.end(), claim) == selected.end()) selected.push_back(claim);
  };
  for (const std::string& id : options.claim_ids) {
    // A shell-style pattern ('SL.critical.*', 'MH.baseline.?*') selects every matching claim that
    // has a grid in the battery, in registry order.
    if (id.find_first_of("*?[") != std::string::npos) {
      std::size_t matched = 0;
      for (const auto& claim : registry.claims()) {
        if (fnmatch(id.c_str(), claim->info().id.c_str(), 0) != 0 || claim->points(options.battery).empty()) continue;
        add(claim.get());
        ++matched;
      }
      if (matched == 0)
        throw std::invalid_argument("--claim: pattern '" + id + "' matches no claim with a grid in battery '" +
                                    to_string(options.battery) + "' (see 'attnlaw list')");
      continue;
    }
    const Claim* claim = registry.find(id);
    if (claim == nullptr) {
      throw std::invalid_argument("--claim: unknown claim id '" + id + "' (see 'attnlaw list')");
    }
    if (claim->points(options.battery).empty()) {
      throw std::invalid_argument("--claim: claim '" + id + "' has no grid in battery '" + to_string(options.battery) +
                                  "'");
    }
    add(claim);
  }
  return selected;
}

std::vector<PlannedPoint> plan_points(const std::vector<const Claim*>& claims, Battery battery) {
  std::vector<PlannedPoint> plan;
  for (const Claim* claim : claims) {
    for (GridPoint& point : claim->points(battery)) plan.push_back({claim, std::move(point)});
  }
  return plan;
}

RunContext run_context(const RunOptions& options) { return RunContext{options.seed, options.battery, options.mutant}; }

PointOutcome run_point(const PlannedPoint& planned, const RunContext& context) {
  const auto start = std::chrono::steady_clock::now();
  PointOutcome out;
  try {
    out.result = planned.point.run(context);
  } catch (const std::exception& e) {
    // An experiment that cannot complete (NaN in a statistic, a sampler refusing its input)
    // is a failed check of its claim, not the end of the battery.
    Check c;
    c.test = "run";
    c.target = "the experiment completes";
    c.p_method = std::string("error: ") + e.what();
    c.deterministic_holds = false;
    out.result = ExperimentResult{};
    out.result.checks.push_back(std::move(c));
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

RunOutput assemble_run(const std::vector<const Claim*>& claims, const std::vector<PlannedPoint>& plan,
                       std::vector<PointOutcome> outcomes, const Policy& policy) {
  if (outcomes.size() != plan.size()) throw std::logic_error("assemble_run: one outcome per planned point");
  RunOutput out;
  out.claims = claims;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const ClaimInfo& info = plan[i].claim->info();
    const GridPoint& point = plan[i].point;
    ExperimentResult& result = outcomes[i].result;
    for (Check& check : result.checks) {
      if (!check.params) check.params = point.params;
      check.claim = info.id;
      check.experiment = point.experiment;
      check.paper = info.paper;
      check.provenance = to_string(info.provenance);
      out.checks.push_back(std::move(check));
    }
    for (Figure& figure : result.figures) out.figures.push_back(std::move(figure));
    for (Table& table : result.tables) merge_table(out.tables, std::move(table));
    out.timings.push_back({info.id, point.experiment, point.params, outcomes[i].seconds});
  }
  apply_policy(out.checks, policy);
  return out;
}

RunOutput run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                     const ExperimentObserver& observer) {
  use_threads(options.threads);
  const RunContext context = run_context(options);
  const std::vector<PlannedPoint> plan = plan_points(claims, options.battery);
  std::vector<PointOutcome> outcomes;
  outcomes.reserve(plan.size());
  for (const PlannedPoint& planned : plan) {
    outcomes.push_back(run_point(planned, context));
    if (observer) observer(planned.claim->info().id, outcomes.size(), plan.size());
  }
  return assemble_run(claims, plan, std::move(outcomes), options.policy);
}

}  // namespace attnlaw::harness
