// The double instantiation of the equicorrelated closed forms.
#include "reference/extreme_value/detail/equicorrelated_impl.hpp"

namespace attnlaw::reference {

template EquicorrelatedRow<double> equicorrelated_row<double>(std::uint64_t, double, double);
template double equicorrelated_limit_cosine<double>(double, double, double);

}  // namespace attnlaw::reference
