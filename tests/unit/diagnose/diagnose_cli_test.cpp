// `attnlaw diagnose` end to end: the real binary on every fixture (expected behaviour from the
// fixtures' READMEs), the real-attention summary numbers of its README, and each malformed
// input (exit 2, one line naming the file and the problem).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <nlohmann/json.hpp>
#include "tests/unit/support/run_attnlaw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/io/npy_writer.hpp"
#include "tests/unit/io/zip_writer.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/io/npy_reader.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kData = fs::path(ATTNLAW_TEST_DATA_DIR) / "fixtures";
const std::string kNumpy = (kData / "numpy").string() + "/";
const std::string kReal = (kData / "real-attention").string() + "/";

using attnlaw::testing::Outcome;

Outcome run(const std::string& args) { return attnlaw::testing::run_attnlaw(args); }

json run_json(const std::string& args) {
  const Outcome o = run("diagnose --json " + args);
  EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
  return json::parse(o.out);  // exactly one document, or this throws
}

void expect_input_error(const std::string& args, std::initializer_list<std::string> pieces) {
  const Outcome o = run(args);
  EXPECT_EQ(o.status, 2) << args << "\n" << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  EXPECT_EQ(o.err.rfind("attnlaw: error: ", 0), 0u) << o.err;
  for (const std::string& p : pieces)
    EXPECT_NE(o.err.find(p), std::string::npos) << "'" << o.err << "' lacks '" << p << "'";
  EXPECT_TRUE(o.out.empty()) << o.out;
}

// Expected row counts and indices: the table of tests/data/fixtures/numpy/README.md.
TEST(Diagnose, NumpyFixtures) {
  const json a = run_json(kNumpy + "gauss_rows_f32.npy");
  ASSERT_EQ(a["files"].size(), 1u);
  EXPECT_EQ(a["files"][0]["rows"].size(), 4u);
  EXPECT_EQ(a["files"][0]["shape"], json::array({4, 256}));
  for (const json& r : a["files"][0]["rows"]) {
    EXPECT_EQ(r["n"], 256);
    for (const char* key :
         {"index", "n", "Lambda", "Delta_Lambda", "alpha_n", "beta_crit", "entropy", "top_weight", "regime"})
      EXPECT_TRUE(r.contains(key)) << key;
  }
  const json b = run_json(kNumpy + "gauss_row_f64_1d.npy");
  ASSERT_EQ(b["files"][0]["rows"].size(), 1u);
  EXPECT_EQ(b["files"][0]["rows"][0]["n"], 1000);
  EXPECT_EQ(b["files"][0]["rows"][0]["index"], json::array({0}));
  const json c = run_json(kNumpy + "heads_rows_f32_3d.npy");
  const json& rows = c["files"][0]["rows"];
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[4]["index"], json::array({1, 1}));          // [head, row]
  EXPECT_EQ(c["files"][0]["summary"]["groups"].size(), 3u);  // head [0], head [1], all
  // Causal mask: row i has n = i + 1; row 0 has one key, Lambda = 0.
  const json m = run_json(kNumpy + "causal_masked_f32.npy");
  ASSERT_EQ(m["files"][0]["rows"].size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(m["files"][0]["rows"][i]["n"], i + 1);
  EXPECT_EQ(m["files"][0]["rows"][0]["Lambda"], 0.0);
  EXPECT_EQ(m["files"][0]["rows"][0]["top_weight"], 1.0);
  // Read, not refused (our choices): Fortran order transposed, '>f8' byte-swapped, int32 exact.
  EXPECT_EQ(run_json(kNumpy + "fortran_order_f64.npy")["files"][0]["rows"].size(), 3u);
  EXPECT_EQ(run_json(kNumpy + "big_endian_f64.npy")["files"][0]["rows"].size(), 2u);
  const json ints = run_json(kNumpy + "int32_rows.npy");
  EXPECT_EQ(ints["files"][0]["rows"].size(), 2u);
  for (const json& r : ints["files"][0]["rows"]) {  // integer logits tie at the top: Lambda = inf -> null + flag
    if (r["ties"].get<bool>()) {
      EXPECT_TRUE(r["Lambda"].is_null());
    }
  }
  const json npz = run_json(kNumpy + "not_npy_but_npz.npz");
  ASSERT_EQ(npz["files"].size(), 1u);
  EXPECT_EQ(npz["files"][0]["tensor"], "a");
  EXPECT_EQ(npz["files"][0]["rows"].size(), 1u);
  expect_input_error("diagnose --format npy " + kNumpy + "not_npy_but_npz.npz",
                     {"not_npy_but_npz.npz", "not an .npy file (a .npz zip archive?)"});
  // The table is the default output.
  const Outcome table = run("diagnose " + kNumpy + "heads_rows_f32_3d.npy");
  EXPECT_EQ(table.status, 0);
  EXPECT_NE(table.out.find("[1,2]"), std::string::npos);
}

