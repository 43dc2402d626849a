// `attnlaw audit calibrate` and `attnlaw audit mutants`: the harness tested against itself.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/distributed_run.hpp"
#include "apps/attnlaw/output_directory.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "theory/all_claims.hpp"
#include "verify/harness/audit.hpp"
#include "verify/harness/json.hpp"
#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"
#include "verify/report/audit_report.hpp"
#include "verify/report/progress.hpp"
#include "verify/report/staged_directory.hpp"

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
  std::string held_out;
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

// A JSON document named by `option`; a usage error names the option, the file and what was expected.
harness::Json read_document(const char* option, const std::string& path, const char* expected) {
  try {
    const std::vector<unsigned char> bytes = io::read_file_bytes(path);
    return harness::Json::parse(bytes.begin(), bytes.end());
  } catch (const io::InputError& e) {
    throw UsageError(fmt::format("{}: {}", option, e.what()));
  } catch (const nlohmann::json::parse_error&) {
    throw UsageError(fmt::format("{}: {}: expected {}, not valid JSON", option, path, expected));
  }
}

constexpr const char* kCalibrationFile = "the calibration.json of an earlier run";

// The rows of an earlier calibration.json (--resume, --update).
std::vector<harness::CalibrationRow> stored_calibration(const char* option, const std::string& path,
                                                        const harness::Json& doc, const harness::RunOptions& options) {
  try {
    return harness::calibration_rows_from(nlohmann::json::parse(doc.dump()), options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("{}: {}: expected {}; {}", option, path, kCalibrationFile, e.what()));
  }
}

// Writes --out and prints the calibration; the exit status says whether any check is anomalous.
int finish_calibration(const AuditArguments& a, const harness::Json& doc) {
  const auto plain = nlohmann::json::parse(doc.dump());
  if (!a.out.empty()) {
    try {
      report::StagedDirectory staged(
          a.out, {"calibration.json", "calibration.md", "figures", std::string(report::kCalibrationCheckpoint)});
      report::write_calibration_report(plain, staged.path());
      staged.commit();
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--out: the calibration in {} is unchanged: {}", a.out, e.what()));
    }
  }
  if (a.json) {
    harness::Json slim = doc;
    for (auto& c : slim["checks"]) c.erase("p_values");
    std::cout << slim.dump(2) << '\n';
  } else {
    std::cout << report::render_calibration_markdown(plain);
  }
  const auto& s = doc["summary"];
  return s["flagged"].get<std::size_t>() + s["deterministic_failed"].get<std::size_t>() > 0 ? kExitCheckFailed
                                                                                            : kExitPass;
}

// --held-out K: the number of a held-out seed set (K >= 1), or 0 when not given.
std::size_t held_out_number(const AuditArguments& a) {
  return a.held_out.empty() ? 0 : parse_integer("--held-out", a.held_out, 1, 1000);
}

// Progress over seeds whose number is known at the first seed (the default seed count follows
// from the number of statistical checks): the total is set at each report.
class SeedProgress {
 public:
  SeedProgress(std::size_t skipped, std::string label) : skipped_(skipped), progress_(0, std::move(label)) {}
  void advance(std::size_t seeds, const std::string& item) {
    progress_.set_total(seeds - skipped_);
    progress_.advance(item);
  }
  void finish() { progress_.finish(); }

 private:
  std::size_t skipped_;
  report::Progress progress_;
};

// --update: the stored calibration with the --claim rows rerun on a held-out seed set (the next
// unused one, or --held-out K), as many seeds as the stored rows.
// A calibration's seed batches run one seed a rank across `group`.
harness::SeedBatchRunner seeds_across(const ProcessGroup& group, const harness::RunOptions& options) {
  return [&group, options](const std::vector<const harness::Claim*>& claims, const std::vector<std::uint32_t>& batch) {
    return run_seeds_distributed(claims, options, group, batch);
  };
}

