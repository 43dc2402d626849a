// `attnlaw audit calibrate` and `attnlaw audit mutants`: the harness tested against itself.
#include <fmt/core.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/output_directory.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "theory/all_claims.hpp"
#include "verify/harness/audit.hpp"
#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"
#include "verify/report/audit_report.hpp"
#include "verify/report/progress.hpp"

namespace attnlaw::cli {
namespace {

struct AuditArguments {
  std::string battery;
  std::vector<std::string> claims;
  std::vector<std::string> mutants;
  std::string seeds;
  std::string threads;
  std::string out;
  std::string resume;
  std::string update;
  bool json = false;
  bool list = false;
};

harness::RunOptions audit_options(const AuditArguments& a, const char* default_battery) {
  harness::RunOptions options;
  const std::string name = a.battery.empty() ? default_battery : a.battery;
  const auto battery = harness::parse_battery(name);
  if (!battery) throw UsageError(fmt::format("--battery: expected smoke, standard or full, got '{}'", name));
  options.battery = *battery;
  options.claim_ids = a.claims;
  if (!a.threads.empty()) options.threads = static_cast<int>(parse_integer("--threads", a.threads, 1, 1024));
  return options;
}

// The rows of an earlier calibration.json to continue from; a usage error names the file.
std::vector<harness::CalibrationRow> stored_calibration(const std::string& path, const harness::RunOptions& options,
                                                        std::size_t seeds) {
  try {
    const std::vector<unsigned char> bytes = io::read_file_bytes(path);
    const auto doc = nlohmann::json::parse(bytes.begin(), bytes.end());
    auto rows = harness::calibration_rows_from(doc, options);
    if (rows.front().seeds > seeds) {
      throw std::invalid_argument(fmt::format("it holds {} seeds, more than --seeds {}", rows.front().seeds, seeds));
    }
    return rows;
  } catch (const io::InputError& e) {
    throw UsageError(fmt::format("--resume: {}", e.what()));
  } catch (const nlohmann::json::parse_error&) {
    throw UsageError(fmt::format("--resume: {}: expected the calibration.json of an earlier run, not valid JSON", path));
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("--resume: {}: expected the calibration.json of an earlier run; {}", path, e.what()));
  }
}

// The mutants.json of an earlier audit, for --update; a usage error names the file.
harness::Json stored_mutants(const std::string& path) {
  try {
    const std::vector<unsigned char> bytes = io::read_file_bytes(path);
    return harness::Json::parse(bytes.begin(), bytes.end());
  } catch (const io::InputError& e) {
    throw UsageError(fmt::format("--update: {}", e.what()));
  } catch (const nlohmann::json::parse_error&) {
    throw UsageError(fmt::format("--update: {}: expected the mutants.json of an earlier audit, not valid JSON", path));
  }
}

int calibrate(const AuditArguments& a) {
  if (a.seeds.empty()) throw UsageError("--seeds: required, an integer >= 1");
  const std::size_t seeds = parse_integer("--seeds", a.seeds, 1, 100000);
  const harness::RunOptions options = audit_options(a, "smoke");
  std::vector<const harness::Claim*> claims;
  try {
    claims = harness::select_claims(theory::all_claims(), options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::vector<harness::CalibrationRow> stored;
  if (!a.resume.empty()) stored = stored_calibration(a.resume, options, seeds);
  if (!a.out.empty()) prepare_output_directory("--out", a.out);
  // A resumed run's work is the rerun of the last stored seed and the seeds after it; items name
  // the seed's number in the whole calibration.
  const std::size_t stored_seeds = stored.empty() ? 0 : stored.front().seeds;
  report::Progress progress(seeds - (stored_seeds == 0 ? 0 : stored_seeds - 1), "calibration seeds");
  // Every seed's rows are checkpointed into --out/calibration.json at most once a minute, so a
  // run of hours that is stopped can continue with --resume.
  auto last_checkpoint = std::chrono::steady_clock::now();
  const auto after_seed = [&](std::size_t done, const std::vector<harness::CalibrationRow>& rows) {
    progress.advance(done == stored_seeds ? fmt::format("seed {} (stored, reproduced)", done) : fmt::format("seed {}", done));
    const auto now = std::chrono::steady_clock::now();
    if (a.out.empty() || done == seeds || now - last_checkpoint < std::chrono::minutes(1)) return;
    report::write_calibration_checkpoint(nlohmann::json::parse(harness::calibration_document(rows, options, seeds).dump()),
                                         a.out);
    last_checkpoint = now;
  };
  std::vector<harness::CalibrationRow> rows;
  try {
    rows = harness::calibrate(claims, options, seeds, after_seed, std::move(stored));
  } catch (const std::runtime_error& e) {
    if (!a.resume.empty()) throw UsageError(fmt::format("--resume: {}: {}", a.resume, e.what()));
    throw;
  }
  progress.finish();
  const harness::Json doc = harness::calibration_document(rows, options, seeds);
  const auto plain = nlohmann::json::parse(doc.dump());
  if (!a.out.empty()) report::write_calibration_report(plain, a.out);
  if (a.json) {
    harness::Json slim = doc;
    for (auto& c : slim["checks"]) c.erase("p_values");
    std::cout << slim.dump(2) << '\n';
  } else {
    std::cout << report::render_calibration_markdown(plain);
  }
  const auto& s = doc["summary"];
  return s["outside_band"].get<std::size_t>() + s["non_uniform"].get<std::size_t>() > 0 ? kExitCheckFailed : kExitPass;
}

int mutants(const AuditArguments& a) {
  if (a.list) {
    harness::Json list = harness::Json::array();
    for (const harness::Mutant& m : harness::all_mutants()) {
      list.push_back({{"name", m.name}, {"description", m.description}, {"claims", m.claims}});
    }
    if (a.json) {
      std::cout << harness::Json{{"mutants", list}}.dump(2) << '\n';
    } else {
      for (const harness::Mutant& m : harness::all_mutants()) fmt::print("{:<40} {}\n", m.name, m.description);
    }
    return kExitPass;
  }
  const harness::RunOptions options = audit_options(a, "standard");
  for (const std::string& name : a.mutants) {
    if (harness::find_mutant(name) == nullptr) {
      throw UsageError(fmt::format("--mutant: unknown mutant '{}' (see 'attnlaw audit mutants --list')", name));
    }
  }
  harness::Json stored;
  if (!a.update.empty()) {
    if (a.mutants.empty()) throw UsageError("--update: name the mutants to rerun with --mutant");
    stored = stored_mutants(a.update);
  }
  if (!a.out.empty()) prepare_output_directory("--out", a.out);
  std::size_t total = a.mutants.empty() ? harness::all_mutants().size() : a.mutants.size();
  report::Progress progress(total, "mutants");
  std::vector<harness::MutantOutcome> outcomes;
  try {
    outcomes = harness::audit_mutants(theory::all_claims(), options, a.mutants,
                                      [&](std::string_view name) { progress.advance(name); });
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  progress.finish();
  harness::Json doc = harness::mutants_document(outcomes, options);
  if (!a.update.empty()) {
    try {
      doc = harness::update_mutants_document(stored, doc);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--update: {}: {}", a.update, e.what()));
    }
  }
  const auto plain = nlohmann::json::parse(doc.dump());
  if (!a.out.empty()) report::write_mutants_report(plain, a.out);
  if (a.json) {
    std::cout << doc.dump(2) << '\n';
  } else {
    std::cout << report::render_mutants_markdown(plain);
  }
  for (const auto& row : plain.at("mutants")) {
    if (!row.at("killed").get<bool>()) return kExitCheckFailed;
  }
  return kExitPass;
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_status) {
  CLI::App* audit = app.add_subcommand("audit", "Test the tests: calibration over seeds, power against planted bugs");
  audit->require_subcommand(1);

  auto cal = std::make_shared<AuditArguments>();
  CLI::App* c = audit->add_subcommand("calibrate", "Run each check over many seeds: false-failure band, p-value uniformity");
  c->add_option("--battery", cal->battery, "smoke (default), standard or full");
  c->add_option("--claim", cal->claims, "Only these claims (repeatable)");
  c->add_option("--seeds", cal->seeds, "Number of calibration seeds")->required();
  c->add_option("--threads", cal->threads, "OpenMP threads");
  c->add_option("--out", cal->out, "Write calibration.json, calibration.md and figures/ here");
  c->add_option("--resume", cal->resume,
                "Continue the calibration.json of an earlier run (its last seed is rerun and must reproduce)");
  c->add_flag("--json", cal->json, "Print one JSON document");
  c->callback([cal, &exit_status] { exit_status = calibrate(*cal); });

  auto mut = std::make_shared<AuditArguments>();
  CLI::App* m = audit->add_subcommand("mutants", "Run every planted bug on the claims it touches: the kill matrix");
  m->add_option("--battery", mut->battery, "standard (default), smoke or full");
  m->add_option("--mutant", mut->mutants, "Only these mutants (repeatable)");
  m->add_option("--threads", mut->threads, "OpenMP threads");
  m->add_option("--out", mut->out, "Write mutants.json and mutants.md here");
  m->add_option("--update", mut->update,
                "Rerun only the --mutant rows of this earlier mutants.json (same battery and seed) and keep the rest");
  m->add_flag("--json", mut->json, "Print one JSON document");
  m->add_flag("--list", mut->list, "Name the mutants and stop");
  m->callback([mut, &exit_status] { exit_status = mutants(*mut); });
}

}  // namespace attnlaw::cli
