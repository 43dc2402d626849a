#pragma once

namespace attnlaw::reference {

// A reference value together with an estimate of its absolute error. The estimate is meant to be
// an upper bound: unit tests compare `value` against an independent higher-precision evaluation
// and require |value - exact| <= error. It includes the final rounding to Real.
template <class Real>
struct Estimate {
  Real value;
  Real error;
};

}  // namespace attnlaw::reference
