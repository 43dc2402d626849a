// The mpfr_float_50 instantiation of the PD(alpha, 0) references (one translation unit).
#include "reference/poisson_dirichlet/poisson_dirichlet_mpfr.hpp"

#include "reference/poisson_dirichlet/detail/poisson_dirichlet_impl.hpp"

namespace attnlaw::reference {

template Estimate<mpfr_float_50> pd_mean_power_sum<mpfr_float_50>(mpfr_float_50, int);
template Estimate<mpfr_float_50> pd_mean_entropy<mpfr_float_50>(mpfr_float_50);
template Estimate<mpfr_float_50> pd_mean_top_weight<mpfr_float_50>(mpfr_float_50);
template Estimate<mpfr_float_50> pd_mean_inverse_top<mpfr_float_50>(mpfr_float_50);
template mpfr_float_50 pd_ratio_cdf<mpfr_float_50>(mpfr_float_50, mpfr_float_50);
template Estimate<mpfr_float_50> pd_top_weight_cdf<mpfr_float_50>(mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference
