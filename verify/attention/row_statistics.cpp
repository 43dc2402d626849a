#include "verify/attention/row_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace attnlaw::attention {
namespace {

// Neumaier's variant of Kahan summation: also exact when a term exceeds the running sum.
template <class Real>
class CompensatedSum {
 public:
  void add(Real x) noexcept {
    const Real t = sum_ + x;
    if (std::fabs(sum_) >= std::fabs(x)) {
      compensation_ += (sum_ - t) + x;
    } else {
      compensation_ += (x - t) + sum_;
    }
    sum_ = t;
  }
  Real value() const noexcept { return sum_ + compensation_; }

 private:
  Real sum_ = 0;
  Real compensation_ = 0;
};

// End (one past the last index) of the tie group that starts at `first`.
template <class Real>
std::size_t group_end(const std::vector<Real>& gaps, std::size_t first) noexcept {
  std::size_t last = first + 1;
  while (last < gaps.size() && gaps[last] == gaps[first]) ++last;
  return last;
}

}  // namespace

template <class Real>
std::size_t GapProfile<Real>::count_within(Real t) const noexcept {
  return static_cast<std::size_t>(std::upper_bound(gaps.begin(), gaps.end(), t) - gaps.begin());
}

template <class Real>
Real GapProfile<Real>::smallest_positive_gap() const noexcept {
  const auto it = std::upper_bound(gaps.begin(), gaps.end(), Real(0));
  return it == gaps.end() ? std::numeric_limits<Real>::infinity() : *it;
}

template <class Real>
GapProfile<Real> gap_profile(std::span<const Real> logits) {
  const RowTop<Real> top = row_top<Real>(logits);
  GapProfile<Real> profile;
  profile.masked = top.masked;
  profile.gaps.reserve(top.finite);
  for (const Real s : logits) {
    if (std::isinf(s)) continue;
    const Real gap = top.top - s;
    if (std::isinf(gap)) throw RowError(kGapOverflowMessage);
    profile.gaps.push_back(gap);
  }
  std::sort(profile.gaps.begin(), profile.gaps.end());
  return profile;
}

template <class Real>
AccumulationScale<Real> accumulation_scale(const GapProfile<Real>& profile) {
  const std::vector<Real>& gaps = profile.gaps;
  const std::size_t n = gaps.size();
  AccumulationScale<Real> a;
  const std::size_t tied = group_end(gaps, 0);
  if (tied >= 2) {
    a.ties = true;
    a.lambda = std::numeric_limits<Real>::infinity();
    a.log_lambda = a.lambda;
    a.contact_gap = 0;
    a.contact_count = tied;
    a.contact_entropy = std::log(static_cast<Real>(tied));
    a.alpha = a.contact_entropy / std::log(static_cast<Real>(n));
    return a;
  }
  if (n == 1) {  // N(t) = 1: Lambda = 0, nothing to contact
    a.log_lambda = -std::numeric_limits<Real>::infinity();
    return a;
  }

  // The ratios are taken on gaps scaled by 2^k, k chosen so that the smallest positive gap is
  // about 1: scaling by a power of two is exact, so the maximum and the contact gap are the ones
  // the unscaled ratios give whenever those are finite, and a subnormal gap (Lambda beyond the
  // largest Real) still has a well-defined maximiser and a finite log Lambda.
  const int k = -std::ilogb(gaps[1]);
  const auto scaled_ratio = [&](std::size_t first, std::size_t last) {
    return std::log(static_cast<Real>(last)) / std::ldexp(gaps[first], k);
  };
  // Pass 1: Lambda. Pass 2: the largest gap within rounding of it.
  Real scaled_lambda = 0;
  for (std::size_t first = 1; first < n;) {
    const std::size_t last = group_end(gaps, first);
    scaled_lambda = std::max(scaled_lambda, scaled_ratio(first, last));
    first = last;
  }
  const Real threshold = scaled_lambda * (1 - 16 * std::numeric_limits<Real>::epsilon());
  for (std::size_t first = 1; first < n;) {
    const std::size_t last = group_end(gaps, first);
    if (scaled_ratio(first, last) >= threshold) {
      a.contact_gap = gaps[first];
      a.contact_count = last;
    }
    first = last;
  }
  a.lambda = std::ldexp(scaled_lambda, k);
  a.log_lambda = std::log(scaled_lambda) + static_cast<Real>(k) * std::log(Real(2));
  a.contact_entropy = std::log(static_cast<Real>(a.contact_count));
  a.alpha = a.contact_entropy / std::log(static_cast<Real>(n));
  return a;
}

template <class Real>
SoftmaxSummary<Real> softmax_summary(const GapProfile<Real>& profile, Real beta) {
  if (!(beta >= 0) || std::isinf(beta)) throw std::invalid_argument("softmax_summary: beta must be finite and >= 0");
  const std::vector<Real>& gaps = profile.gaps;
  // Z - 1 and sum beta Delta e^{-beta Delta}, from the smallest terms (largest gaps) up. The term of
  // the maximiser (index 0) is exactly 1 and kept out, so log Z = log1p(Z - 1) stays accurate when
  // Z - 1 is tiny (collapsed rows).
  CompensatedSum<Real> tail, energy;
  for (std::size_t i = gaps.size(); i-- > 1;) {
    const Real x = beta * gaps[i];
    const Real e = std::exp(-x);
    tail.add(e);
    if (e != 0) energy.add(x * e);  // x e^{-x} with x = inf would be inf * 0
  }
  return softmax_from_sums(beta, tail.value(), energy.value(), profile.ties_at_maximum() >= 2,
                           profile.smallest_positive_gap());
}

