#pragma once
// The checkpoint of a battery in progress: DIR/checkpoint/ holds run.json (what run it is: battery,
// seed, mutant, claims, build) and one file per finished grid point, written atomically as each
// finishes. `attnlaw run --resume` reads them back instead of recomputing; the report's swap into
// DIR removes the folder with the rest of the old report, so a finished run leaves none.
#include <filesystem>
#include <optional>
#include <vector>

#include "verify/harness/json.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::cli {

inline constexpr const char* kCheckpointFolder = "checkpoint";

class RunCheckpoint {
 public:
  // Opens DIR/checkpoint for the run `identity` of `plan`. With `resume`, loads the points already
  // finished there, and throws UsageError naming --resume if the checkpoint is of another run or a
  // file in it is damaged; without, an old checkpoint is discarded. Only the leader rank creates.
  RunCheckpoint(const std::filesystem::path& dir, harness::Json identity,
                const std::vector<harness::PlannedPoint>& plan, bool resume, bool create);

  // The stored outcome of point `index`, if it finished before.
  const std::optional<harness::PointOutcome>& stored(std::size_t index) const { return stored_.at(index); }
  std::size_t stored_count() const;

  // Stores the outcome of point `index` (atomically: a kill leaves the old state or the new).
  void record(std::size_t index, const harness::PointOutcome& outcome) const;

 private:
  std::filesystem::path folder_;
  const std::vector<harness::PlannedPoint>& plan_;
  std::vector<std::optional<harness::PointOutcome>> stored_;
};

// What makes two runs the same run: battery, seed, mutant, the claims in order and the build.
harness::Json run_identity(const harness::RunOptions& options, const std::vector<const harness::Claim*>& claims);

}  // namespace attnlaw::cli
