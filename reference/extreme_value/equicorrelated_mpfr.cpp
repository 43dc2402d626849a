// The mpfr_float_50 instantiation of the equicorrelated closed forms (one translation unit).
#include "reference/extreme_value/equicorrelated_mpfr.hpp"

#include "reference/extreme_value/detail/equicorrelated_impl.hpp"

namespace attnlaw::reference {

template EquicorrelatedRow<mpfr_float_50> equicorrelated_row<mpfr_float_50>(std::uint64_t, mpfr_float_50,
                                                                            mpfr_float_50);
template mpfr_float_50 equicorrelated_limit_cosine<mpfr_float_50>(mpfr_float_50, mpfr_float_50, mpfr_float_50);

}  // namespace attnlaw::reference