int update_calibration(const AuditArguments& a) {
  if (!a.resume.empty()) throw UsageError("--update: not with --resume");
  if (a.claims.empty()) throw UsageError("--update: expected --claim, the claims whose checks changed");
  const harness::RunOptions options = audit_options(a, "smoke");
  const harness::Json stored_doc = read_document("--update", a.update, kCalibrationFile);
  const std::vector<harness::CalibrationRow> stored = stored_calibration("--update", a.update, stored_doc, options);
  // The stored calibration's claims (all of the battery, or those it was run with) and the rerun ones.
  std::vector<const harness::Claim*> battery, rerun;
  try {
    rerun = harness::select_claims(theory::all_claims(), options);
    harness::RunOptions stored_claims = options;
    stored_claims.claim_ids.clear();
    for (const harness::CalibrationRow& row : stored) stored_claims.claim_ids.push_back(row.claim);
    battery = harness::select_claims(theory::all_claims(), stored_claims);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const std::size_t seeds = stored.front().seeds;
  if (!a.seeds.empty() && parse_integer("--seeds", a.seeds, 1, 100000) != seeds) {
    throw UsageError(
        fmt::format("--seeds: the stored calibration holds {} seeds; --update reruns exactly that many", seeds));
  }
  const std::size_t held_out = a.held_out.empty() ? harness::next_held_out(stored) : held_out_number(a);
  std::vector<std::string> rerun_ids;
  for (const harness::Claim* c : rerun) rerun_ids.push_back(c->info().id);
  std::vector<harness::CalibrationUpdate> updates;
  try {
    updates = harness::calibration_updates_from(nlohmann::json::parse(stored_doc.dump()));
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("--update: {}: {}", a.update, e.what()));
  }
  harness::CalibrationUpdate update{rerun_ids, held_out, {}};
  for (const harness::CalibrationRow& row : stored) {
    const bool rerun_row = std::find(rerun_ids.begin(), rerun_ids.end(), row.claim) != rerun_ids.end();
    if (rerun_row && std::find(update.replaced.begin(), update.replaced.end(), row.seed_set) == update.replaced.end())
      update.replaced.push_back(row.seed_set);
  }
  updates.push_back(update);
  const ProcessGroup& group = process_group();
  if (!leader_step(group, [&] {
        if (!a.out.empty()) prepare_output_directory("--out", a.out);
      }))
    return kExitUsage;
  std::optional<SeedProgress> progress;
  if (group.leader())
    progress.emplace(0, fmt::format("held-out seeds ({}) of the rerun claims", harness::seed_set_name(held_out)));
  const auto after_seed = [&](std::size_t done, std::size_t total, const std::vector<harness::CalibrationRow>&) {
    if (progress) progress->advance(total, fmt::format("seed {}", done));
  };
  // Under MPI each rank reruns one seed of every batch of as many seeds as there are ranks; every
  // rank checks the kept claims' last seed itself (one seed, the same on each).
  const std::size_t batch = static_cast<std::size_t>(group.size());
  std::vector<harness::CalibrationRow> rows;
  try {
    rows = harness::update_calibration(battery, rerun_ids, options, stored, held_out, after_seed, batch,
                                       group.size() > 1 ? seeds_across(group, options) : harness::SeedBatchRunner{});
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("--claim/--held-out: {} ({})", e.what(), a.update));
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format("--update: {}: {}", a.update, e.what()));
  }
  if (!group.leader()) return kExitPass;  // the leader writes, and exits with the verdict
  progress->finish();
  return finish_calibration(a, harness::calibration_document(rows, options, seeds, updates));
}

