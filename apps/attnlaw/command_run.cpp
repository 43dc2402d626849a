#include <fmt/core.h>
#include <fmt/ranges.h>
#include <omp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/distributed_run.hpp"
#include "apps/attnlaw/output_directory.hpp"
#include "apps/attnlaw/process_group.hpp"
#include "apps/attnlaw/run_checkpoint.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "theory/all_claims.hpp"
#include "verify/harness/json.hpp"
#include "verify/harness/provenance.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"
#include "verify/harness/thread_count.hpp"
#include "verify/report/atomic_file.hpp"
#include "verify/report/progress.hpp"
#include "verify/report/render.hpp"
#include "verify/report/staged_directory.hpp"

namespace attnlaw::cli {
namespace {

struct RunArguments {
  std::string battery = "smoke";
  std::vector<std::string> claims;
  std::string seed;
  std::string threads;
  std::string out;
  std::string mutant;
  std::string rerun_failed;
  bool battery_given = false;
  bool json = false;
  bool resume = false;
};

// --rerun-failed DIR: the claims with a check that did not PASS in DIR/results.json, under the
// battery, seed and mutant of that run, so that the same checks are drawn again.
void take_failures(RunArguments& args) {
  const std::filesystem::path file = std::filesystem::path(args.rerun_failed) / "results.json";
  harness::Json doc;
  try {
    std::ifstream in(file);
    if (!in) throw std::runtime_error("cannot be read");
    doc = harness::Json::parse(in);
    if (!doc.contains("checks") || !doc["checks"].is_array() || !doc.contains("battery") || !doc.contains("seed"))
      throw std::runtime_error("is not a results.json of `attnlaw run` (no checks, battery or seed)");
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--rerun-failed: '{}' {}", file.string(), e.what()));
  }
  if (args.battery_given || !args.claims.empty() || !args.seed.empty() || !args.mutant.empty()) {
    throw UsageError(
        "--rerun-failed: takes the battery, claims, seed and mutant from the earlier run; give none of "
        "--battery, --claim, --seed, --mutant with it");
  }
  args.battery = doc["battery"].get<std::string>();
  args.seed = std::to_string(doc["seed"].get<std::uint32_t>());
  args.mutant = doc.value("mutant", std::string());
  for (const auto& c : doc["checks"]) {
    if (c.value("verdict", std::string()) == "PASS") continue;
    const std::string claim = c.value("claim", std::string());
    if (std::find(args.claims.begin(), args.claims.end(), claim) == args.claims.end()) args.claims.push_back(claim);
  }
}

harness::RunOptions to_options(const RunArguments& args) {
  harness::RunOptions options;
  const auto battery = harness::parse_battery(args.battery);
  if (!battery) throw UsageError(fmt::format("--battery: expected smoke, standard or full, got '{}'", args.battery));
  options.battery = *battery;
  options.claim_ids = args.claims;
  options.mutant = args.mutant;
  if (!args.seed.empty()) options.seed = static_cast<std::uint32_t>(parse_integer("--seed", args.seed, 0, UINT32_MAX));
  if (!args.threads.empty()) options.threads = static_cast<int>(parse_integer("--threads", args.threads, 1, 1024));
  return options;
}

void print_summary(const harness::Json& doc) {
  const auto& s = doc["summary"];
  fmt::print(
      "attnlaw run: battery {}, seed {}: {} checks, {} PASS, {} SUSPECT, {} FAIL (family alpha {:g} per paper, Holm)\n",
      doc["battery"].get<std::string>(), doc["seed"].get<std::uint32_t>(), s["checks"].get<std::size_t>(),
      s["pass"].get<std::size_t>(), s["suspect"].get<std::size_t>(), s["fail"].get<std::size_t>(),
      s["family_alpha"].get<double>());
  // Each anomaly alone readable: what was tested, the statistic, by how much it missed (p against
  // its Holm-adjusted alpha, or the ratio to its bound), the effect with its interval, and where.
  for (const auto& c : doc["checks"]) {
    if (c["verdict"] == "PASS") continue;
    const bool deterministic = c["p_value"].is_null();
    const double statistic = c.value("statistic", harness::Json(0.0)).is_number() ? c["statistic"].get<double>() : 0.0;
    std::string measure = deterministic ? fmt::format("ratio to bound {:.3g}", statistic)
                                        : fmt::format("statistic {:.4g}, p = {:.3g} (adjusted alpha {:.3g})", statistic,
                                                      c["p_value"].get<double>(),
                                                      c.value("alpha_adjusted", harness::Json(0.0)).get<double>());
    if (c.contains("effect") && c["effect"].value("value", harness::Json()).is_number()) {
      const auto& e = c["effect"];
      measure += fmt::format("; {} = {:.4g}", e.value("name", std::string("effect")), e["value"].get<double>());
      if (e.contains("ci") && e["ci"].is_array() && e["ci"].size() == 2 && e["ci"][0].is_number() &&
          e["ci"][1].is_number())
        measure += fmt::format(" [{:.4g}, {:.4g}]", e["ci"][0].get<double>(), e["ci"][1].get<double>());
    }
    fmt::print("  {} {} [{}/{}] {}: {}; {}\n", c["verdict"].get<std::string>(), c["claim"].get<std::string>(),
               c.value("experiment", std::string()), c.value("test", std::string()), c.value("target", std::string()),
               measure, c["params"].dump());
  }
}

int run(RunArguments args) {
  if (!args.rerun_failed.empty()) {
    take_failures(args);
    if (args.claims.empty()) {
      fmt::print("attnlaw run: nothing to rerun: every check in {} passed\n",
                 (std::filesystem::path(args.rerun_failed) / "results.json").string());
      return kExitPass;
    }
    fmt::print(stderr, "attnlaw run: rerunning {} claim(s) with a check that did not pass: {}\n", args.claims.size(),
               fmt::join(args.claims, " "));
  }
  harness::RunOptions options = to_options(args);
  std::vector<const harness::Claim*> claims;
  try {
    claims = harness::select_claims(theory::all_claims(), options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (claims.empty()) {
    throw UsageError(fmt::format("--battery: battery '{}' has no claims", args.battery));
  }
  if (args.resume && args.out.empty()) throw UsageError("--resume: needs --out DIR, the folder of the run to continue");
  const ProcessGroup& group = process_group();

  // The leader prepares DIR and the checkpoint; the ranks learn from it which points are stored.
  const std::vector<harness::PlannedPoint> plan = harness::plan_points(claims, options.battery);
  std::optional<RunCheckpoint> checkpoint;
  std::string stored_mask;
  const bool prepared = leader_step(group, [&] {
    if (!args.out.empty()) {
      prepare_output_directory("--out", args.out);
      checkpoint.emplace(args.out, run_identity(options, claims), plan, args.resume, true);
    }
    for (std::size_t i = 0; i < plan.size(); ++i) stored_mask += checkpoint && checkpoint->stored(i) ? '1' : '0';
  });
  if (!prepared) return kExitUsage;
  stored_mask = group.broadcast_from_leader(stored_mask);
  if (!group.leader() && !args.out.empty()) checkpoint.emplace(args.out, harness::Json(), plan, false, false);
  std::vector<bool> stored(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) stored[i] = stored_mask[i] == '1';
  if (group.leader() && args.resume) {
    fmt::print(stderr, "attnlaw run: resuming: {} of {} grid points are in {}\n", checkpoint->stored_count(),
               plan.size(), (std::filesystem::path(args.out) / kCheckpointFolder).string());
  }

  harness::use_threads(options.threads);
  const std::size_t share = share_of_rank(stored, group.rank(), group.size()).size();
  std::optional<report::Progress> progress;
  if (group.leader())
    progress.emplace(share, group.size() > 1 ? fmt::format("battery {}, rank 0 of {}", args.battery, group.size())
                                             : fmt::format("battery {}", args.battery));
  std::vector<harness::PointOutcome> outcomes =
      run_distributed(plan, harness::run_context(options), group, checkpoint ? &*checkpoint : nullptr, stored,
                      [&](std::string_view claim) {
                        if (progress) progress->advance(claim);
                      });
  if (!group.leader()) return kExitPass;  // the leader reports, and exits with the verdict
  progress->finish();
  const harness::RunOutput output = harness::assemble_run(claims, plan, std::move(outcomes), options.policy);

  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const harness::Json doc = harness::results_document(theory::all_claims(), output, options,
                                                      harness::build_provenance(threads, group.size()));
  if (!args.out.empty()) {
    harness::RunOptions timing_options = options;
    timing_options.threads = threads;
    try {
      // The checkpoint is owned, so the swap that installs the report takes it away.
      report::StagedDirectory staged(args.out,
                                     {"results.json", "timings.json", "REPORT.md", "figures", kCheckpointFolder});
      const std::filesystem::path& dir = staged.path();
      report::write_file_atomically(dir / "results.json", doc.dump(2) + "\n");
      report::write_file_atomically(dir / "timings.json",
                                    harness::timings_document(output, timing_options).dump(2) + "\n");
      report::render_report(nlohmann::json::parse(doc.dump()), dir);
      staged.commit();
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--out: the report in {} is unchanged: {}", args.out, e.what()));
    }
  }
  if (args.json) {
    std::cout << doc.dump(2) << '\n';
  } else {
    print_summary(doc);
  }
  return doc["summary"]["fail"].get<std::size_t>() > 0 ? kExitCheckFailed : kExitPass;
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* cmd = app.add_subcommand("run", "Run the claims of a battery and decide each check");
  cmd->add_option("--battery", args->battery, "smoke, standard or full")
      ->capture_default_str()
      ->each([args](const std::string&) { args->battery_given = true; });
  cmd->add_option("--claim", args->claims,
                  "Run only these claims: ids, or shell patterns such as 'SL.critical.*' (repeatable)");
  cmd->add_option("--seed", args->seed, fmt::format("Master seed (default {})", harness::kDefaultSeed));
  cmd->add_option("--threads", args->threads, "OpenMP threads (results do not depend on it)");
  cmd->add_option("--out", args->out, "Write results.json, timings.json, REPORT.md and figures/ here");
  cmd->add_option("--mutant", args->mutant, "Plant this bug (power audit); the run should then fail");
  cmd->add_option("--rerun-failed", args->rerun_failed,
                  "Rerun the claims whose checks did not pass in DIR/results.json (same battery, seed, mutant)");
  cmd->add_flag("--json", args->json, "Print results.json on stdout");
  cmd->add_flag("--resume", args->resume,
                "Continue the run killed in --out DIR from its checkpoint (same battery, claims, seed, build); "
                "the results are those of an uninterrupted run");
  cmd->callback([args, &exit_status] { exit_status = run(*args); });
}

}  // namespace attnlaw::cli
