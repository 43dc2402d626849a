#include "verify/harness/provenance.hpp"

#include <fmt/core.h>
#include <gmp.h>
#include <gsl/gsl_version.h>
#include <mpfi.h>
#include <mpfr.h>
#include <omp.h>
#include <sys/utsname.h>
#include <Eigen/Core>
#include <boost/version.hpp>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

#include "git_revision.inc"

namespace attnlaw::harness {
namespace {

std::string boost_version() {
  return fmt::format("{}.{}.{}", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100);
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "unknown";
}

std::string os_name() {
  utsname u{};
  if (uname(&u) != 0) return "unknown";
  return fmt::format("{} {} {}", u.sysname, u.release, u.machine);
}

// SOURCE_DATE_EPOCH, when set, makes regenerated reports diff cleanly.
std::string utc_date() {
  std::time_t t = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    const long long value = std::strtoll(epoch, &end, 10);
    if (end != epoch && *end == '\0') t = static_cast<std::time_t>(value);
  }
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

}  // namespace

Json build_provenance(int threads, int ranks) {
  Json libraries;
  libraries["boost"] = boost_version();
  libraries["gsl"] = GSL_VERSION;
  libraries["mpfr"] = mpfr_get_version();
  libraries["mpfi"] = mpfi_get_version();
  libraries["gmp"] = gmp_version;
  libraries["eigen"] = fmt::format("{}.{}.{}", EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION);
  libraries["nlohmann_json"] =
      fmt::format("{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH);
  libraries["fmt"] = fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100);
  libraries["openmp"] = fmt::format("{}", _OPENMP);
  libraries["random123"] = "Philox4x32-10 (header-only; Debian librandom123-dev)";

  Json p;
  p["version"] = ATTNLAW_VERSION;
  p["git_revision"] = ATTNLAW_GIT_REVISION;
  p["dirty"] = ATTNLAW_GIT_DIRTY;
  p["compiler"] = fmt::format("g++ {}", __VERSION__);
  p["build_type"] = ATTNLAW_BUILD_TYPE;
  p["libraries"] = std::move(libraries);
  p["os"] = os_name();
  p["cpu"] = cpu_model();
  p["threads"] = threads;
  p["ranks"] = ranks;
  p["date"] = utc_date();
  return p;
}

std::string version_line() {
  return fmt::format("attnlaw {} (git {}{})", ATTNLAW_VERSION, ATTNLAW_GIT_REVISION,
                     ATTNLAW_GIT_DIRTY ? ", uncommitted changes" : "");
}

}  // namespace attnlaw::harness
