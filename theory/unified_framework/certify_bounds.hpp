#pragma once
// A computer-assisted proof of the UF.gap.bounds inequalities on given rows: every left-hand
// side (D, Z - 1, the weighted gap sum, H) and every bound is enclosed in MPFI interval
// arithmetic, starting from the double logits taken as exact points, and an inequality counts as
// certified only when the upper end of its left side lies strictly below the lower end of its
// bound. The rows' own Lambda is enclosed too, so r = beta / Lambda is known to lie on one side
// of 1 before a bound is used. MPFI stays inside certify_bounds.cpp.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace attnlaw::theory::unified_framework {

struct BoundCertificate {
  std::size_t rows = 0;          // rows examined (ties at the maximum and single entries skipped)
  std::size_t inequalities = 0;  // (row, temperature, inequality) triples attempted
  std::size_t uncertified = 0;   // those not proved, including r not separated from 1
  double worst_ratio = 0;        // largest sup(left) / inf(bound), rounded up
  std::string worst_where = "-";
};

// beta = ratio * Lambda_hat for every ratio (none within 1e-9 of 1), Lambda_hat the double
// accumulation scale of the row (an exact double; the proof uses the enclosure of the true
// Lambda). Works at `precision_bits` (>= 64).
BoundCertificate certify_collapse_bounds(const std::vector<std::vector<double>>& rows, std::span<const double> ratios,
                                         unsigned precision_bits = 128);

}  // namespace attnlaw::theory::unified_framework
