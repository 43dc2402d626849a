// The mpfr_float_50 instantiation of the score-family scales (one translation unit).
#include "reference/extreme_value/score_families_mpfr.hpp"

#include "reference/extreme_value/detail/score_families_impl.hpp"

namespace attnlaw::reference {

template FamilyScale<mpfr_float_50> family_scale<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);
template FamilyLogScale<mpfr_float_50> family_log_scale<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);
template mpfr_float_50 local_exponent<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);

}  // namespace attnlaw::reference
