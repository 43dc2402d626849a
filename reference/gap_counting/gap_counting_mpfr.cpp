// The mpfr_float_50 instantiation of the gap-counting limit laws (one translation unit).
#include "reference/gap_counting/gap_counting_mpfr.hpp"

#include "reference/gap_counting/detail/gap_counting_impl.hpp"

namespace attnlaw::reference {

template mpfr_float_50 yule_pmf<mpfr_float_50>(mpfr_float_50, unsigned long);
template mpfr_float_50 yule_cdf<mpfr_float_50>(mpfr_float_50, unsigned long);
template mpfr_float_50 yule_mean<mpfr_float_50>(mpfr_float_50);
template mpfr_float_50 yule_variance<mpfr_float_50>(mpfr_float_50);
template mpfr_float_50 exponential_subcritical_entropy_offset<mpfr_float_50>(mpfr_float_50);
template mpfr_float_50 gaussian_subcritical_entropy_rate<mpfr_float_50>(mpfr_float_50);
template mpfr_float_50 gaussian_subcritical_top_weight_rate<mpfr_float_50>(mpfr_float_50);

}  // namespace attnlaw::reference
