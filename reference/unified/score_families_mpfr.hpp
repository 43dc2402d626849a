#pragma once
// The mpfr_float_50 instantiation of reference/unified/score_families.hpp, for tests and table
// generators; run-time code uses double and never includes this header.
#include "reference/unified/mpfr_real.hpp"
#include "reference/unified/score_families.hpp"

namespace attnlaw::reference::unified {

extern template FamilyScale<mpfr_float_50> family_scale<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);
extern template mpfr_float_50 local_exponent<mpfr_float_50>(const ScoreFamily&, mpfr_float_50);

}  // namespace attnlaw::reference::unified
