// The mpfr_float_50 instantiation of the sphere score law (one translation unit).
#include "reference/sphere/sphere_score_law_mpfr.hpp"

#include "reference/sphere/detail/sphere_score_law_impl.hpp"

namespace attnlaw::reference {

template Estimate<mpfr_float_50> gap_pdf<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> gap_cdf<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> gap_survival<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> gap_quantile<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> gap_survival_quantile<mpfr_float_50>(int, mpfr_float_50);
template SphereLocalConstants<mpfr_float_50> sphere_local_constants<mpfr_float_50>(int);
template Estimate<mpfr_float_50> sphere_critical_scale<mpfr_float_50>(int, mpfr_float_50);

}  // namespace attnlaw::reference
