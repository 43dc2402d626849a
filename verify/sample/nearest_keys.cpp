#include "verify/sample/nearest_keys.hpp"

#include <cmath>
#include <limits>

namespace attnlaw::sample {

double neglected_log_mass_bound(const NearestKeys& keys, double beta) {
  const std::uint64_t kept = keys.gaps.size();
  if (kept >= keys.n) return -std::numeric_limits<double>::infinity();
  if (std::isnan(beta) || kept == 0) return std::numeric_limits<double>::quiet_NaN();
  return std::log(static_cast<double>(keys.n - kept)) - beta * (keys.threshold - keys.gaps.front());
}

}  // namespace attnlaw::sample
