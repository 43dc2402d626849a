#include "apps/attnlaw/distributed_run.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <stdexcept>

#include "apps/attnlaw/usage_error.hpp"
#include "verify/harness/thread_count.hpp"

namespace attnlaw::cli {
namespace {

std::string outcomes_json(const std::vector<std::pair<std::size_t, harness::PointOutcome>>& outcomes) {
  harness::Json a = harness::Json::array();
  for (const auto& [index, outcome] : outcomes)
    a.push_back(harness::Json{{"index", index}, {"outcome", harness::outcome_to_json(outcome)}});
  return a.dump();
}

void read_outcomes(const std::string& text, std::vector<std::optional<harness::PointOutcome>>& outcomes) {
  for (const harness::Json& item : harness::Json::parse(text))
    outcomes.at(item.at("index").get<std::size_t>()) = harness::outcome_from_json(item.at("outcome"));
}

}  // namespace

const ProcessGroup& process_group() {
  try {
    return ProcessGroup::world();
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("mpirun: {}", e.what()));
  }
}

bool leader_step(const ProcessGroup& group, const std::function<void()>& step) {
  std::exception_ptr failure;
  if (group.leader()) {
    try {
      step();
    } catch (...) {
      failure = std::current_exception();
    }
  }
  const bool ok = group.broadcast_from_leader(failure ? "failed" : "ok") == "ok";
  if (failure) std::rethrow_exception(failure);
  return ok;
}

std::vector<std::size_t> share_of_rank(const std::vector<bool>& stored, int rank, int ranks) {
  std::vector<std::size_t> share;
  std::size_t k = 0;
  for (std::size_t i = 0; i < stored.size(); ++i) {
    if (stored[i]) continue;
    if (k++ % static_cast<std::size_t>(ranks) == static_cast<std::size_t>(rank)) share.push_back(i);
  }
  return share;
}

std::vector<harness::PointOutcome> run_distributed(const std::vector<harness::PlannedPoint>& plan,
                                                   const harness::RunContext& context, const ProcessGroup& group,
                                                   const RunCheckpoint* checkpoint, const std::vector<bool>& stored,
                                                   const std::function<void(std::string_view)>& on_point) {
  const std::vector<std::size_t> share = share_of_rank(stored, group.rank(), group.size());
  std::vector<std::optional<harness::PointOutcome>> outcomes(plan.size());
  std::vector<std::pair<std::size_t, harness::PointOutcome>> sent;
  bool record_failed = false;
  for (std::size_t index : share) {
    harness::PointOutcome outcome = harness::run_point(plan[index], context);
    if (checkpoint != nullptr && !record_failed) {
      try {
        checkpoint->record(index, outcome);
      } catch (const std::exception& e) {
        // Without a checkpoint the run still completes; only a later --resume recomputes more.
        record_failed = true;
        fmt::print(stderr, "attnlaw run: rank {}: the checkpoint is not written ({}); the run goes on\n", group.rank(),
                   e.what());
      }
    }
    if (group.leader()) {
      outcomes[index] = std::move(outcome);
    } else {
      sent.emplace_back(index, std::move(outcome));
    }
    if (on_point) on_point(plan[index].claim->info().id);
  }

  const std::vector<std::string> received =
      group.gather_to_leader(group.leader() ? std::string() : outcomes_json(sent));
  if (!group.leader()) return {};
  for (std::size_t r = 1; r < received.size(); ++r) read_outcomes(received[r], outcomes);
  std::vector<harness::PointOutcome> all;
  all.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (outcomes[i]) {
      all.push_back(std::move(*outcomes[i]));
    } else if (stored[i] && checkpoint != nullptr && checkpoint->stored(i)) {
      all.push_back(*checkpoint->stored(i));
    } else {
      throw std::logic_error(fmt::format("run_distributed: no rank returned grid point {}", i));
    }
  }
  return all;
}

std::vector<harness::RunOutput> run_seeds_distributed(const std::vector<const harness::Claim*>& claims,
                                                      const harness::RunOptions& options, const ProcessGroup& group,
                                                      const std::vector<std::uint32_t>& seeds) {
  harness::use_threads(options.threads);
  const std::vector<harness::PlannedPoint> plan = harness::plan_points(claims, options.battery);
  std::vector<std::pair<std::size_t, harness::PointOutcome>> mine;
  const auto rank = static_cast<std::size_t>(group.rank());
  if (rank < seeds.size()) {
    harness::RunOptions run = options;
    run.seed = seeds[rank];
    const harness::RunContext context = harness::run_context(run);
    for (std::size_t i = 0; i < plan.size(); ++i) mine.emplace_back(i, harness::run_point(plan[i], context));
  }
  const std::vector<std::string> all = group.all_gather(outcomes_json(mine));
  std::vector<harness::RunOutput> outputs;
  for (std::size_t k = 0; k < seeds.size(); ++k) {
    std::vector<std::optional<harness::PointOutcome>> received(plan.size());
    read_outcomes(all.at(k), received);
    std::vector<harness::PointOutcome> outcomes;
    for (std::size_t i = 0; i < plan.size(); ++i) {
      if (!received[i]) throw std::logic_error(fmt::format("run_seeds_distributed: rank {} sent no point {}", k, i));
      outcomes.push_back(std::move(*received[i]));
    }
    outputs.push_back(harness::assemble_run(claims, plan, std::move(outcomes), options.policy));
  }
  return outputs;
}

std::vector<harness::MutantOutcome> run_mutants_distributed(const harness::Registry& registry,
                                                            const harness::RunOptions& options,
                                                            const std::vector<const harness::Mutant*>& mutants,
                                                            const ProcessGroup& group,
                                                            const std::function<void(std::string_view)>& on_mutant) {
  harness::use_threads(options.threads);
  harness::Json mine = harness::Json::array();
  std::vector<harness::MutantOutcome> outcomes(mutants.size());
  for (const std::size_t i : share_of_rank(std::vector<bool>(mutants.size(), false), group.rank(), group.size())) {
    outcomes[i] = harness::audit_mutant(registry, options, *mutants[i]);
    mine.push_back(harness::Json{{"index", i},
                                 {"killed", outcomes[i].killed},
                                 {"killed_by", outcomes[i].killed_by},
                                 {"failing_checks", outcomes[i].failing_checks}});
    if (on_mutant) on_mutant(mutants[i]->name);
  }
  if (group.size() == 1) return outcomes;
  const std::vector<std::string> all = group.gather_to_leader(mine.dump());
  if (!group.leader()) return {};
  for (const std::string& text : all) {
    for (const harness::Json& item : harness::Json::parse(text)) {
      harness::MutantOutcome& outcome = outcomes.at(item.at("index").get<std::size_t>());
      outcome.killed = item.at("killed").get<bool>();
      outcome.killed_by = item.at("killed_by").get<std::vector<std::string>>();
      outcome.failing_checks = item.at("failing_checks").get<std::vector<std::string>>();
    }
  }
  for (std::size_t i = 0; i < mutants.size(); ++i) outcomes[i].mutant = mutants[i];
  return outcomes;
}

}  // namespace attnlaw::cli
