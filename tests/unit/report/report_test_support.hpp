#pragma once
// Shared by the report tests: the hand-written fixture and a scratch directory per test.
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include <unistd.h>

namespace attnlaw::report::test_support {

inline std::filesystem::path fixture_path() {
  return std::filesystem::path(ATTNLAW_TEST_DATA_DIR) / "report" / "results_small.json";
}

// tests/data/report/results_small.json: written by hand, one PASS claim (three checks, one of them
// deterministic), one FAIL check, one figure of each kind.
inline nlohmann::json load_fixture() {
  std::ifstream in(fixture_path());
  return nlohmann::json::parse(in);
}

// The fixture with its FAIL check turned into a PASS, summary adjusted: the all-pass case.
inline nlohmann::json all_pass_fixture() {
  nlohmann::json j = load_fixture();
  for (auto& c : j["checks"]) c["verdict"] = "PASS";
  for (auto& c : j["claims"]) c["verdict"] = "PASS";
  j["summary"]["pass"] = 4;
  j["summary"]["fail"] = 0;
  return j;
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The figure tests need gnuplot; the build machine has it (gnuplot-nox), a bare one may not.
inline bool gnuplot_on_path() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return false;
  std::string_view rest(path);
  while (true) {
    const std::size_t colon = rest.find(':');
    const std::filesystem::path dir(std::string(rest.substr(0, colon)));
    if (!dir.empty() && ::access((dir / "gnuplot").c_str(), X_OK) == 0) return true;
    if (colon == std::string_view::npos) return false;
    rest.remove_prefix(colon + 1);
  }
}

// A fresh directory removed (with its permissions restored) at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "attnlaw-report-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() {
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(path_, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_directory(ec))
        std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                                     ec);
    }
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace attnlaw::report::test_support
