// The mpfr_float_50 instantiation of the score-family scales (one translation unit).
#include "reference/unified/score_families_mpfr.hpp"

#include "reference/unified/detail/score_families_impl.hpp"

namespace attnlaw::reference::unified {

template FamilyScale<mpfr_float_50> family_scale<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);
template mpfr_float_50 local_exponent<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);

}  // namespace attnlaw::reference::unified