template <class Real>
SoftmaxSummary<Real> softmax_from_sums(Real beta, Real z_minus_one, Real energy, bool tied,
                                       Real smallest_positive_gap) {
  SoftmaxSummary<Real> s;
  s.beta = beta;
  const Real z = 1 + z_minus_one;
  s.log_partition = std::log1p(z_minus_one);
  s.mean_scaled_gap = energy / z;
  s.entropy = s.log_partition + s.mean_scaled_gap;
  s.top_weight = 1 / z;
  if (tied) {
    s.top_two_difference = 0;
  } else {  // smallest_positive_gap = +inf for n = 1: D = 1/Z = 1
    s.top_two_difference =
        std::isinf(smallest_positive_gap) ? s.top_weight : -std::expm1(-beta * smallest_positive_gap) / z;
  }
  return s;
}

template <class Real>
Real laplace_envelope(const GapProfile<Real>& profile, Real beta) {
  const std::vector<Real>& gaps = profile.gaps;
  Real best = -std::numeric_limits<Real>::infinity();
  for (std::size_t first = 0; first < gaps.size();) {
    const std::size_t last = group_end(gaps, first);
    best = std::max(best, std::log(static_cast<Real>(last)) - beta * gaps[first]);
    first = last;
  }
  return best;
}

template <class Real>
RegimeAssessment<Real> assess_regime(const AccumulationScale<Real>& scale, Real beta) {
  RegimeAssessment<Real> a;
  a.critical_beta = scale.lambda;
  const auto d_bound = [](Real r) { return r / (std::numbers::e_v<Real> * (1 - r)); };
  const auto h_bound = [](Real r) {
    const Real eps = 1 / (r - 1);
    return std::log1p(eps) + 2 * eps + eps * eps;
  };
  if (scale.ties) {
    a.regime = Regime::tied;
    a.ratio = 0;
    a.quantity = "H";
    a.relation = ">=";
    a.bound = std::log(static_cast<Real>(scale.contact_count));  // N(0), the tied maximisers
    return a;
  }
  if (scale.lambda == 0) {  // a single entry: H = 0 at every beta
    a.regime = Regime::collapsed;
    a.ratio = std::numeric_limits<Real>::infinity();
    a.quantity = "H";
    a.relation = "<=";
    a.bound = 0;
    return a;
  }
  // r = beta / Lambda = beta Delta_Lambda / C_n: the second form stays finite when Lambda
  // overflows (a positive gap below log n / DBL_MAX, e.g. a denormal one).
  const Real r = beta * scale.contact_gap / scale.contact_entropy;
  a.ratio = r;
  a.relation = "<=";
  if (r < Real(kCriticalWindowLow)) {
    a.regime = Regime::unseparated;
    a.quantity = "D";
    a.bound = d_bound(r);
  } else if (r > Real(kCriticalWindowHigh)) {
    a.regime = Regime::collapsed;
    a.quantity = "H";
    a.bound = h_bound(r);
  } else {
    a.regime = Regime::critical_window;
    if (r < 1) {
      a.quantity = "D";
      a.bound = d_bound(r);
    } else if (r > 1) {
      a.quantity = "H";
      a.bound = h_bound(r);
    } else {
      a.relation = "";
      a.bound = std::numeric_limits<Real>::infinity();
    }
  }
  return a;
}

const char* regime_name(Regime regime) noexcept {
  switch (regime) {
    case Regime::unseparated: return "unseparated";
    case Regime::critical_window: return "critical window";
    case Regime::collapsed: return "collapsed";
    case Regime::tied: return "tied";
  }
  return "unknown";
}

template <class Real>
RowStatistics<Real> row_statistics(const GapProfile<Real>& profile, Real beta) {
  RowStatistics<Real> s;
  s.n = profile.size();
  s.masked = profile.masked;
  s.scale = accumulation_scale(profile);
  s.softmax = softmax_summary(profile, beta);
  s.regime = assess_regime(s.scale, beta);
  s.smallest_positive_gap = profile.smallest_positive_gap();
  s.max_minus_second = profile.size() > 1 ? profile.gaps[1] : std::numeric_limits<Real>::infinity();
  return s;
}

#define ATTNLAW_ROW_STATISTICS_INSTANTIATE(Real)                                             \
  template struct GapProfile<Real>;                                                          \
  template GapProfile<Real> gap_profile<Real>(std::span<const Real>);                        \
  template AccumulationScale<Real> accumulation_scale<Real>(const GapProfile<Real>&);        \
  template SoftmaxSummary<Real> softmax_summary<Real>(const GapProfile<Real>&, Real);        \
  template Real laplace_envelope<Real>(const GapProfile<Real>&, Real);                       \
  template RegimeAssessment<Real> assess_regime<Real>(const AccumulationScale<Real>&, Real); \
  template SoftmaxSummary<Real> softmax_from_sums<Real>(Real, Real, Real, bool, Real);       \
  template RowStatistics<Real> row_statistics<Real>(const GapProfile<Real>&, Real);

ATTNLAW_ROW_STATISTICS_INSTANTIATE(double)
ATTNLAW_ROW_STATISTICS_INSTANTIATE(long double)

#undef ATTNLAW_ROW_STATISTICS_INSTANTIATE

}  // namespace attnlaw::attention
