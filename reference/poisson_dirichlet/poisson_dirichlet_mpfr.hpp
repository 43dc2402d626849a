#pragma once
// The mpfr_float_50 instantiation of reference/poisson_dirichlet/poisson_dirichlet.hpp, for tests and table
// generators; run-time code uses double and never includes this header.
#include "reference/numerics/mpfr_real.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"

namespace attnlaw::reference {

extern template Estimate<mpfr_float_50> pd_mean_power_sum<mpfr_float_50>(mpfr_float_50, int);
extern template Estimate<mpfr_float_50> pd_mean_entropy<mpfr_float_50>(mpfr_float_50);
extern template Estimate<mpfr_float_50> pd_mean_top_weight<mpfr_float_50>(mpfr_float_50);
extern template Estimate<mpfr_float_50> pd_mean_inverse_top<mpfr_float_50>(mpfr_float_50);
extern template mpfr_float_50 pd_ratio_cdf<mpfr_float_50>(mpfr_float_50, mpfr_float_50);
extern template Estimate<mpfr_float_50> pd_top_weight_cdf<mpfr_float_50>(mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference
