#pragma once
// The mpfr_float_50 instantiation of reference/gap_counting/gap_counting.hpp, for tests and table
// generators; run-time code uses double and never includes this header.
#include "reference/gap_counting/gap_counting.hpp"
#include "reference/numerics/mpfr_real.hpp"

namespace attnlaw::reference {

extern template mpfr_float_50 yule_pmf<mpfr_float_50>(mpfr_float_50, unsigned long);
extern template mpfr_float_50 yule_cdf<mpfr_float_50>(mpfr_float_50, unsigned long);
extern template mpfr_float_50 yule_mean<mpfr_float_50>(mpfr_float_50);
extern template mpfr_float_50 yule_variance<mpfr_float_50>(mpfr_float_50);
extern template mpfr_float_50 exponential_subcritical_entropy_offset<mpfr_float_50>(mpfr_float_50);
extern template mpfr_float_50 gaussian_subcritical_entropy_rate<mpfr_float_50>(mpfr_float_50);
extern template mpfr_float_50 gaussian_subcritical_top_weight_rate<mpfr_float_50>(mpfr_float_50);

}  // namespace attnlaw::reference
