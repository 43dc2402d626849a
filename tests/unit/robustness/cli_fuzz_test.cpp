// Grammar-aware fuzz of the command line, the counterpart of the libFuzzer targets of the readers.
// Valid command lines of every command are mutated (tokens deleted, duplicated, swapped, fused as
// --opt=value, cut short, or replaced by hostile values and by other commands' options), and the
// real binary runs each under a CPU, memory and wall-clock limit in a scratch directory. The
// contract checked on every case:
//   - the process exits (no signal, no internal error): status 0, 1 (a check failed) or 2;
//   - status 2 comes with exactly one line on stderr, "attnlaw: error: ...";
//   - only `run` and `audit`, the commands whose work is a battery, may reach the CPU limit.
// The case generator is a fixed-seed SplitMix64, so a failure reproduces from its case number.
// ATTNLAW_CLI_FUZZ_CASES overrides the number of cases (the default is ATTNLAW_CLI_FUZZ_DEFAULT_CASES,
// set per target: a short run in `make test`, a long one under the fuzz label).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "tests/unit/support/run_argv.hpp"

namespace {

using attnlaw::testing::ArgvOutcome;

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
};

const std::string kData = ATTNLAW_TEST_DATA_DIR;

// Valid command lines, cheap ones: the fuzz mutates these.
std::vector<std::vector<std::string>> seed_lines() {
  const std::string npy = kData + "/fixtures/numpy/gauss_rows_f32.npy";
  const std::string safetensors = kData + "/fixtures/real-attention/logits_L256.safetensors";
  return {
      {"list"},
      {"list", "--json", "--paper", "SL"},
      {"reference", "sphere-subcritical", "--d", "3", "--beta", "2"},
      {"reference", "sphere-critical", "--d", "3", "--gamma", "1", "--n", "5", "--json"},
      {"reference", "sphere-critical", "--d", "5", "--gamma", "0.5"},
      {"reference", "sphere-supercritical", "--d", "3"},
      {"reference", "sphere-constants", "--d", "4", "--json"},
      {"reference", "ks", "--n", "10", "--statistic", "0.3"},
      {"reference", "anderson-darling", "--n", "10", "--statistic", "1.2"},
      {"reference", "cramer-von-mises", "--n", "10", "--statistic", "0.2", "--json"},
      {"reference", "pd", "--alpha", "0.5"},
      {"reference", "gumbel-scale", "--family", "weibull", "--shape", "2", "--n", "1000"},
      {"reference", "equiangular-time", "--n", "32", "--beta", "3", "--rho0", "0.1", "--type", "U", "--kernel", "relu"},
      {"simulate", "sphere", "--d", "3", "--n", "1000", "--gamma", "1", "--reps", "10", "--threads", "1"},
      {"simulate", "sphere", "--d", "4", "--n", "500", "--beta", "2", "--reps", "5", "--sampler", "naive", "--json",
       "--no-reference"},
      {"simulate", "family", "--family", "gaussian", "--n", "1000", "--c", "2", "--reps", "20", "--no-reference"},
      {"simulate", "sphere", "--d", "3", "--n", "100", "--gamma", "1", "--reps", "4", "--no-reference", "--samples",
       "s.npy"},
      {"reference", "pd", "--alpha", "0.5", "--quantile", "0.1,0.9"},
      {"reference", "ks", "--n", "10", "--quantile", "0.95", "--json"},
      {"reference", "sphere-critical", "--d", "3", "--gamma", "1", "--at", "0.3,0.6"},
      {"simulate", "dynamics", "--n",    "6", "--d",    "7",           "--heads", "2",   "--beta",    "1.5",
       "--t",      "2",        "--type", "U", "--init", "equiangular", "--rho0",  "0.2", "--samples", "5"},
      {"simulate", "dynamics", "--n", "8", "--d", "4", "--beta", "1", "--t", "1", "--out", "traj.csv", "--json"},
      {"diagnose", npy, "--beta", "2"},
      {"diagnose", "rows.csv", "--json", "--format", "csv"},
      {"diagnose", safetensors, "--tensor", "layer0.head0", "--plot", "plot.svg"},
      {"diagnose", npy, "--report", "diag", "--max-input-bytes", "100000"},
      {"report", "rep"},
      {"run", "--claim", "UF.gap.bounds", "--threads", "1", "--json"},
      {"audit", "mutants", "--list"},
      {"audit", "mutants", "--battery", "smoke", "--list"},
  };
}

// Values no option accepts, or only some do: the parser's and the validators' edges.
const std::vector<std::string> kHostile{"",
                                        " ",
                                        "-",
                                        "--",
                                        "-1",
                                        "0",
                                        "1",
                                        "2.5",
                                        "1e400",
                                        "-1e400",
                                        "1e-400",
                                        "nan",
                                        "NaN",
                                        "inf",
                                        "-inf",
                                        "0x10",
                                        "3.",
                                        ".5",
                                        "1e12",
                                        "9.3e18",
                                        "18446744073709551616",
                                        "99999999999999999999999",
                                        "2,3",
                                        "1 2",
                                        "=",
                                        "--json",
                                        "--help",
                                        "-h",
                                        "\xff\xfe",
                                        "\xc3\xa9",
                                        std::string(5000, 'a'),
                                        "%s%n",
                                        "$(true)",
                                        "../x",
                                        "/nonexistent/dir/x",
                                        "/dev/full",
                                        "/dev/null",
                                        "smoke",
                                        "standard",
                                        "full",
                                        "SL",
                                        "MH",
                                        "UF.family.gaussian",
                                        "weibull",
                                        "log2",
                                        "naive",
                                        "truncated",
                                        "rows.csv",
                                        "plot.svg",
                                        "rep",
                                        "diag"};

