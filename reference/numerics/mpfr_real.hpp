#pragma once
// The 50-digit type of the independent high-precision path of reference/ (the one type of every
// X_mpfr.hpp/.cpp, tests and generators; run-time code uses double and never includes it). Expression
// templates are off: the algorithms keep intermediate results in `auto` variables and pass them
// to Boost.Math, which is only safe with plain number types.
#include <boost/multiprecision/mpfr.hpp>

namespace attnlaw::reference {

using mpfr_float_50 =
    boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<50>, boost::multiprecision::et_off>;

}  // namespace attnlaw::reference
