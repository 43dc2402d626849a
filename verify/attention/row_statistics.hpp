#pragma once
// The gap statistics of one row of attention logits: the
// gap-counting function N(t), the upper-tail accumulation scale Lambda, its contact gap and
// exponent, the softmax functionals at an inverse temperature beta, the Laplace envelope, and
// the collapse regime that the deterministic entropy and distance bounds certify.
//
// Everything is computed from the sorted gaps Delta_j = s* - s_j >= 0, never from the logits:
// every term e^{-beta Delta_j} lies in [0, 1] and the top one is exactly 1, so Z is in [1, n]
// for any beta and nothing overflows. Sums run from the smallest term up (the gaps are sorted)
// with Neumaier compensation, so a row of 1e8 entries loses no more than a few ulps.
// Cost: one sort, O(n log n); every functional is one pass over the sorted gaps.
//
// Conventions for the degenerate rows (ties at the top, and a causal mask's first row):
//   - ties at the maximum (N(0) >= 2): Lambda = +infinity, Delta_Lambda = 0,
//     C_n = log N(0), alpha_n = log N(0) / log n;
//   - a single finite entry: N(t) = 1 for all t, Lambda = 0, Delta_Lambda = 0, alpha_n = 0
//     (one key always holds all the weight).
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace attnlaw::attention {

// A row that has no gap profile: a NaN or +inf entry, every entry -inf (masked), or finite
// logits whose spread exceeds the range of the type. The message says which, and where.
class RowError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The sorted gaps of the finite entries of a row; -inf entries are masked (left out).
template <class Real>
struct GapProfile {
  std::vector<Real> gaps;  // ascending, gaps.front() == 0 (the maximiser)
  std::size_t masked = 0;  // entries equal to -inf

  std::size_t size() const noexcept { return gaps.size(); }  // n, the unmasked length
  // N(t) = #{j : Delta_j <= t}; counts the maximiser.
  std::size_t count_within(Real t) const noexcept;
  // N(0): 1 unless the maximum is tied.
  std::size_t ties_at_maximum() const noexcept { return count_within(Real(0)); }
  // Smallest positive gap; +infinity when there is none (a single entry, or all entries tied).
  Real smallest_positive_gap() const noexcept;
};

// The maximum of a row's finite entries, and how many are finite and masked (-inf). Throws
// RowError for a NaN or +inf entry and for a row with no finite entry. Element is anything that
// converts exactly to Real (a narrower float, or io::Binary16).
template <class Real>
struct RowTop {
  Real top = -std::numeric_limits<Real>::infinity();
  std::size_t finite = 0;
  std::size_t masked = 0;
};

template <class Real, class Element>
RowTop<Real> row_top(std::span<const Element> logits) {
  RowTop<Real> t;
  for (std::size_t j = 0; j < logits.size(); ++j) {
    const Real s = static_cast<Real>(logits[j]);
    if (std::isnan(s)) throw RowError("entry " + std::to_string(j) + " is NaN");
    if (std::isinf(s)) {
      if (s > 0) throw RowError("entry " + std::to_string(j) + " is +inf");
      ++t.masked;
      continue;
    }
    ++t.finite;
    if (s > t.top) t.top = s;
  }
  if (t.finite == 0) {
    throw RowError(logits.empty() ? std::string("the row is empty")
                                  : "every entry is -inf (masked): no key to attend to");
  }
  return t;
}

inline constexpr const char* kGapOverflowMessage =
    "the spread of the finite logits (max - min) overflows the floating-point range";

// Throws RowError for NaN or +inf entries, for a row with no finite entry, and when a gap
// overflows Real.
template <class Real>
GapProfile<Real> gap_profile(std::span<const Real> logits);

template <class Real>
struct AccumulationScale {
  Real lambda = 0;                // Lambda = sup_{t>0} log N(t) / t; +infinity with ties at the maximum, and
                                  // also (ties false) when it overflows Real: a positive gap below log n / max
  Real log_lambda = 0;            // log Lambda: finite whenever Lambda is positive and not tied, overflow or not
  Real contact_gap = 0;           // Delta_Lambda, the largest gap attaining Lambda
  std::size_t contact_count = 1;  // N(Delta_Lambda)
  Real contact_entropy = 0;       // C_n = log N(Delta_Lambda)
  Real alpha = 0;                 // alpha_n = C_n / log n
  bool ties = false;              // N(0) >= 2
  bool overflows() const noexcept { return !ties && std::isinf(lambda); }
};

// Lambda is the largest of log N(t)/t over the distinct positive gap values t (log N(t)/t only
// jumps up at a gap value and decreases in between). Delta_Lambda is the largest gap whose ratio
// equals Lambda up to 16 epsilon relative: in exact arithmetic several gaps can attain the
// maximum (a geometric row attains it at every gap), and the rounding of log N / t (about one
// ulp) must not decide which one is reported.
template <class Real>
AccumulationScale<Real> accumulation_scale(const GapProfile<Real>& profile);

template <class Real>
struct SoftmaxSummary {
  Real beta = 0;
  Real log_partition = 0;       // log Z, Z = sum_j e^{-beta Delta_j} in [1, n]
  Real mean_scaled_gap = 0;     // <beta Delta>_a = sum_j beta Delta_j e^{-beta Delta_j} / Z
  Real entropy = 0;             // H = log Z + <beta Delta>_a
  Real top_weight = 0;          // a_(1) = 1/Z
  Real top_two_difference = 0;  // D = a_(1) - a_(2) = (1 - e^{-beta Delta_min}) / Z; 0 with ties, 1 for n = 1
};

// beta >= 0 and finite (throws std::invalid_argument otherwise).
template <class Real>
SoftmaxSummary<Real> softmax_summary(const GapProfile<Real>& profile, Real beta);

// The summary from its two sums over the keys other than one maximiser: z_minus_one =
// sum e^{-beta Delta_j} (Z - 1) and energy = sum beta Delta_j e^{-beta Delta_j}. `tied` is N(0) >= 2;
// smallest_positive_gap is +infinity when there is none.
template <class Real>
SoftmaxSummary<Real> softmax_from_sums(Real beta, Real z_minus_one, Real energy, bool tied, Real smallest_positive_gap);

// Laplace envelope S(beta) = sup_{t >= 0} (log N(t) - beta t): N is a right-continuous step
// function, so the supremum is attained at a gap value.
template <class Real>
Real laplace_envelope(const GapProfile<Real>& profile, Real beta);

// Where beta lies relative to the row's critical scale, r = beta / Lambda (the deterministic bounds):
//   unseparated      r < 1/2: D <= e^{-1} r / (1 - r) (< e^{-1}; -> 0 as r -> 0)
//   collapsed        r > 2:   H <= log(1 + eps) + 2 eps + eps^2, eps = 1/(r - 1) (< log 2 + 3; -> 0)
//   critical window  1/2 <= r <= 2: beta is of the order of Lambda; the bound on the side of 1
//                    that r lies on is still stated (D for r < 1, H for r > 1, none at r = 1),
//                    but it no longer separates the regimes (D bound >= e^{-1}, H bound >= 3.69)
//   tied             Lambda = +infinity: H >= log N(0) at every beta, no temperature collapses
//                    the row; the stated bound is that lower bound.
// A single entry (Lambda = 0) is collapsed with H <= 0 (r = +infinity, eps = 0).
enum class Regime { unseparated, critical_window, collapsed, tied };
inline constexpr std::size_t kRegimeCount = 4;

inline constexpr double kCriticalWindowLow = 0.5;
inline constexpr double kCriticalWindowHigh = 2.0;

template <class Real>
struct RegimeAssessment {
  Regime regime = Regime::critical_window;
  Real ratio = 0;             // r = beta / Lambda = beta Delta_Lambda / C_n (0 when tied, +infinity when Lambda = 0)
  const char* quantity = "";  // "D", "H", or "" when no bound applies (r = 1)
  const char* relation = "";  // "<=" (upper bound) or ">=" (the tied lower bound on H)
  Real bound = 0;             // the bound on `quantity`
  Real critical_beta = 0;     // beta_crit: the critical order beta ~ Lambda, estimated by Lambda
};

template <class Real>
RegimeAssessment<Real> assess_regime(const AccumulationScale<Real>& scale, Real beta);

const char* regime_name(Regime regime) noexcept;  // "unseparated", "critical window", "collapsed", "tied"

// Whether the stated bound says more than the quantity's range does: D <= 1 and H <= log n hold
// for every row, and H >= 0; a bound at or beyond them is true and empty.
template <class Real>
bool bound_is_informative(const RegimeAssessment<Real>& regime, std::size_t n) {
  const std::string_view quantity = regime.quantity, relation = regime.relation;
  if (quantity == "D") return regime.bound < 1;
  if (quantity == "H" && relation == "<=") return regime.bound < std::log(static_cast<Real>(n));
  if (quantity == "H" && relation == ">=") return regime.bound > 0;
  return false;
}

// Everything above for one row at one beta.
template <class Real>
struct RowStatistics {
  std::size_t n = 0;  // unmasked length
  std::size_t masked = 0;
  AccumulationScale<Real> scale;
  SoftmaxSummary<Real> softmax;
  RegimeAssessment<Real> regime;
  Real smallest_positive_gap = 0;  // +infinity with no positive gap
  Real max_minus_second = 0;       // s_(1) - s_(2) (0 with ties, +infinity for n = 1)
};

template <class Real>
RowStatistics<Real> row_statistics(const GapProfile<Real>& profile, Real beta);

}  // namespace attnlaw::attention
