// The double instantiation of the vMF moments (computed in long double, see working_precision.hpp).
#include "reference/sphere/detail/vmf_moments_impl.hpp"

namespace attnlaw::reference {

template Estimate<double> mean_resultant<double>(int, double);
template Estimate<double> mean_gap<double>(int, double);
template Estimate<double> score_variance<double>(int, double);
template Estimate<double> log_normaliser<double>(int, double);
template Estimate<double> log_second_moment_ratio<double>(int, double);
template Estimate<double> second_moment_ratio<double>(int, double);
template SubcriticalCovariance<double> subcritical_covariance<double>(int, double);
template OutputVarianceNextOrder<double> output_variance_next_order<double>(int, double);

}  // namespace attnlaw::reference
