// The mpfr_float_50 instantiation of the equiangular references (one translation unit).
#include "reference/attention_dynamics/equiangular_mpfr.hpp"

#include "reference/attention_dynamics/detail/equiangular_impl.hpp"

namespace attnlaw::reference {

template mpfr_float_50 equiangular_rate<mpfr_float_50>(EquiangularModel, std::span<const ScalarHead<mpfr_float_50>>,
                                                       mpfr_float_50, std::uint64_t, mpfr_float_50);
template Estimate<mpfr_float_50> clustering_time_quadrature<mpfr_float_50>(EquiangularModel,
                                                                           std::span<const ScalarHead<mpfr_float_50>>,
                                                                           mpfr_float_50, std::uint64_t, mpfr_float_50,
                                                                           mpfr_float_50);
template Estimate<mpfr_float_50> clustering_time_closed_form<mpfr_float_50>(std::uint64_t, mpfr_float_50,
                                                                            mpfr_float_50, mpfr_float_50,
                                                                            mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference
