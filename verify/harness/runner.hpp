#pragma once
// Runs the claims of a battery and applies the decision policy.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "verify/harness/claim.hpp"
#include "verify/harness/experiment_json.hpp"
#include "verify/harness/policy.hpp"
#include "verify/harness/registry.hpp"

namespace attnlaw::harness {

inline constexpr std::uint32_t kDefaultSeed = 20261130;

struct RunOptions {
  Battery battery = Battery::smoke;
  std::vector<std::string> claim_ids;  // empty: every claim with a grid in the battery
  std::uint32_t seed = kDefaultSeed;
  int threads = 0;     // 0: the OpenMP default
  std::string mutant;  // a planted bug of the registry's catalogue, or empty
  Policy policy;
};

struct ExperimentTiming {
  std::string claim;
  std::string experiment;
  Fields params;
  double seconds = 0;
};

struct RunOutput {
  std::vector<const Claim*> claims;
  std::vector<Check> checks;
  std::vector<Figure> figures;
  std::vector<Table> tables;  // merged by id (table.hpp)
  std::vector<ExperimentTiming> timings;
};

// Called after each grid point: (claim id, experiments done, experiments in all).
using ExperimentObserver = std::function<void(std::string_view, std::size_t, std::size_t)>;

// The claims to run, in registry order; throws std::invalid_argument naming an unknown
// claim id, a claim without a grid in the battery, or a mutant outside the registry's catalogue.
std::vector<const Claim*> select_claims(const Registry& registry, const RunOptions& options);

// The grid points of the claims in run order: the order in which a run reports them, whatever
// order (resume, MPI ranks) they were computed in.
struct PlannedPoint {
  const Claim* claim = nullptr;
  GridPoint point;
};
std::vector<PlannedPoint> plan_points(const std::vector<const Claim*>& claims, Battery battery);

RunContext run_context(const RunOptions& options);

// One grid point; an experiment that throws becomes a failed "run" check of its claim.
PointOutcome run_point(const PlannedPoint& planned, const RunContext& context);

// The run's output from every planned point's outcome, in plan order, with the policy applied.
RunOutput assemble_run(const std::vector<const Claim*>& claims, const std::vector<PlannedPoint>& plan,
                       std::vector<PointOutcome> outcomes, const Policy& policy);

// plan_points, run_point on each in order, assemble_run.
RunOutput run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                     const ExperimentObserver& observer = {});

}  // namespace attnlaw::harness
