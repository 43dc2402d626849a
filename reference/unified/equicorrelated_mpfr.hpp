#pragma once
// The mpfr_float_50 instantiation of reference/unified/equicorrelated.hpp, for tests and table
// generators; run-time code uses double and never includes this header.
#include "reference/unified/equicorrelated.hpp"
#include "reference/unified/mpfr_real.hpp"

namespace attnlaw::reference::unified {

extern template EquicorrelatedRow<mpfr_float_50> equicorrelated_row<mpfr_float_50>(std::uint64_t, mpfr_float_50,
                                                                                   mpfr_float_50);
extern template mpfr_float_50 equicorrelated_limit_cosine<mpfr_float_50>(mpfr_float_50, mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference::unified
