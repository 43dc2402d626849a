#include "apps/attnlaw/run_checkpoint.hpp"

#include <fmt/core.h>

#include <fstream>
#include <system_error>

#include "apps/attnlaw/usage_error.hpp"
#include "verify/harness/provenance.hpp"
#include "verify/report/atomic_file.hpp"

namespace attnlaw::cli {
namespace {

std::filesystem::path point_file(const std::filesystem::path& folder, std::size_t index) {
  return folder / fmt::format("point-{:06d}.json", index);
}

// The point's identity in its file, so that a file of another plan is never taken for it.
harness::Json point_identity(std::size_t index, const harness::PlannedPoint& planned) {
  return harness::Json{{"index", index},
                       {"claim", planned.claim->info().id},
                       {"experiment", planned.point.experiment},
                       {"label", harness::canonical_label(planned.point.params)}};
}

harness::Json read_json(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot be read");
  return harness::Json::parse(in);
}

}  // namespace

harness::Json run_identity(const harness::RunOptions& options, const std::vector<const harness::Claim*>& claims) {
  const harness::Json build = harness::build_provenance(1, 1);
  harness::Json ids = harness::Json::array();
  for (const harness::Claim* c : claims) ids.push_back(c->info().id);
  return harness::Json{{"battery", harness::to_string(options.battery)},
                       {"seed", options.seed},
                       {"mutant", options.mutant},
                       {"claims", std::move(ids)},
                       {"version", build["version"]},
                       {"git_revision", build["git_revision"]},
                       {"dirty", build["dirty"]},
                       {"compiler", build["compiler"]},
                       {"build_type", build["build_type"]}};
}

RunCheckpoint::RunCheckpoint(const std::filesystem::path& dir, harness::Json identity,
                             const std::vector<harness::PlannedPoint>& plan, bool resume, bool create)
    : folder_(dir / kCheckpointFolder), plan_(plan), stored_(plan.size()) {
  const std::filesystem::path run_file = folder_ / "run.json";
  std::error_code ec;
  if (resume) {
    if (!std::filesystem::exists(run_file))
      throw UsageError(fmt::format("--resume: '{}' holds no checkpoint (no {})", dir.string(), run_file.string()));
    harness::Json stored_identity;
    try {
      stored_identity = read_json(run_file);
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--resume: '{}': {}", run_file.string(), e.what()));
    }
    if (stored_identity != identity) {
      throw UsageError(
          fmt::format("--resume: the checkpoint in '{}' is of another run or build ({}); this run is {}; rerun without "
                      "--resume to start afresh",
                      folder_.string(), stored_identity.dump(), identity.dump()));
    }
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const std::filesystem::path file = point_file(folder_, i);
      if (!std::filesystem::exists(file)) continue;
      try {
        const harness::Json j = read_json(file);
        if (!j.contains("point") || j["point"] != point_identity(i, plan[i]))
          throw std::runtime_error("is of another grid point");
        stored_[i] = harness::outcome_from_json(j.at("outcome"));
      } catch (const std::exception& e) {
        throw UsageError(fmt::format("--resume: '{}' {}; delete it to recompute that point", file.string(), e.what()));
      }
    }
    return;
  }
  if (!create) return;
  std::filesystem::remove_all(folder_, ec);
  if (ec)
    throw UsageError(fmt::format("--out: cannot remove the old checkpoint '{}': {}", folder_.string(), ec.message()));
  std::filesystem::create_directories(folder_, ec);
  if (ec) throw UsageError(fmt::format("--out: cannot create '{}': {}", folder_.string(), ec.message()));
  try {
    report::write_file_atomically(run_file, identity.dump(2) + "\n");
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--out: {}", e.what()));
  }
}

std::size_t RunCheckpoint::stored_count() const {
  std::size_t n = 0;
  for (const auto& s : stored_) n += s.has_value();
  return n;
}

void RunCheckpoint::record(std::size_t index, const harness::PointOutcome& outcome) const {
  const harness::Json j{{"point", point_identity(index, plan_.at(index))},
                        {"outcome", harness::outcome_to_json(outcome)}};
  report::write_file_atomically(point_file(folder_, index), j.dump() + "\n");
}

}  // namespace attnlaw::cli
