#pragma once
// The mpfr_float_50 instantiation of reference/extreme_value/equicorrelated.hpp, for tests and table
// generators; run-time code uses double and never includes this header.
#include "reference/extreme_value/equicorrelated.hpp"
#include "reference/numerics/mpfr_real.hpp"

namespace attnlaw::reference {

extern template EquicorrelatedRow<mpfr_float_50> equicorrelated_row<mpfr_float_50>(std::uint64_t, mpfr_float_50,
                                                                                   mpfr_float_50);
extern template mpfr_float_50 equicorrelated_limit_cosine<mpfr_float_50>(mpfr_float_50, mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference
