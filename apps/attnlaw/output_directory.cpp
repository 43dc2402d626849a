#include "apps/attnlaw/output_directory.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <system_error>

#include "apps/attnlaw/usage_error.hpp"
#include "verify/report/staged_directory.hpp"

namespace attnlaw::cli {

void prepare_output_directory(const std::string& option, const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    throw UsageError(fmt::format("{}: cannot create directory '{}': {}", option, dir.string(), ec.message()));
  }
  if (!std::filesystem::is_directory(dir)) {
    throw UsageError(fmt::format("{}: '{}' is not a directory", option, dir.string()));
  }
  const std::filesystem::path probe = dir / fmt::format(".attnlaw-write-probe-{}", ::getpid());
  {
    std::ofstream out(probe);
    if (!out || !(out << "probe") || !(out.flush())) {
      std::filesystem::remove(probe, ec);
      throw UsageError(fmt::format("{}: directory '{}' is not writable", option, dir.string()));
    }
  }
  std::filesystem::remove(probe, ec);
  // The report is staged beside DIR and swapped in (verify/report/staged_directory.hpp): the
  // parent must take a folder too.
  const std::filesystem::path staging = report::staging_path(dir);
  std::filesystem::remove_all(staging, ec);
  if (!std::filesystem::create_directory(staging, ec) || ec) {
    throw UsageError(fmt::format("{}: cannot create the staging folder '{}' beside '{}': {}", option, staging.string(),
                                 dir.string(), ec ? ec.message() : "it exists"));
  }
  std::filesystem::remove(staging, ec);
}

}  // namespace attnlaw::cli
