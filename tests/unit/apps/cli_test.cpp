// The command-line contract of DESIGN.md: exit 0/1/2, one line on stderr naming the argument,
// --json alone on stdout, no partial output files.
#include <gtest/gtest.h>

#include "tests/unit/support/run_attnlaw.hpp"
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using attnlaw::testing::Outcome;

Outcome run(const std::string& args) { return attnlaw::testing::run_attnlaw(args); }

int lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

void expect_usage_error(const std::string& args, const std::string& names) {
  const Outcome o = run(args);
  EXPECT_EQ(o.status, 2) << args << "\n" << o.err;
  EXPECT_EQ(lines(o.err), 1) << args << "\n" << o.err;
  EXPECT_NE(o.err.find(names), std::string::npos) << args << ": message should name " << names << "\n" << o.err;
  EXPECT_EQ(o.err.find("terminate"), std::string::npos) << o.err;
}

TEST(Cli, RejectsUnknownClaimAndBattery) {
  expect_usage_error("run --claim SL.no-such-claim", "--claim");
  expect_usage_error("run --battery nightly", "--battery");
}

TEST(Cli, RejectsBadNumbers) {
  expect_usage_error("reference sphere-subcritical --d 1 --beta 1", "--d");
  expect_usage_error("reference sphere-subcritical --d 3 --beta -1", "--beta");
  expect_usage_error("reference sphere-subcritical --d 3 --beta nan", "--beta");
  expect_usage_error("reference sphere-subcritical --d 3 --beta inf", "--beta");
  expect_usage_error("reference sphere-subcritical --d three --beta 1", "--d");
  expect_usage_error("reference ks --n 0 --statistic 0.1", "--n");
  expect_usage_error("run --seed -5", "--seed");
  expect_usage_error("run --threads 0", "--threads");
  expect_usage_error("run --threads two", "--threads");
}

TEST(Cli, RejectsMissingArgumentsAndUnknownCommands) {
  expect_usage_error("reference sphere-subcritical --d 3", "--beta");
  expect_usage_error("frobnicate", "frobnicate");
  expect_usage_error("", "subcommand");
}

TEST(Cli, RejectsUnwritableOutWithoutWritingAnything) {
  // A file where a directory is expected is unwritable for root too.
  const auto blocker = std::filesystem::temp_directory_path() / ("attnlaw-blocker-" + std::to_string(::getpid()));
  std::ofstream(blocker) << "x";
  expect_usage_error("run --claim SL.global-average --out " + (blocker / "sub").string(), "--out");
  std::filesystem::remove(blocker);
}

TEST(Cli, ReportOnMissingOrBadResultsIsUsageError) {
  const auto dir = std::filesystem::temp_directory_path() / ("attnlaw-report-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  expect_usage_error("report " + dir.string(), "results.json");
  std::ofstream(dir / "results.json") << "{ not json";
  expect_usage_error("report " + dir.string(), "results.json");
  std::filesystem::remove_all(dir);
}

TEST(Cli, SimulateAndAuditRejectBadArguments) {
  expect_usage_error("simulate sphere --d 3 --n 100 --reps 10", "--gamma");
  expect_usage_error("simulate sphere --d 3 --n 100 --gamma 1 --beta 2 --reps 10", "--gamma");
  expect_usage_error("simulate sphere --d 3 --n 0 --gamma 1 --reps 10", "--n");
  expect_usage_error("simulate sphere --d 3 --n 100 --gamma 1 --reps 10 --sampler magic", "--sampler");
  // beta far below the critical scale of 1e12 keys: refused, not an internal error or a hang.
  expect_usage_error("simulate sphere --d 3 --n 1e12 --beta 1 --reps 1", "--beta");
  expect_usage_error("audit calibrate --seeds 0", "--seeds");
  expect_usage_error("audit mutants --mutant no-such-bug", "--mutant");
  expect_usage_error("run --mutant no-such-bug", "--mutant");
}

TEST(Cli, RunChecksDoNotDependOnThreads) {
  // The acceptance test in small: the same checks, byte for byte, with 1 and 2 threads.
  const std::string claims = "run --claim SL.critical.spacings --claim SL.subcritical.bias --json";
  const Outcome one = run(claims + " --threads 1");
  const Outcome two = run(claims + " --threads 2");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  const auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  EXPECT_EQ(a["checks"].dump(), b["checks"].dump());
  EXPECT_EQ(a["figures"].dump(), b["figures"].dump());
}

TEST(Cli, SimulateJsonHasTheDocumentedFields) {
  const Outcome o = run("simulate sphere --d 3 --n 1000000 --gamma 0.5 --reps 4000 --json");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  for (const char* key : {"estimates", "stderr", "reps", "sampler", "seconds"}) EXPECT_TRUE(doc.contains(key)) << key;
  // SL.md §5: d = 3, gamma = 1/2: E W_1 = e^{-gamma_E} = 0.561459 (limit; the n = 1e6 bias is ~1e-7).
  const double mean = doc["estimates"]["mean_top"], se = doc["stderr"]["mean_top"];
  EXPECT_NEAR(mean, 0.561459484, 5.5 * se);
}

TEST(Cli, ListJsonIsOneDocument) {
  const Outcome o = run("list --json");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  ASSERT_TRUE(doc.contains("claims"));
  EXPECT_GE(doc["claims"].size(), 1u);
  for (const auto& c : doc["claims"]) {
    EXPECT_TRUE(c.contains("provenance"));
    EXPECT_TRUE(c["provenance"] == "paper" || c["provenance"] == "paper-summary" || c["provenance"] == "derived");
  }
}

TEST(Cli, ReferenceJsonHasTheDocumentedFields) {
  const Outcome o = run("reference sphere-subcritical --d 3 --beta 2 --json");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  for (const char* key : {"A", "A2", "P", "var_perp", "var_par", "bias"}) EXPECT_TRUE(doc.contains(key)) << key;
  // SL.md §5: A_3(2) = coth 2 - 1/2 = 0.537314721; n Var_perp = 0.38934, n Var_par = 0.22132.
  EXPECT_NEAR(doc["A"].get<double>(), 0.537314721, 1e-9);
  EXPECT_NEAR(doc["var_perp"].get<double>(), 0.38934, 1e-5);
  EXPECT_NEAR(doc["var_par"].get<double>(), 0.22132, 1e-5);
}

}  // namespace