int calibrate(const AuditArguments& a) {
  if (!a.update.empty()) return update_calibration(a);
  // 0: the default, the fewest seeds that give every binomial band content (known at the first seed).
  const std::size_t seeds = a.seeds.empty() ? 0 : parse_integer("--seeds", a.seeds, 1, 100000);
  const harness::CalibrationPlan plan{held_out_number(a), seeds};
  const harness::RunOptions options = audit_options(a, "smoke");
  std::vector<const harness::Claim*> claims;
  try {
    claims = harness::select_claims(theory::all_claims(), options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::vector<harness::CalibrationRow> stored;
  if (!a.resume.empty()) {
    stored = stored_calibration("--resume", a.resume, read_document("--resume", a.resume, kCalibrationFile), options);
    if (seeds != 0 && stored.front().seeds > seeds) {
      throw UsageError(
          fmt::format("--resume: {}: it holds {} seeds, more than --seeds {}", a.resume, stored.front().seeds, seeds));
    }
    if (stored.front().seed_set != plan.seed_set) {
      throw UsageError(fmt::format("--resume: {}: its rows are of seed set {}, not {} (--held-out)", a.resume,
                                   harness::seed_set_name(stored.front().seed_set),
                                   harness::seed_set_name(plan.seed_set)));
    }
  }
  const ProcessGroup& group = process_group();
  if (!leader_step(group, [&] {
        if (!a.out.empty()) prepare_output_directory("--out", a.out);
      }))
    return kExitUsage;
  // Under MPI each rank runs one seed of every batch of as many seeds as there are ranks.
  harness::CalibrationPlan distributed = plan;
  if (group.size() > 1) {
    distributed.batch = static_cast<std::size_t>(group.size());
    distributed.run_batch = seeds_across(group, options);
  }
  // A resumed run's work is the rerun of the last stored seed and the seeds after it; items name
  // the seed's number in the whole calibration.
  const std::size_t stored_seeds = stored.empty() ? 0 : stored.front().seeds;
  std::optional<SeedProgress> progress;
  if (group.leader())
    progress.emplace(stored_seeds == 0 ? 0 : stored_seeds - 1,
                     fmt::format("calibration seeds ({})", harness::seed_set_name(plan.seed_set)));
  // Every seed's rows are checkpointed into --out/calibration.json at most once a minute, so a
  // run of hours that is stopped can continue with --resume.
  auto last_checkpoint = std::chrono::steady_clock::now();
  std::size_t asked = seeds;
  const auto after_seed = [&](std::size_t done, std::size_t total, const std::vector<harness::CalibrationRow>& rows) {
    asked = total;
    if (!group.leader()) return;
    progress->advance(
        total, done == stored_seeds ? fmt::format("seed {} (stored, reproduced)", done) : fmt::format("seed {}", done));
    const auto now = std::chrono::steady_clock::now();
    if (a.out.empty() || done == total || now - last_checkpoint < std::chrono::minutes(1)) return;
    report::write_calibration_checkpoint(
        nlohmann::json::parse(harness::calibration_document(rows, options, total).dump()), a.out);
    last_checkpoint = now;
  };
  std::vector<harness::CalibrationRow> rows;
  try {
    rows = harness::calibrate(claims, options, distributed, after_seed, std::move(stored));
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("--seeds/--resume: {}", e.what()));
  } catch (const std::runtime_error& e) {
    if (!a.resume.empty()) throw UsageError(fmt::format("--resume: {}: {}", a.resume, e.what()));
    throw;
  }
  if (!group.leader()) return kExitPass;  // the leader writes, and exits with the verdict
  progress->finish();
  return finish_calibration(a, harness::calibration_document(rows, options, asked));
}

int mutants(const AuditArguments& a) {
  // Every option is checked before anything is listed or run: --list does not excuse a bad one.
  const harness::RunOptions options = audit_options(a, "standard");
  if (a.list && (!a.out.empty() || !a.update.empty()))
    throw UsageError("--list: names the mutants and stops; it takes no --out or --update");
  if (a.list) {
    harness::Json list = harness::Json::array();
    for (const harness::Mutant& m : theory::all_claims().mutants()) {
      list.push_back({{"name", m.name}, {"description", m.description}, {"claims", m.claims}});
    }
    if (a.json) {
      std::cout << harness::Json{{"mutants", list}}.dump(2) << '\n';
    } else {
      for (const harness::Mutant& m : theory::all_claims().mutants()) fmt::print("{:<40} {}\n", m.name, m.description);
    }
    return kExitPass;
  }
  for (const std::string& name : a.mutants) {
    if (theory::all_claims().find_mutant(name) == nullptr) {
      throw UsageError(fmt::format("--mutant: unknown mutant '{}' (see 'attnlaw audit mutants --list')", name));
    }
  }
  harness::Json stored;
  if (!a.update.empty()) {
    if (a.mutants.empty()) throw UsageError("--update: name the mutants to rerun with --mutant");
    stored = read_document("--update", a.update, "the mutants.json of an earlier audit");
  }
  const std::vector<const harness::Mutant*> selected = harness::selected_mutants(theory::all_claims(), a.mutants);
  const ProcessGroup& group = process_group();
  if (!leader_step(group, [&] {
        if (!a.out.empty()) prepare_output_directory("--out", a.out);
      }))
    return kExitUsage;
  // Under MPI the mutants are dealt to the ranks; the leader's progress counts its own share.
  const std::size_t share = share_of_rank(std::vector<bool>(selected.size(), false), group.rank(), group.size()).size();
  std::optional<report::Progress> progress;
  if (group.leader()) progress.emplace(share, "mutants");
  std::vector<harness::MutantOutcome> outcomes;
  try {
    outcomes = run_mutants_distributed(theory::all_claims(), options, selected, group, [&](std::string_view name) {
      if (progress) progress->advance(name);
    });
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (!group.leader()) return kExitPass;  // the leader writes, and exits with the verdict
  progress->finish();
  harness::Json doc = harness::mutants_document(outcomes, options);
  if (!a.update.empty()) {
    try {
      doc = harness::update_mutants_document(theory::all_claims(), stored, doc);
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--update: {}: {}", a.update, e.what()));
    }
  }
  const auto plain = nlohmann::json::parse(doc.dump());
  if (!a.out.empty()) {
    try {
      report::StagedDirectory staged(a.out, {"mutants.json", "mutants.md"});
      report::write_mutants_report(plain, staged.path());
      staged.commit();
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--out: the mutant audit in {} is unchanged: {}", a.out, e.what()));
    }
  }
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
  CLI::App* c = audit->add_subcommand(
      "calibrate", "Run each check over many seeds: p-values against their null law, counts in binomial bands");
  c->add_option("--battery", cal->battery, "smoke (default), standard or full");
  c->add_option("--claim", cal->claims, "Only these claims (repeatable)");
  c->add_option("--seeds", cal->seeds,
                "Number of calibration seeds (default: the fewest at which every binomial band at 0.05 and 0.01 has "
                "a lower end, given the number of statistical checks; with --update: the stored number)");
  c->add_option("--held-out", cal->held_out,
                "Run on held-out seed set K >= 1 (indices K*10^6..), not the discovery set; with --update: the set "
                "the rerun claims use (default: the next one the stored calibration has not used)");
  c->add_option("--threads", cal->threads, "OpenMP threads");
  c->add_option("--out", cal->out, "Write calibration.json, calibration.md and figures/ here");
  c->add_option("--resume", cal->resume,
                "Continue the calibration.json of an earlier run (its last seed is rerun and must reproduce)");
  c->add_option("--update", cal->update,
                "Rerun the --claim rows of this earlier calibration.json on a held-out seed set never used before "
                "(as many seeds as it holds) and keep the rest (each kept claim's last seed must reproduce)");
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
