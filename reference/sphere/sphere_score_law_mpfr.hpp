#pragma once

// The mpfr_float_50 instantiation of reference/sphere/sphere_score_law.hpp, for tests and generators.

#include "reference/numerics/mpfr_real.hpp"

#include "reference/sphere/sphere_score_law.hpp"

namespace attnlaw::reference {

extern template Estimate<mpfr_float_50> gap_pdf<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> gap_cdf<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> gap_survival<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> gap_quantile<mpfr_float_50>(int, mpfr_float_50);
extern template Estimate<mpfr_float_50> gap_survival_quantile<mpfr_float_50>(int, mpfr_float_50);
extern template SphereLocalConstants<mpfr_float_50> sphere_local_constants<mpfr_float_50>(int);
extern template Estimate<mpfr_float_50> sphere_critical_scale<mpfr_float_50>(int, mpfr_float_50);

}  // namespace attnlaw::reference