// The real-attention README: shape [4,4,64,L]; row r has L - 63 + r finite entries; the mean
// over rows of (max - second largest) per (layer, head) is its "gap" table (NumPy, float64).
TEST(Diagnose, RealAttentionMatchesReadme) {
  const std::vector<std::pair<int, std::vector<double>>> gap_table{
      {256,
       {0.7547, 1.5548, 0.6140, 1.3486, 0.6374, 1.9116, 0.3509, 0.8735, 1.1142, 0.7093, 1.6730, 1.2948, 2.0536, 1.7651,
        3.5400, 1.8321}},
      {512,
       {1.0034, 0.7038, 0.6278, 0.2654, 1.4798, 1.3037, 0.3602, 1.0826, 0.8148, 2.5488, 1.1973, 1.5496, 1.0723, 1.2606,
        2.8760, 1.2629}}};
  for (const auto& [L, gaps] : gap_table) {
    const std::string stem = kReal + "logits_L" + std::to_string(L);
    const json npy = run_json(stem + ".npy");
    const json st = run_json(stem + ".safetensors");
    const json& f = npy["files"][0];
    EXPECT_EQ(f["shape"], json::array({4, 4, 64, L}));
    ASSERT_EQ(f["rows"].size(), 1024u);
    ASSERT_EQ(st["files"].size(), 16u);
    for (std::size_t k = 0; k < 16; ++k) {
      double sum = 0;
      for (std::size_t r = 0; r < 64; ++r) {
        const json& row = f["rows"][k * 64 + r];
        EXPECT_EQ(row["index"], json::array({k / 4, k % 4, r}));
        EXPECT_EQ(row["n"].get<int>(), L - 63 + static_cast<int>(r));
        sum += row["max_minus_second"].get<double>();
        // The .safetensors tensor layer{l}.head{h} holds the same rows: identical statistics.
        json twin = st["files"][k]["rows"][r];
        twin.erase("index");
        json self = row;
        self.erase("index");
        EXPECT_EQ(self, twin) << k << " " << r;
      }
      EXPECT_NEAR(sum / 64, gaps[k], 5e-5 + 1e-12) << "L " << L << " head " << k / 4 << "." << k % 4;
      EXPECT_EQ(st["files"][k]["tensor"], "layer" + std::to_string(k / 4) + ".head" + std::to_string(k % 4));
    }
  }
}

// The README's "near" table: mean over rows of N(1.0) = #{j : s_j >= max - 1}, from the
// library's gap profile.
TEST(Diagnose, RealAttentionNearCounts) {
  const std::vector<double> near256{32.656, 15.812, 73.875, 8.281, 3.531, 1.484, 6.562, 2.812,
                                    3.734,  3.391,  1.375,  2.188, 1.859, 2.156, 1.047, 1.453};
  const auto t = attnlaw::io::read_npy(kReal + "logits_L256.npy");
  const std::size_t L = t.shape[3];
  for (std::size_t k = 0; k < 16; ++k) {
    double sum = 0;
    for (std::size_t r = 0; r < 64; ++r) {
      const std::span<const double> row(t.values.data() + (k * 64 + r) * L, L);
      sum += static_cast<double>(attnlaw::attention::gap_profile(row).count_within(1.0));
    }
    EXPECT_NEAR(sum / 64, near256[k], 5e-4 + 1e-12) << k;
  }
}

