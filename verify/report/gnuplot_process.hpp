#pragma once
// Runs gnuplot as a child process: the script goes to its standard input, the plot comes back on
// its standard output. No shell, no temporary files, no user init files, C locale.
#include <stdexcept>
#include <string>
#include <string_view>

namespace attnlaw::report {

// gnuplot could not be started (not installed, not on PATH, not executable).
class GnuplotUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `program` (looked up on PATH unless it contains a '/') with -d (no ~/.gnuplot) on `script`
// and returns what it wrote to stdout. Throws GnuplotUnavailable if it cannot be started and
// std::runtime_error with gnuplot's stderr if it exits unsuccessfully or runs past the timeout.
std::string run_gnuplot(std::string_view script, const std::string& program = "gnuplot", int timeout_seconds = 120);

}  // namespace attnlaw::report
