#pragma once
// Input checks shared by the tests: one message format, so callers can tell which argument
// was wrong and what was expected.
#include <cmath>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

namespace attnlaw::stats::detail {

inline void require(bool ok, const std::string& where, const std::string& what) {
  if (!ok) throw std::invalid_argument(where + ": " + what);
}

inline void require_nonempty(std::size_t size, const std::string& where) {
  require(size > 0, where, "empty input (need at least one value)");
}

inline void require_finite(std::span<const double> x, const std::string& where) {
  // Messages are built only on failure: these loops run over 1e6+ values.
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!std::isfinite(x[i]))
      require(false, where, "value " + std::to_string(i) + " is not finite (" + std::to_string(x[i]) + ")");
}

// PIT values must lie in [0,1]; NaN fails the comparison and is reported too.
inline void require_unit_interval(std::span<const double> u, const std::string& where) {
  for (std::size_t i = 0; i < u.size(); ++i)
    if (!(u[i] >= 0.0 && u[i] <= 1.0))
      require(false, where, "PIT value " + std::to_string(i) + " = " + std::to_string(u[i]) + " is outside [0,1]");
}

inline void require_probability(double p, const std::string& where, const std::string& name) {
  if (!(p >= 0.0 && p <= 1.0)) require(false, where, name + " = " + std::to_string(p) + " is not in [0,1]");
}

inline void require_open_probability(double p, const std::string& where, const std::string& name) {
  require(p > 0.0 && p < 1.0, where, name + " = " + std::to_string(p) + " is not in (0,1)");
}

inline double clamp_probability(double p) { return p < 0.0 ? 0.0 : (p > 1.0 ? 1.0 : p); }

}  // namespace attnlaw::stats::detail