// Two lengths are refused as a fit (a line through two points has no error estimate); three give
// a regression interval per head.
TEST(Diagnose, ExponentFitAndPlot) {
  const json two = run_json(kReal + "logits_L256.npy " + kReal + "logits_L512.npy");
  EXPECT_TRUE(two["fit"]["heads"].empty());
  ASSERT_EQ(two["fit"]["unfitted"].size(), 17u);  // 16 heads + all
  EXPECT_EQ(two["fit"]["unfitted"][0]["context_lengths"], 2);
  const Outcome text = run("diagnose --summary " + kReal + "logits_L256.npy " + kReal + "logits_L512.npy");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("no exponent is fitted (at most 2 here)"), std::string::npos) << text.out;

  const fs::path svg = fs::temp_directory_path() / ("attnlaw-diag-" + std::to_string(::getpid()) + ".svg");
  const std::string three = kReal + "logits_L256.npy " + kReal + "logits_L512.npy " + kReal + "logits_L1024.npy";
  const json doc = run_json(three + " --plot " + svg.string());
  const json& heads = doc["fit"]["heads"];
  ASSERT_EQ(heads.size(), 17u);  // 16 heads + all
  for (const json& h : heads) {
    EXPECT_EQ(h["points"].size(), 3u);
    EXPECT_EQ(h["degrees_of_freedom"], 1);
    ASSERT_TRUE(h["ci"].is_array());
    EXPECT_LE(h["ci"][0].get<double>(), h["xi"].get<double>());
    EXPECT_GE(h["ci"][1].get<double>(), h["xi"].get<double>());
    if (h["group"] != "all") {
      EXPECT_LE(h["simultaneous_ci"][0].get<double>(), h["ci"][0].get<double>());
      EXPECT_GE(h["p_xi_1_holm"].get<double>(), h["p_xi_1"].get<double>());
    }
  }
  std::stringstream picture;
  picture << std::ifstream(svg).rdbuf();
  EXPECT_NE(picture.str().find("</svg>"), std::string::npos);
  fs::remove(svg);
  EXPECT_EQ(run_json(three)["fit"], doc["fit"]);
}

// --summary prints one line per head; --rows every row; both together are refused. To a pipe
// (as here) the default is every row.
TEST(Diagnose, SummaryAndRows) {
  const std::string file = kReal + "logits_L256.npy";
  const Outcome summary = run("diagnose --summary " + file);
  const Outcome rows = run("diagnose --rows " + file);
  const Outcome piped = run("diagnose " + file);
  ASSERT_EQ(summary.status, 0) << summary.err;
  ASSERT_EQ(rows.status, 0) << rows.err;
  EXPECT_EQ(piped.out, rows.out);
  const auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
  EXPECT_GT(lines(rows.out), 1024);
  EXPECT_LT(lines(summary.out), 30) << summary.out;
  EXPECT_NE(summary.out.find("beta_crit = Lambda"), std::string::npos);
  EXPECT_NE(summary.out.find("[3,3]"), std::string::npos) << summary.out;
  EXPECT_EQ(run("diagnose --summary --rows " + file).status, 2);
}

// Bounds that say nothing (D <= 1 or more, H <= log n or more) are not printed.
TEST(Diagnose, OnlyInformativeBoundsArePrinted) {
  const json doc = run_json(kReal + "logits_L256.npy");
  std::size_t informative = 0, empty = 0;
  for (const json& r : doc["files"][0]["rows"]) {
    const json& b = r["bound"];
    const bool says = b["informative"].get<bool>();
    (says ? informative : empty) += 1;
    if (b["quantity"] == "D" && b["value"].is_number()) {
      EXPECT_EQ(says, b["value"].get<double>() < 1);
    }
    if (b["quantity"] == "H" && b["relation"] == "<=") {
      EXPECT_EQ(says, b["value"].get<double>() < std::log(r["n"].get<double>()));
    }
  }
  // In the table, a printed D bound is below 1 and an H bound below log n <= log 256.
  const Outcome rows = run("diagnose --rows " + kReal + "logits_L256.npy");
  for (const std::string needle : {"(D <= ", "(H <= "}) {
    const double trivial = needle[1] == 'D' ? 1.0 : std::log(256.0);
    const std::size_t first_row = rows.out.find("\n  [0,0,0]");
    ASSERT_NE(first_row, std::string::npos);
    for (std::size_t at = rows.out.find(needle, first_row); at != std::string::npos;
         at = rows.out.find(needle, at + 1)) {
      EXPECT_LT(std::stod(rows.out.substr(at + needle.size())), trivial) << rows.out.substr(at, 40);
    }
  }
  RecordProperty("informative_bounds", static_cast<int>(informative));
  RecordProperty("empty_bounds", static_cast<int>(empty));
}

