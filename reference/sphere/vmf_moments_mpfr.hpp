#pragma once

// The mpfr_float_50 instantiation of reference/sphere/vmf_moments.hpp, for tests and table generators.
// Include this header (and link attnlaw_reference) to call the templates with mpfr_float_50;
// run-time code uses double and never includes it.

#include "reference/numerics/mpfr_real.hpp"

#include "reference/sphere/vmf_moments.hpp"

namespace attnlaw::reference {

extern template Estimate<mpfr_float_50> mean_resultant<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> mean_gap<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> score_variance<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> log_normaliser<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> log_second_moment_ratio<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> second_moment_ratio<mpfr_float_50>(int, mpfr_float_50);
extern template SubcriticalCovariance<mpfr_float_50> subcritical_covariance<mpfr_float_50>(int, mpfr_float_50);
extern template OutputVarianceNextOrder<mpfr_float_50> output_variance_next_order<mpfr_float_50>(int, mpfr_float_50);

}  // namespace attnlaw::reference
