#pragma once

#include <limits>

namespace attnlaw::reference::detail {

// Double results are computed in x87 long double (64-bit mantissa) and rounded once at the end,
// as Boost.Math does with its promote_double policy: the vMF formulas contain differences such
// as A(2b) - A(b) that lose a few digits, and the extra 11 bits absorb that loss. Every other
// type is its own working type.
template <class Real>
struct working_type {
  using type = Real;
};
template <>
struct working_type<double> {
  using type = long double;
};
template <class Real>
using working_t = typename working_type<Real>::type;

// Unit roundoff u = eps/2 of a type.
template <class T>
T unit_roundoff() {
  return std::numeric_limits<T>::epsilon() / 2;
}

template <class T>
T abs_value(const T& x) {
  return x < 0 ? T(-x) : T(x);
}

// Error of the final conversion from the working type to Real (zero when they coincide).
template <class Real, class Work>
Work conversion_error(const Work& value) {
  if constexpr (std::numeric_limits<Real>::digits < std::numeric_limits<Work>::digits) {
    const Work magnitude = value < 0 ? Work(-value) : value;
    return magnitude * static_cast<Work>(unit_roundoff<Real>());
  } else {
    return Work(0);
  }
}

}  // namespace attnlaw::reference::detail