// Every fixture file is read and analysed: the eight real-attention files (README: shape
// [4,4,64,L], or 16 tensors [64,L] in the .safetensors; row r has L - 63 + r keys) and every
// NumPy fixture the numpy README says is read (row counts from its table).
TEST(Diagnose, EveryFixtureFile) {
  for (const int L : {256, 512, 1024, 2048}) {
    for (const char* ext : {".npy", ".safetensors"}) {
      const json doc = run_json(kReal + "logits_L" + std::to_string(L) + ext);
      std::size_t rows = 0;
      for (const json& f : doc["files"]) {
        for (const json& r : f["rows"]) {
          EXPECT_EQ(r["n"].get<int>(), L - 63 + static_cast<int>(r["index"].back().get<std::size_t>())) << L << ext;
          ++rows;
        }
      }
      EXPECT_EQ(rows, 1024u) << L << ext;
      EXPECT_EQ(doc["files"].size(), std::string(ext) == ".npy" ? 1u : 16u);
    }
  }
  const std::vector<std::pair<std::string, std::size_t>> numpy{{"gauss_rows_f32.npy", 4},
                                                               {"gauss_row_f64_1d.npy", 1},
                                                               {"heads_rows_f32_3d.npy", 6},
                                                               {"causal_masked_f32.npy", 8},
                                                               {"fortran_order_f64.npy", 3},
                                                               {"big_endian_f64.npy", 2},
                                                               {"int32_rows.npy", 2},
                                                               {"half_rows_f16.npy", 4},
                                                               {"half_rows_f16_as_f64.npy", 4},
                                                               {"half_rows_f16_big_endian.npy", 4},
                                                               {"arrays_logits_f32_as_f64.npy", 3}};
  for (const auto& [file, rows] : numpy) EXPECT_EQ(run_json(kNumpy + file)["files"][0]["rows"].size(), rows) << file;
}

// float16 logits give the statistics of their exact float64 values (the numpy README: the
// _as_f64 twins are NumPy's own cast), in either byte order and inside an .npz archive.
TEST(Diagnose, Float16MatchesItsFloat64Twin) {
  const json twin = run_json(kNumpy + "half_rows_f16_as_f64.npy");
  const json& rows = twin["files"][0]["rows"];
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1]["n"], 8);  // 4 of 12 keys masked
  for (const char* file : {"half_rows_f16.npy", "half_rows_f16_big_endian.npy"}) {
    const json half = run_json(kNumpy + file);
    ASSERT_EQ(half["files"][0]["rows"].size(), 4u) << file;
    for (std::size_t r = 0; r < 4; ++r) {
      EXPECT_EQ(half["files"][0]["rows"][r]["Lambda"], rows[r]["Lambda"]) << file << " row " << r;
      EXPECT_EQ(half["files"][0]["rows"][r], rows[r]) << file << " row " << r;
    }
  }
  const json archive = run_json(kNumpy + "arrays_savez_compressed.npz --tensor logits_f16");
  ASSERT_EQ(archive["files"].size(), 1u);
  EXPECT_EQ(archive["files"][0]["tensor"], "logits_f16");
  EXPECT_EQ(archive["files"][0]["rows"], rows);
}

// Every array of an .npz is its own tensor, in archive order; --tensor picks one.
TEST(Diagnose, NpzArchives) {
  for (const char* file : {"arrays_savez.npz", "arrays_savez_compressed.npz"}) {
    const json all = run_json(kNumpy + file);
    ASSERT_EQ(all["files"].size(), 3u) << file;
    const std::vector<std::pair<std::string, std::size_t>> tensors{
        {"logits_f16", 4}, {"logits_f32", 3}, {"heads_f64", 4}};
    for (std::size_t k = 0; k < 3; ++k) {
      EXPECT_EQ(all["files"][k]["tensor"], tensors[k].first) << file;
      EXPECT_EQ(all["files"][k]["rows"].size(), tensors[k].second) << file;
    }
    const json one = run_json(kNumpy + file + " --tensor logits_f32");
    ASSERT_EQ(one["files"].size(), 1u);
    EXPECT_EQ(one["files"][0]["rows"], all["files"][1]["rows"]);
    EXPECT_EQ(one["files"][0]["rows"], run_json(kNumpy + "arrays_logits_f32_as_f64.npy")["files"][0]["rows"]);
    expect_input_error("diagnose " + kNumpy + file + " --tensor logits",
                       {file, "no tensor named 'logits'", "it holds logits_f16, logits_f32, heads_f64"});
    expect_input_error("diagnose " + kNumpy + file + " --max-input-bytes 1000",
                       {file, "exceed the limit of 1000", "--max-input-bytes"});
  }
  expect_input_error("diagnose " + kNumpy + "gauss_rows_f32.npy --tensor a", {"gauss_rows_f32.npy", "--tensor"});
  expect_input_error("diagnose " + kNumpy + "gauss_rows_f32.npy --format npz", {"gauss_rows_f32.npy", "not a zip"});
}

