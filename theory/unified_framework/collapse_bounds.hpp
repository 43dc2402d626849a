#pragma once
// The deterministic finite-n bounds of UF.gap.bounds (THEORY.md §2) and the bookkeeping
// of a deterministic check: the worst ratio quantity / bound over every row and temperature.
//
// With r = beta / Lambda and C = C_n = log N(Delta_Lambda):
//   r < 1:  log Z >= (1 - r) C,   D <= r C e^{-(1 - r) C} <= e^{-1} r / (1 - r);
//   r > 1, eps = 1 / (r - 1):  Z - 1 <= eps,  sum_j beta Delta_j e^{-beta Delta_j} <= (1 + eps)^2 - 1,
//           H <= log(1 + eps) + 2 eps + eps^2.
// The r > 1 bounds are stated on Z - 1 rather than Z so that their ratio stays informative when
// both sides approach 1 (r -> infinity).
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <string>

#include "verify/attention/row_statistics.hpp"
#include "verify/harness/check.hpp"

namespace attnlaw::theory::unified_framework {

// e^{-1} r / (1 - r), 0 <= r < 1.
template <class Real>
Real top_two_bound(Real r) {
  return r / (std::numbers::e_v<Real> * (1 - r));
}
// r C e^{-(1 - r) C}, the sharper intermediate form.
template <class Real>
Real top_two_contact_bound(Real r, Real contact_entropy) {
  return r * contact_entropy * std::exp(-(1 - r) * contact_entropy);
}
// eps = 1 / (r - 1), r > 1.
template <class Real>
Real partition_excess_bound(Real r) {
  return 1 / (r - 1);
}
// (1 + eps)^2 - 1 = eps (2 + eps).
template <class Real>
Real energy_bound(Real r) {
  const Real eps = 1 / (r - 1);
  return eps * (2 + eps);
}
// log(1 + eps) + 2 eps + eps^2.
template <class Real>
Real entropy_bound(Real r) {
  const Real eps = 1 / (r - 1);
  return std::log1p(eps) + 2 * eps + eps * eps;
}

// The left-hand sides at one temperature, from the row statistics.
struct GapQuantities {
  double beta = 0;
  double r = 0;                // beta / Lambda = beta Delta_Lambda / C_n (finite when Lambda overflows)
  double contact_entropy = 0;  // C_n
  double log_partition = 0;
  double partition_excess = 0;  // Z - 1 = expm1(log Z)
  double energy = 0;            // sum_j beta Delta_j e^{-beta Delta_j}
  double entropy = 0;
  double top_two_difference = 0;
};

// Rows without ties at the maximum and with n >= 2 (Lambda finite and positive).
GapQuantities gap_quantities(const attention::GapProfile<double>& profile,
                             const attention::AccumulationScale<double>& scale, double beta);

// quantity / bound for quantity <= bound: 0 when quantity <= 0 <= bound (0/0 included, the bound
// holds), +infinity when a positive quantity meets a non-positive bound or either side is NaN.
double bound_ratio(double quantity, double bound);

// For an inequality that some rows attain with equality in exact arithmetic or in the limit
// beta -> 0 (log Z >= (1 - r) C_n at beta = 0 on a row with alpha_n = 1; D <= r C e^{-(1-r) C} on
// step rows, where 1 - e^{-beta Delta} rounds to beta Delta; S <= log Z at beta = 0;
// log Z <= S + log H_n when N(t) = e^t at every gap): the two sides are computed along different
// paths, so the bound is widened by its rounding, 8 ulps relative.
inline constexpr double kEqualityRounding = 8 * std::numeric_limits<double>::epsilon();
double bound_ratio_attained(double quantity, double bound);

// The ratios of the six inequalities at one temperature; the side of r = 1 that does not apply
// is left at 0.
struct BoundRatios {
  double partition_lower = 0;  // (1 - r) C / log Z           (r < 1)
  double top_two_contact = 0;  // D / (r C e^{-(1 - r) C})    (r < 1)
  double top_two = 0;          // D / (e^{-1} r / (1 - r))    (r < 1)
  double partition_upper = 0;  // (Z - 1) / eps               (r > 1)
  double energy = 0;           // energy / ((1 + eps)^2 - 1)  (r > 1)
  double entropy = 0;          // H / (log(1 + eps) + 2 eps + eps^2)  (r > 1)
};
BoundRatios bound_ratios(const GapQuantities& q);

// The largest ratio seen, where, and over how many evaluations.
class WorstRatio {
 public:
  void add(double ratio, const std::string& where);
  void add(double ratio, const char* where) {
    add_lazy(ratio, [where] { return std::string(where); });
  }
  // `where` is built only when the ratio is a new worst.
  template <class Where>
  void add_lazy(double ratio, Where&& where) {
    ++evaluations_;
    if (!(ratio <= worst_)) {  // NaN counts as a new worst
      if (!(std::isnan(worst_))) {
        worst_ = ratio;
        where_ = where();
      }
    }
  }
  void merge(const WorstRatio& other);

  double worst() const noexcept { return worst_; }
  const std::string& where() const noexcept { return where_; }
  std::size_t evaluations() const noexcept { return evaluations_; }

 private:
  double worst_ = 0;
  std::string where_ = "-";
  std::size_t evaluations_ = 0;
};

// A deterministic check: statistic = worst ratio, pass iff <= 1.
harness::Check ratio_check(std::string target, const WorstRatio& worst, std::size_t rows,
                           const std::string& ratio_name);

}  // namespace attnlaw::theory::unified_framework
