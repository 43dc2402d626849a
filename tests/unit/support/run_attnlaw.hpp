#pragma once
// Runs the real attnlaw binary (ATTNLAW_BINARY, set by CMake) with shell words, capturing its
// exit status, stdout and stderr: the command-line contract is tested end to end.
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace attnlaw::testing {

struct Outcome {
  int status = -1;
  std::string out;
  std::string err;
};

inline Outcome run_attnlaw(const std::string& args) {
  static std::atomic<int> counter{0};
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const auto out_path = dir / ("attnlaw-test-out-" + tag);
  const auto err_path = dir / ("attnlaw-test-err-" + tag);
  const std::string command =
      std::string(ATTNLAW_BINARY) + " " + args + " >" + out_path.string() + " 2>" + err_path.string();
  const int raw = std::system(command.c_str());
  Outcome o;
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::stringstream out, err;
  out << std::ifstream(out_path).rdbuf();
  err << std::ifstream(err_path).rdbuf();
  o.out = out.str();
  o.err = err.str();
  std::filesystem::remove(out_path);
  std::filesystem::remove(err_path);
  return o;
}

}  // namespace attnlaw::testing
