// The double instantiation of the equiangular references.
#include "reference/attention_dynamics/detail/equiangular_impl.hpp"

namespace attnlaw::reference {

template double equiangular_rate<double>(EquiangularModel, std::span<const ScalarHead<double>>, double, std::uint64_t,
                                         double);
template double consensus_rate<double>(EquiangularModel, std::span<const ScalarHead<double>>, double);
template Estimate<double> clustering_time_quadrature<double>(EquiangularModel, std::span<const ScalarHead<double>>,
                                                             double, std::uint64_t, double, double);
template Estimate<double> clustering_time_closed_form<double>(std::uint64_t, double, double, double, double, double);
template double critical_beta<double>(std::uint64_t, double, double);
template double self_weight<double>(std::uint64_t, double, double);
template EquiangularEntropy<double> equiangular_entropy<double>(std::uint64_t, double, double);

}  // namespace attnlaw::reference
