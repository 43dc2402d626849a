#include "verify/harness/runner.hpp"

#include <omp.h>

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
  for (const std::string& id : options.claim_ids) {
    const Claim* claim = registry.find(id);
    if (claim == nullptr) {
      throw std::invalid_argument("--claim: unknown claim id '" + id + "' (see 'attnlaw list')");
    }
    if (claim->points(options.battery).empty()) {
      throw std::invalid_argument("--claim: claim '" + id + "' has no grid in battery '" + to_string(options.battery) +
                                  "'");
    }
    bool duplicate = false;
    for (const Claim* c : selected) duplicate = duplicate || c == claim;
    if (!duplicate) selected.push_back(claim);
  }
  return selected;
}

RunOutput run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                     const ExperimentObserver& observer) {
  if (options.threads > 0) omp_set_num_threads(options.threads);
  const RunContext context{options.seed, options.battery, options.mutant};

  std::size_t total = 0;
  for (const Claim* claim : claims) total += claim->points(options.battery).size();

  RunOutput out;
  out.claims = claims;
  std::size_t done = 0;
  for (const Claim* claim : claims) {
    const ClaimInfo& info = claim->info();
    for (const GridPoint& point : claim->points(options.battery)) {
      const auto start = std::chrono::steady_clock::now();
      ExperimentResult result;
      try {
        result = point.run(context);
      } catch (const std::exception& e) {
        // An experiment that cannot complete (NaN in a statistic, a sampler refusing its input)
        // is a failed check of its claim, not the end of the battery.
        Check c;
        c.test = "run";
        c.target = "the experiment completes";
        c.p_method = std::string("error: ") + e.what();
        c.deterministic_holds = false;
        result.checks.push_back(std::move(c));
      }
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
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
      out.timings.push_back({info.id, point.experiment, point.params, elapsed.count()});
      ++done;
      if (observer) observer(info.id, done, total);
    }
  }
  apply_policy(out.checks, options.policy);
  return out;
}

}  // namespace attnlaw::harness
