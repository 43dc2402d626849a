#include <fmt/core.h>
#include <omp.h>

#include <iostream>
#include <memory>
#include <stdexcept>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/output_directory.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "theory/all_claims.hpp"
#include "verify/harness/json.hpp"
#include "verify/harness/provenance.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"
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
  bool json = false;
};

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
  // Each anomaly: what was tested and by how much it missed (p for a statistical check, the
  // ratio to its bound for a deterministic one), then where, so that a FAIL is readable alone.
  for (const auto& c : doc["checks"]) {
    if (c["verdict"] == "PASS") continue;
    const bool deterministic = c["p_value"].is_null();
    const std::string measure =
        deterministic ? fmt::format("ratio to bound {:.3g}", c.value("statistic", harness::Json(0.0)).get<double>())
                      : fmt::format("p = {:.3g}", c["p_value"].get<double>());
    fmt::print("  {} {} [{}] {}: {}; {}\n", c["verdict"].get<std::string>(), c["claim"].get<std::string>(),
               c.value("experiment", std::string()), c.value("target", std::string()), measure, c["params"].dump());
  }
}

int run(const RunArguments& args) {
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
  if (!args.out.empty()) prepare_output_directory("--out", args.out);

  std::size_t experiments = 0;
  for (const harness::Claim* c : claims) experiments += c->points(options.battery).size();
  report::Progress progress(experiments, fmt::format("battery {}", args.battery));
  const harness::RunOutput output = harness::run_claims(
      claims, options, [&](std::string_view claim, std::size_t, std::size_t) { progress.advance(claim); });
  progress.finish();

  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const harness::Json doc =
      harness::results_document(theory::all_claims(), output, options, harness::build_provenance(threads, 1));
  if (!args.out.empty()) {
    harness::RunOptions timing_options = options;
    timing_options.threads = threads;
    try {
      report::StagedDirectory staged(args.out, {"results.json", "timings.json", "REPORT.md", "figures"});
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
  cmd->add_option("--battery", args->battery, "smoke, standard or full")->capture_default_str();
  cmd->add_option("--claim", args->claims, "Run only these claims: ids, or shell patterns such as 'SL.critical.*' (repeatable)");
  cmd->add_option("--seed", args->seed, fmt::format("Master seed (default {})", harness::kDefaultSeed));
  cmd->add_option("--threads", args->threads, "OpenMP threads (results do not depend on it)");
  cmd->add_option("--out", args->out, "Write results.json, timings.json, REPORT.md and figures/ here");
  cmd->add_option("--mutant", args->mutant, "Plant this bug (power audit); the run should then fail");
  cmd->add_flag("--json", args->json, "Print results.json on stdout");
  cmd->callback([args, &exit_status] { exit_status = run(*args); });
}

}  // namespace attnlaw::cli
