// The double instantiation of reference/poisson_dirichlet/poisson_dirichlet.hpp.
#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"

#include "reference/poisson_dirichlet/detail/poisson_dirichlet_impl.hpp"

namespace attnlaw::reference {

template Estimate<double> pd_mean_power_sum<double>(double, int);
template Estimate<double> pd_mean_entropy<double>(double);
template Estimate<double> pd_mean_top_weight<double>(double);
template Estimate<double> pd_mean_inverse_top<double>(double);
template double pd_ratio_cdf<double>(double, double);
template Estimate<double> pd_top_weight_cdf<double>(double, double);

}  // namespace attnlaw::reference
