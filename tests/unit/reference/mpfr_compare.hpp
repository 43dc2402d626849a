#pragma once

// Helpers for comparing a double reference value with its mpfr_float_50 counterpart.

#include "reference/numerics/mpfr_real.hpp"

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference::test {

using attnlaw::reference::mpfr_float_50;

// |a - b| / |b| evaluated in mpfr (0 when both vanish).
inline double relative_difference(double a, const mpfr_float_50& b) {
  const mpfr_float_50 diff = abs(mpfr_float_50(a) - b);
  if (b == 0) return static_cast<double>(diff);
  return static_cast<double>(diff / abs(b));
}

// True when the two estimates' error bars overlap the difference of their values.
inline bool honest(const Estimate<double>& a, const Estimate<mpfr_float_50>& b) {
  const mpfr_float_50 diff = abs(mpfr_float_50(a.value) - b.value);
  return diff <= mpfr_float_50(a.error) + b.error;
}

inline double to_double(const mpfr_float_50& x) { return static_cast<double>(x); }

}  // namespace attnlaw::reference::test