// `--report DIR` (what `make reports` runs on the four .npy files): real_attention.json without
// per-row records, its markdown and its plot; per head, whether xi = 1 is rejected after Holm.
TEST(Diagnose, ReportDirectory) {
  const fs::path dir = fs::temp_directory_path() / ("attnlaw-diag-report-" + std::to_string(::getpid()));
  std::string files;
  for (const int L : {256, 512, 1024, 2048}) files += " " + kReal + "logits_L" + std::to_string(L) + ".npy";
  const Outcome o = run("diagnose --report " + dir.string() + files);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("real_attention.md"), std::string::npos) << o.out;
  const auto read = [](const fs::path& p) {
    std::stringstream text;
    text << std::ifstream(p).rdbuf();
    return text.str();
  };
  const json summary = json::parse(read(dir / "real_attention.json"));
  ASSERT_EQ(summary["files"].size(), 4u);
  for (const json& f : summary["files"]) EXPECT_FALSE(f.contains("rows"));
  const json& heads = summary["fit"]["heads"];
  ASSERT_EQ(heads.size(), 17u);  // 16 heads + all
  std::size_t rejecting = 0;
  for (const json& h : heads) {
    EXPECT_EQ(h["points"].size(), 4u);
    EXPECT_EQ(h["degrees_of_freedom"], 2);
    ASSERT_TRUE(h["ci"].is_array());
    if (h["group"] == "all") continue;
    EXPECT_EQ(h["rejects_xi_1"].get<bool>(), h["p_xi_1_holm"].get<double>() <= 0.05);
    rejecting += h["rejects_xi_1"].get<bool>();
  }
  EXPECT_EQ(summary["fit"]["xi_1_test"]["heads_fitted"], 16);
  EXPECT_EQ(summary["fit"]["xi_1_test"]["heads_rejecting_1"], rejecting);
  const std::string md = read(dir / "real_attention.md");
  EXPECT_NE(md.find("# Real attention"), std::string::npos);
  EXPECT_NE(md.find(std::to_string(rejecting) + " of 16 heads reject xi = 1"), std::string::npos) << md.substr(0, 600);
  EXPECT_NE(md.find("one small trained model"), std::string::npos);
  EXPECT_NE(read(dir / "real_attention.svg").find("</svg>"), std::string::npos);
  // The same files again give identical bytes (no random draw, no time stamps).
  const std::string first = read(dir / "real_attention.json");
  ASSERT_EQ(run("diagnose --report " + dir.string() + files).status, 0);
  EXPECT_EQ(read(dir / "real_attention.json"), first);
  fs::remove_all(dir);
}

