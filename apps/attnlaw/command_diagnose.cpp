// `attnlaw diagnose FILE...`: the gap statistics of real attention rows
// (theory/unified_framework/THEORY.md §1-§3, §6): per row Lambda, Delta_Lambda, alpha_n and the
// collapse regime at --beta; per head the quantiles; across files of different context length, the
// exponent of median Lambda in log n. The diagnosis is verify/diagnose's and its rendering
// verify/report's; here the arguments are parsed, bad input becomes exit 2 with one line, and the
// outputs are dispatched.
#include <fmt/format.h>

#include <unistd.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/output_directory.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "verify/diagnose/diagnosis.hpp"
#include "verify/diagnose/file_diagnosis.hpp"
#include "verify/io/read_tensors.hpp"
#include "verify/report/atomic_file.hpp"
#include "verify/report/diagnosis_document.hpp"
#include "verify/report/diagnosis_figure.hpp"
#include "verify/report/diagnosis_table.hpp"
#include "verify/report/real_attention.hpp"
#include "verify/report/staged_directory.hpp"

namespace attnlaw::cli {
namespace {

struct DiagnoseArguments {
  std::vector<std::string> files;
  std::string format;
  std::string tensor;
  std::string beta = "1";
  std::string plot;
  std::string report;
  std::string max_input_bytes;
  bool json = false;
  bool summary = false;
  bool rows = false;
};

// Per-head lines by default on a terminal once the rows would scroll past; per-row output to a
// pipe or file, where a program reads it.
constexpr std::size_t kMostRowsPrintedOnATerminal = 64;

report::TableStyle table_style(const DiagnoseArguments& args, const diagnose::Diagnosis& diagnosis) {
  if (args.summary) return report::TableStyle::summary;
  if (args.rows) return report::TableStyle::rows;
  std::size_t rows = 0;
  for (const diagnose::TensorDiagnosis& t : diagnosis.tensors) rows += t.rows.size();
  return isatty(STDOUT_FILENO) && rows > kMostRowsPrintedOnATerminal ? report::TableStyle::summary
                                                                     : report::TableStyle::rows;
}

// Files are read and diagnosed one after the other, so the first bad file or row is the one named.
diagnose::Diagnosis diagnose_files(const DiagnoseArguments& args, double beta) {
  std::optional<io::Format> format;
  if (!args.format.empty()) {
    format = io::parse_format(args.format);
    if (!format)
      throw UsageError(fmt::format("--format: expected npy, npz, csv or safetensors, got '{}'", args.format));
  }
  const std::optional<std::string> tensor = args.tensor.empty() ? std::nullopt : std::optional(args.tensor);
  const std::uint64_t max_bytes = args.max_input_bytes.empty()
                                      ? io::kDefaultMaxInputBytes
                                      : parse_integer("--max-input-bytes", args.max_input_bytes, 1);
  std::vector<diagnose::TensorDiagnosis> tensors;
  try {
    for (const std::string& file : args.files)
      for (diagnose::TensorDiagnosis& t : diagnose::diagnose_file(file, format, tensor, max_bytes, beta))
        tensors.push_back(std::move(t));
  } catch (const io::InputTooLarge& e) {
    throw UsageError(fmt::format("{} (--max-input-bytes raises the limit)", e.what()));
  } catch (const io::InputError& e) {
    throw UsageError(e.what());
  } catch (const diagnose::TensorError& e) {
    throw UsageError(e.what());
  }
  return diagnose::assemble_diagnosis(beta, std::move(tensors));
}

// The command that regenerates the report, as its markdown quotes it.
std::string report_command(const DiagnoseArguments& args) {
  std::string command = "attnlaw diagnose --report " + args.report;
  if (args.beta != "1") command += " --beta " + args.beta;
  for (const std::string& file : args.files) command += " " + file;
  return command;
}

void run_diagnose(const DiagnoseArguments& args) {
  const double beta = parse_real("--beta", args.beta, 0.0, 1e300);
  const diagnose::Diagnosis diagnosis = diagnose_files(args, beta);
  if (!args.report.empty()) {
    prepare_output_directory("--report", args.report);
    try {
      const std::string stem = report::kRealAttentionStem;
      report::StagedDirectory staged(args.report, {stem + ".json", stem + ".md", stem + ".svg"});
      report::write_real_attention_report(staged.path(), diagnosis, report_command(args));
      staged.commit();
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--report: cannot write into {}: {}", args.report, e.what()));
    }
  }
  if (!args.plot.empty()) {
    try {
      report::write_file_atomically(args.plot, report::diagnosis_svg(diagnosis));
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--plot: cannot write {}: {}", args.plot, e.what()));
    }
  }
  if (args.json) {
    std::cout << report::diagnosis_document(diagnosis).dump(2) << '\n';
  } else if (!args.report.empty()) {
    // The per-row table is in the report's files; say only where they are.
    fmt::print(
        "attnlaw diagnose: wrote {0}/{1}.json, {0}/{1}.md, {0}/{1}.svg ({2} of {3} heads reject xi = 1 at "
        "family-wise {4}, Holm)\n",
        args.report, report::kRealAttentionStem, diagnosis.fit.heads_rejecting_1, diagnosis.fit.heads_fitted,
        diagnose::kFamilyWiseAlpha);
  } else {
    fmt::print("{}", report::diagnosis_table(diagnosis, table_style(args, diagnosis)));
  }
}

}  // namespace

void add_diagnose_command(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<DiagnoseArguments>();
  CLI::App* cmd =
      app.add_subcommand("diagnose", "Gap statistics (Lambda, alpha_n, collapse regime) of attention rows in files");
  cmd->add_option("FILE", args->files, ".npy, .npz, .csv or .safetensors files of logits; rows are the last axis")
      ->required();
  cmd->add_option("--format", args->format, "npy, npz, csv or safetensors (default: from the extension)");
  cmd->add_option("--tensor", args->tensor, "Only this tensor of a .safetensors file (or array of an .npz file)");
  cmd->add_option("--beta", args->beta, "Inverse temperature for entropy, top weight and regime (default 1)");
  cmd->add_option("--plot", args->plot, "Write an SVG of Lambda against n, with the fitted exponent");
  cmd->add_option("--report", args->report,
                  "Write real_attention.json (no per-row records), real_attention.md and real_attention.svg into this "
                  "directory (the standard report links them)");
  cmd->add_option("--max-input-bytes", args->max_input_bytes,
                  "Largest input file read, in bytes (default 1073741824 = 1 GiB; memory is up to 3 times it for "
                  "32-bit data, 5 for 16-bit, 6 for .npz)");
  cmd->add_flag("--json", args->json, "Print one JSON document on stdout (every row, and the per-head summary)");
  CLI::Option* summary = cmd->add_flag("--summary", args->summary,
                                       "One line per head: rows, rows per regime at --beta, quantiles of beta_crit "
                                       "(the default on a terminal beyond 64 rows)");
  cmd->add_flag("--rows", args->rows, "Every row (the default to a pipe or file, and up to 64 rows)")
      ->excludes(summary);
  cmd->callback([args, &exit_status] {
    run_diagnose(*args);
    exit_status = kExitPass;
  });
}

}  // namespace attnlaw::cli
