// The mpfr_float_50 instantiation of the vMF moments (one translation unit).
#include "reference/sphere/vmf_moments_mpfr.hpp"

#include "reference/sphere/detail/vmf_moments_impl.hpp"

namespace attnlaw::reference {

template Estimate<mpfr_float_50> mean_resultant<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> mean_gap<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> score_variance<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> log_normaliser<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> log_second_moment_ratio<mpfr_float_50>(int, mpfr_float_50);
template Estimate<mpfr_float_50> second_moment_ratio<mpfr_float_50>(int, mpfr_float_50);
template SubcriticalCovariance<mpfr_float_50> subcritical_covariance<mpfr_float_50>(int, mpfr_float_50);
template OutputVarianceNextOrder<mpfr_float_50> output_variance_next_order<mpfr_float_50>(int, mpfr_float_50);

}  // namespace attnlaw::reference