// Every token of the seeds: options and values moved to where they do not belong.
std::vector<std::string> vocabulary(const std::vector<std::vector<std::string>>& seeds) {
  std::vector<std::string> v;
  for (const auto& line : seeds)
    for (const std::string& t : line) v.push_back(t);
  return v;
}

std::vector<std::string> mutate(std::vector<std::string> line, SplitMix64& g, const std::vector<std::string>& vocab) {
  const std::size_t edits = 1 + g.below(3);
  for (std::size_t e = 0; e < edits; ++e) {
    const auto pick_hostile = [&] { return kHostile[g.below(kHostile.size())]; };
    const auto pick_vocab = [&] { return vocab[g.below(vocab.size())]; };
    const std::size_t at = line.empty() ? 0 : g.below(line.size());
    switch (g.below(9)) {
      case 0:
        if (!line.empty()) line[at] = pick_hostile();
        break;
      case 1:
        if (!line.empty()) line[at] = pick_vocab();
        break;
      case 2:
        if (!line.empty()) line.erase(line.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      case 3: line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), pick_vocab()); break;
      case 4: line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), pick_hostile()); break;
      case 5:
        if (!line.empty()) line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), line[at]);
        break;
      case 6:
        if (at + 1 < line.size()) std::swap(line[at], line[at + 1]);
        break;
      case 7:  // --opt value -> --opt=value
        if (at + 1 < line.size() && line[at].starts_with("--")) {
          line[at] += "=" + line[at + 1];
          line.erase(line.begin() + static_cast<std::ptrdiff_t>(at) + 1);
        }
        break;
      case 8:
        if (!line.empty() && line[at].size() > 1) line[at].resize(1 + g.below(line[at].size() - 1));
        break;
    }
  }
  return line;
}

std::string shown(const std::vector<std::string>& line) {
  std::string s = "attnlaw";
  for (const std::string& t : line)
    s += " '" + (t.size() > 40 ? t.substr(0, 40) + "...(" + std::to_string(t.size()) + ")" : t) + "'";
  return s;
}

void prepare_scratch(const std::filesystem::path& dir) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "rep");
  std::filesystem::copy_file(kData + "/report/results_small.json", dir / "rep" / "results.json");
  std::ofstream(dir / "rows.csv") << "1.0,0.5,-0.25,3.0\n2.0,2.0,1.0,0.0\n";
}

std::size_t case_count() {
  if (const char* env = std::getenv("ATTNLAW_CLI_FUZZ_CASES")) return std::strtoull(env, nullptr, 10);
  return ATTNLAW_CLI_FUZZ_DEFAULT_CASES;
}

TEST(CliFuzz, MutatedCommandLinesKeepTheContract) {
  const auto seeds = seed_lines();
  const auto vocab = vocabulary(seeds);
  const std::filesystem::path scratch =
      std::filesystem::temp_directory_path() / ("attnlaw-cli-fuzz-" + std::to_string(::getpid()));
  SplitMix64 g{20261202};
  std::map<int, std::size_t> by_status;
  std::size_t stopped_at_cpu_limit = 0;
  double slowest = 0;
  std::string slowest_case;
  const std::size_t cases = case_count();
  for (std::size_t c = 0; c < cases; ++c) {
    const std::vector<std::string> line = mutate(seeds[g.below(seeds.size())], g, vocab);
    const bool battery_command = !line.empty() && (line[0] == "run" || line[0] == "audit");
    // A battery that starts is stopped soon: its arguments were accepted, which is what is tested.
    attnlaw::testing::Limits limits;
    limits.cpu_seconds = battery_command ? 3 : 20;
    // The CPU limit decides; the wall clock only guards against a hang (a shared, loaded machine
    // stretches a 7 CPU-second reference to 45 s of wall time).
    limits.wall = std::chrono::milliseconds(900000);
    prepare_scratch(scratch);
    const ArgvOutcome o = attnlaw::testing::run_argv(ATTNLAW_BINARY, line, scratch, limits);
    const std::string what = "case " + std::to_string(c) + ": " + shown(line);
    if (o.signal == SIGXCPU || o.timed_out) {
      EXPECT_TRUE(battery_command) << what << ": reached the CPU limit or the wall timeout";
      ++stopped_at_cpu_limit;
      continue;
    }
    if (o.seconds > slowest) slowest = o.seconds, slowest_case = what;
    ASSERT_TRUE(o.exited) << what << ": killed by signal " << o.signal << "\nstderr: " << o.err;
    ++by_status[o.status];
    EXPECT_TRUE(o.status == 0 || o.status == 1 || o.status == 2) << what << ": status " << o.status << "\n" << o.err;
    if (o.status == 2) {
      const bool one_line = !o.err.empty() && o.err.find('\n') == o.err.size() - 1;
      EXPECT_TRUE(one_line && o.err.starts_with("attnlaw: error: "))
          << what << ": a usage error must be one line 'attnlaw: error: ...', got:\n"
          << o.err;
    }
  }
  std::filesystem::remove_all(scratch);
  std::string summary;
  for (const auto& [status, count] : by_status)
    summary += " status " + std::to_string(status) + ": " + std::to_string(count) + ";";
  std::printf("%zu cases:%s stopped at the CPU limit (run/audit at work): %zu; slowest %.2f s (%s)\n", cases,
              summary.c_str(), stopped_at_cpu_limit, slowest, slowest_case.c_str());
}

}  // namespace
