#pragma once
// Exp(1) variates by inversion: X = -log U.
//
// Algorithm: inversion of F(x) = 1 - e^{-x} (Devroye, "Non-Uniform Random Variate
//   Generation", 1986, §II.2), using U in place of 1 - U (same law; U is never 0 or 1).
// Words consumed: 2 (one next_uniform), fixed. Monotone decreasing in U.
// Range: U in [2^-53, 1 - 2^-53] gives X in [2^-53, 36.74]; P(Exp > 36.74) = 1.1e-16.
#include <cmath>
#include <type_traits>

#include "verify/rng/source.hpp"

namespace attnlaw::rng {

template <real_type Real = double, uniform_source Source>
Real exponential(Source& source) {
  using std::log;
  return -log(Real(source.next_uniform()));
}

}  // namespace attnlaw::rng
