#pragma once
// The mpfr_float_50 instantiation of reference/extreme_value/score_families.hpp, for tests and table
// generators; run-time code uses double and never includes this header.
#include "reference/extreme_value/score_families.hpp"
#include "reference/numerics/mpfr_real.hpp"

namespace attnlaw::reference {

extern template FamilyScale<mpfr_float_50> family_scale<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);
extern template FamilyLogScale<mpfr_float_50> family_log_scale<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);
extern template mpfr_float_50 local_exponent<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);

}  // namespace attnlaw::reference
