#pragma once
// The mpfr_float_50 instantiation of reference/attention_dynamics/equiangular.hpp, for tests and
// table generators; run-time code uses double and never includes this header.
#include "reference/attention_dynamics/equiangular.hpp"
#include "reference/numerics/mpfr_real.hpp"

namespace attnlaw::reference {

extern template mpfr_float_50 equiangular_rate<mpfr_float_50>(EquiangularModel, std::span<const ScalarHead<mpfr_float_50>>,
                                                              mpfr_float_50, std::uint64_t, mpfr_float_50);
extern template Estimate<mpfr_float_50> clustering_time_quadrature<mpfr_float_50>(
    EquiangularModel, std::span<const ScalarHead<mpfr_float_50>>, mpfr_float_50, std::uint64_t, mpfr_float_50,
    mpfr_float_50);
extern template Estimate<mpfr_float_50> clustering_time_closed_form<mpfr_float_50>(std::uint64_t, mpfr_float_50,
                                                                                   mpfr_float_50, mpfr_float_50,
                                                                                   mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference
