// The double instantiation of the equicorrelated closed forms.
#include "reference/unified/detail/equicorrelated_impl.hpp"

namespace attnlaw::reference::unified {

template EquicorrelatedRow<double> equicorrelated_row<double>(std::uint64_t, double, double);
template double equicorrelated_limit_cosine<double>(double, double, double);

}  // namespace attnlaw::reference::unified
