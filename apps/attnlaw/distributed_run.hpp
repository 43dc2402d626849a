#pragma once
// Runs the grid points of a battery across the ranks of a process group, around a checkpoint.
// A point's draws depend only on (seed, claim, experiment, point, replicate, draw), so which rank
// computes it, and whether it came from a checkpoint, changes nothing: the leader receives every
// outcome and assembles them in plan order, which fixes the order of every reduction after.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "apps/attnlaw/process_group.hpp"
#include "apps/attnlaw/run_checkpoint.hpp"
#include "verify/harness/audit.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::cli {

// The world's process group; UsageError naming mpirun if MPI cannot start.
const ProcessGroup& process_group();

// Runs `step` (preparing an output folder, reading a checkpoint) on the leader alone, and tells every
// rank whether it succeeded: the leader rethrows its exception, the others return false and exit 2
// without a word, the leader having said why. Collective.
bool leader_step(const ProcessGroup& group, const std::function<void()>& step);

// The points rank `rank` of `ranks` computes: every ranks-th of those not yet stored, in plan order.
std::vector<std::size_t> share_of_rank(const std::vector<bool>& stored, int rank, int ranks);

// The outcome of every planned point, in plan order, on the leader (empty on the other ranks).
// `checkpoint`: on the leader the loaded checkpoint (or nullopt without --out); on the others, the
// folder to record to, opened without loading. `stored`: which points the leader loaded. `on_point`
// is called on each rank after each point it computed.
std::vector<harness::PointOutcome> run_distributed(const std::vector<harness::PlannedPoint>& plan,
                                                   const harness::RunContext& context, const ProcessGroup& group,
                                                   const RunCheckpoint* checkpoint, const std::vector<bool>& stored,
                                                   const std::function<void(std::string_view)>& on_point);

// The outputs of `claims` under each of `seeds`, on every rank: seed k is run by rank k (ranks past
// the batch wait), its points' outcomes gathered to all and assembled in plan order. Collective.
std::vector<harness::RunOutput> run_seeds_distributed(const std::vector<const harness::Claim*>& claims,
                                                      const harness::RunOptions& options, const ProcessGroup& group,
                                                      const std::vector<std::uint32_t>& seeds);

// The outcome of each of `mutants`, in their order, on the leader (empty on the other ranks): the
// mutants dealt round-robin to the ranks, each run whole by one (a mutant's run is independent of
// every other's). `on_mutant` is called on each rank after each mutant it ran. Collective.
std::vector<harness::MutantOutcome> run_mutants_distributed(const harness::Registry& registry,
                                                            const harness::RunOptions& options,
                                                            const std::vector<const harness::Mutant*>& mutants,
                                                            const ProcessGroup& group,
                                                            const std::function<void(std::string_view)>& on_mutant);

}  // namespace attnlaw::cli
