// The double instantiation of the sphere score law.
#include "reference/sphere/detail/sphere_score_law_impl.hpp"

namespace attnlaw::reference {

template Estimate<double> gap_pdf<double>(int, double);
template Estimate<double> gap_cdf<double>(int, double);
template Estimate<double> gap_survival<double>(int, double);
template Estimate<double> gap_quantile<double>(int, double);
template Estimate<double> gap_survival_quantile<double>(int, double);
template SphereLocalConstants<double> sphere_local_constants<double>(int);
template Estimate<double> sphere_critical_scale<double>(int, double);

}  // namespace attnlaw::reference