class DiagnoseBadInput : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("attnlaw-diag-bad-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& bytes) {
    attnlaw::testing::write_bytes(dir_ / name, bytes);
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(DiagnoseBadInput, MalformedFilesExitTwoNamingTheFile) {
  using attnlaw::testing::npy_bytes;
  using attnlaw::testing::raw_bytes;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::string good = npy_bytes("<f8", false, {2, 3}, raw_bytes(std::vector<double>{1, 2, 3, 4, 5, 6}));
  expect_input_error("diagnose " + write("truncated.npy", good.substr(0, good.size() - 4)),
                     {"truncated.npy", "truncated data"});
  expect_input_error("diagnose " + write("magic.npy", "XXNUMPY" + good.substr(7)), {"magic.npy", "wrong magic"});
  expect_input_error("diagnose " + write("dtype.npy", npy_bytes("<c8", false, {2}, std::string(16, '\0'))),
                     {"dtype.npy", "unsupported dtype '<c8'"});
  expect_input_error("diagnose " + write("header.npy", good.substr(0, 50)),
                     {"header.npy", "header longer than the file"});
  expect_input_error(
      "diagnose " + write("shape.npy", npy_bytes("<f8", false, {2, 2}, raw_bytes(std::vector<double>(6, 0.0)))),
      {"shape.npy", "does not match the data size"});
  expect_input_error("diagnose " + write("masked.npy", npy_bytes("<f8", false, {2, 2},
                                                                 raw_bytes(std::vector<double>{1, 2, -inf, -inf}))),
                     {"masked.npy", "row [1]", "-inf"});
  expect_input_error(
      "diagnose " + write("nan.npy", npy_bytes("<f8", false, {2, 2, 3},
                                               raw_bytes(std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, nan, 2}))),
      {"nan.npy", "row [1,1]", "NaN"});
  expect_input_error("diagnose " + write("nan.csv", "1,2\n3,nan\n"), {"nan.csv", "row [1]", "NaN"});
  expect_input_error("diagnose " + write("bad.csv", "1,2\n3,x\n"), {"bad.csv", "line 2, field 2"});
  expect_input_error("diagnose " + write("scalar.npy", npy_bytes("<f8", false, {}, raw_bytes(std::vector<double>{1}))),
                     {"scalar.npy", "scalar"});
  expect_input_error("diagnose " + write("empty.npy", npy_bytes("<f8", false, {0, 4}, "")), {"empty.npy", "no rows"});
  expect_input_error("diagnose " + (dir_ / "missing.npy").string(), {"missing.npy", "no such file"});
  expect_input_error("diagnose " + write("rows.txt", "1,2\n"), {"rows.txt", "--format"});
  expect_input_error("diagnose " + kNumpy + "gauss_rows_f32.npy --beta -1", {"--beta"});
  expect_input_error("diagnose " + kNumpy + "gauss_rows_f32.npy --format hdf5", {"--format"});
  expect_input_error("diagnose " + kReal + "logits_L256.safetensors --tensor nope", {"no tensor named 'nope'"});
  expect_input_error("diagnose " + kNumpy + "gauss_rows_f32.npy --plot /nonexistent-dir/x.svg", {"--plot"});
}

// Inputs bounded before they are read: a file above --max-input-bytes is refused by its size
// (regular file) or after that many bytes (a device that never ends), naming the option; a
// device read as .npy or .safetensors is refused by its first bytes.
TEST_F(DiagnoseBadInput, InputSizeIsBoundedAndTheLimitNamed) {
  const std::string rows = write("rows.csv", "1,2,3\n4,5,6\n");
  expect_input_error("diagnose " + rows + " --max-input-bytes 8",
                     {"rows.csv", "12 bytes exceed the limit of 8", "--max-input-bytes"});
  EXPECT_EQ(run("diagnose " + rows + " --max-input-bytes 12").status, 0);
  expect_input_error("diagnose " + rows + " --max-input-bytes 0", {"--max-input-bytes"});
  expect_input_error("diagnose /dev/zero --format csv --max-input-bytes 3000000",
                     {"/dev/zero", "more than 3000000 bytes", "--max-input-bytes"});
  expect_input_error("diagnose /dev/zero --format npy", {"/dev/zero", "wrong magic"});
  expect_input_error("diagnose /dev/zero --format npz", {"/dev/zero", "not a zip archive"});
  // A zip bomb: its members inflate past the limit, though the archive is within it.
  const std::string zeros = attnlaw::testing::npy_bytes("<f8", false, {1 << 20}, std::string(8 << 20, '\0'));
  const std::string bomb = write("bomb.npz", attnlaw::testing::zip_bytes({{"z.npy", zeros, 8}}));
  expect_input_error("diagnose " + bomb + " --max-input-bytes 1000000",
                     {"bomb.npz", "inflate to more than the limit of 1000000", "--max-input-bytes"});
  expect_input_error("diagnose /dev/zero --format safetensors", {"/dev/zero", "not a JSON object"});
}

TEST_F(DiagnoseBadInput, FormatOptionAndRaggedCsv) {
  // --format reads a .txt as CSV; a ragged CSV keeps each row's own n.
  const json doc = run_json(write("rows.txt", "0\n1,2\n3,4,5\n") + " --format csv --beta 2");
  const json& rows = doc["files"][0]["rows"];
  ASSERT_EQ(rows.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(rows[i]["n"], i + 1);
  EXPECT_EQ(doc["beta"], 2.0);
  // Row [1]: two keys at gap 1: Lambda = log 2, D = tanh(beta/2) at beta = 2.
  EXPECT_NEAR(rows[1]["Lambda"].get<double>(), std::log(2.0), 1e-15);
  EXPECT_NEAR(rows[1]["top_two_difference"].get<double>(), std::tanh(1.0), 1e-15);
}

}  // namespace
