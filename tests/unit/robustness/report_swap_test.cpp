// A report folder is replaced as a unit (verify/report/staged_directory.hpp): killed at any point
// of its run, or failing a step, `run --out DIR` leaves DIR holding the whole old report or the
// whole new one, never a mixture; files of other commands in DIR stay; a stale staging folder is
// cleared by the next run.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "verify/report/staged_directory.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read(const fs::path& p) {
  std::stringstream s;
  s << std::ifstream(p, std::ios::binary).rdbuf();
  return s.str();
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::remove_all(attnlaw::report::staging_path(dir));
  return dir;
}

// A cheap claim with figures; the seed tells an old report from a new one.
std::string run_command(const fs::path& dir, int seed) {
  return std::string(ATTNLAW_BINARY) + " run --claim UF.gap.criterion --seed " + std::to_string(seed) + " --out " +
         dir.string() + " >/dev/null 2>&1";
}

// The seed of the report in `dir` if every part of it belongs to one run: results.json,
// REPORT.md (which prints the seed), timings.json, and exactly the figures results.json names
// (an SVG each, and a PDF only beside its SVG).
int whole_report_seed(const fs::path& dir) {
  const json results = json::parse(read(dir / "results.json"));
  const int seed = results.at("seed").get<int>();
  EXPECT_NE(read(dir / "REPORT.md").find("seed " + std::to_string(seed)), std::string::npos)
      << "REPORT.md of another run";
  EXPECT_TRUE(json::accept(read(dir / "timings.json")));
  std::set<std::string> named, drawn;
  for (const auto& f : results.at("figures")) named.insert(f.at("id").get<std::string>() + ".svg");
  for (const auto& e : fs::directory_iterator(dir / "figures")) {
    if (e.path().extension() == ".svg") drawn.insert(e.path().filename().string());
    if (e.path().extension() == ".pdf") {
      EXPECT_TRUE(fs::exists(fs::path(e.path()).replace_extension(".svg"))) << e.path();
    }
  }

  EXPECT_EQ(named, drawn);
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    EXPECT_FALSE(name.starts_with(".")) << "debris in the report: " << name;
  }
  return seed;
}

TEST(ReportSwap, KilledAtAnyPointLeavesTheWholeOldOrTheWholeNewReport) {
  const fs::path dir = scratch("attnlaw-swap-kill");
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(std::system(run_command(dir, 1).c_str()), 0);
  const auto whole_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  std::ofstream(dir / "real_attention.md") << "another command's file\n";
  int old_seen = 0, new_seen = 0;
  // SIGKILL at 27 times from 10 ms to 1.5 times an uninterrupted run (measured here, so a loaded
  // machine stretches the window with the run): its write phase is the last part.
  const int last_ms = std::max<int>(400, static_cast<int>(1.5 * static_cast<double>(whole_ms)));
  for (int ms = 10; ms <= last_ms; ms += std::max(1, (last_ms - 10) / 26)) {
    const int seed = 2 + ms;
    const std::string command = "timeout -s KILL " + std::to_string(ms / 1000.0) + " " + run_command(dir, seed);
    std::system(command.c_str());
    const int found = whole_report_seed(dir);
    EXPECT_TRUE(found == 1 || found == seed || found < seed) << "killed at " << ms << " ms: seed " << found;
    (found == seed ? new_seen : old_seen) += 1;
    EXPECT_EQ(read(dir / "real_attention.md"), "another command's file\n") << "killed at " << ms << " ms";
  }
  // Both outcomes occurred, so the kills did land inside the run (not all before, not all after).
  EXPECT_GT(old_seen, 0);
  EXPECT_GT(new_seen, 0);
  // A run to the end clears any staging folder a kill left.
  ASSERT_EQ(std::system(run_command(dir, 7).c_str()), 0);
  EXPECT_EQ(whole_report_seed(dir), 7);
  EXPECT_FALSE(fs::exists(attnlaw::report::staging_path(dir)));
  fs::remove_all(dir);
}

TEST(ReportSwap, MissingGnuplotExitsTwoAndLeavesTheOldReport) {
  const fs::path dir = scratch("attnlaw-swap-gnuplot");
  ASSERT_EQ(std::system(run_command(dir, 1).c_str()), 0);
  const std::string before = read(dir / "results.json") + read(dir / "REPORT.md");
  const int raw = std::system(("PATH=/nonexistent " + run_command(dir, 2)).c_str());
  EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 2);
  EXPECT_EQ(read(dir / "results.json") + read(dir / "REPORT.md"), before);
  EXPECT_EQ(whole_report_seed(dir), 1);
  EXPECT_FALSE(fs::exists(attnlaw::report::staging_path(dir)));
  fs::remove_all(dir);
}

TEST(StagedDirectory, CarriesOtherFilesAndLeavesDirUntouchedUntilCommit) {
  const fs::path dir = scratch("attnlaw-staged");
  fs::create_directories(dir / "figures");
  std::ofstream(dir / "results.json") << "old";
  std::ofstream(dir / "figures" / "a.svg") << "old figure";
  std::ofstream(dir / "keep.md") << "keep";
  std::ofstream(dir / ".results.json.1234.tmp") << "debris";
  {
    attnlaw::report::StagedDirectory staged(dir, {"results.json", "figures"});
    EXPECT_TRUE(fs::exists(staged.path() / "keep.md"));
    EXPECT_FALSE(fs::exists(staged.path() / "results.json"));
    EXPECT_FALSE(fs::exists(staged.path() / ".results.json.1234.tmp"));
    std::ofstream(staged.path() / "results.json") << "new";
    EXPECT_EQ(read(dir / "results.json"), "old");
  }  // not committed: nothing changes, the staging folder goes
  EXPECT_EQ(read(dir / "results.json"), "old");
  EXPECT_FALSE(fs::exists(attnlaw::report::staging_path(dir)));
  {
    attnlaw::report::StagedDirectory staged(dir, {"results.json", "figures"});
    std::ofstream(staged.path() / "results.json") << "new";
    staged.commit();
  }
  EXPECT_EQ(read(dir / "results.json"), "new");
  EXPECT_EQ(read(dir / "keep.md"), "keep");
  EXPECT_FALSE(fs::exists(dir / "figures")) << "an owned folder the writer did not write is gone";
  EXPECT_FALSE(fs::exists(dir / ".results.json.1234.tmp"));
  EXPECT_FALSE(fs::exists(attnlaw::report::staging_path(dir)));
  fs::remove_all(dir);
}

}  // namespace
