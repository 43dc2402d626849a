#include "verify/attention/row_scan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "verify/attention/compensated_sum.hpp"
#include "verify/io/half_precision.hpp"

namespace attnlaw::attention {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
// The first selection; doubled until the stopping rule holds.
constexpr std::size_t kFirstPrefix = 64;

// Lambda and Delta_Lambda over the tie groups of the sorted prefix gaps[0, sorted), the rest of
// `gaps` being no smaller than gaps[sorted - 1]. A group is counted only once it is complete
// (its value is below every gap outside the prefix), so N(t) is exact for it.
class PrefixScale {
 public:
  PrefixScale(std::span<double> gaps, int scale_exponent)
      : gaps_(gaps), k_(scale_exponent), log_n_(std::log(static_cast<double>(gaps.size()))) {}

  // Sorts more of the row and counts the groups it completes; false when no gap outside the
  // prefix can reach the contact threshold (the rule of the header).
  bool extend() {
    const std::size_t target = std::min(gaps_.size(), std::max(kFirstPrefix, 2 * sorted_));
    const auto begin = gaps_.begin();
    double frontier = kInfinity;  // the smallest gap outside the prefix
    if (target < gaps_.size()) {
      std::nth_element(begin + static_cast<std::ptrdiff_t>(sorted_), begin + static_cast<std::ptrdiff_t>(target),
                       gaps_.end());
      frontier = gaps_[target];
    }
    std::sort(begin + static_cast<std::ptrdiff_t>(sorted_), begin + static_cast<std::ptrdiff_t>(target));
    sorted_ = target;
    while (counted_ < sorted_ && gaps_[counted_] < frontier) {
      std::size_t last = counted_ + 1;
      while (last < sorted_ && gaps_[last] == gaps_[counted_]) ++last;
      scaled_lambda_ = std::max(scaled_lambda_, ratio(counted_, last));
      counted_ = last;
    }
    if (std::isinf(frontier)) return false;
    // Every ratio beyond is at most log n / frontier; each side carries a few roundings.
    const double beyond = log_n_ / std::ldexp(frontier, k_) * (1 + 64 * kEpsilon);
    return !(beyond < threshold());
  }

  // The largest counted gap within 16 epsilon of Lambda, and its N, as accumulation_scale.
  void finish(AccumulationScale<double>& a) const {
    const double t = threshold();
    for (std::size_t first = 1; first < counted_;) {
      std::size_t last = first + 1;
      while (last < counted_ && gaps_[last] == gaps_[first]) ++last;
      if (ratio(first, last) >= t) {
        a.contact_gap = gaps_[first];
        a.contact_count = last;
      }
      first = last;
    }
    a.lambda = std::ldexp(scaled_lambda_, k_);
    a.log_lambda = std::log(scaled_lambda_) + static_cast<double>(k_) * std::log(2.0);
  }

 private:
  double ratio(std::size_t first, std::size_t last) const {
    return std::log(static_cast<double>(last)) / std::ldexp(gaps_[first], k_);
  }
  double threshold() const { return scaled_lambda_ * (1 - 16 * kEpsilon); }

  std::span<double> gaps_;
  int k_;
  double log_n_;
  std::size_t sorted_ = 0;
  std::size_t counted_ = 1;  // gaps_[0] = 0 is the maximiser, in no ratio
  double scaled_lambda_ = 0;
};

}  // namespace

template <class Element>
RowStatistics<double> scan_row(std::span<const Element> logits, double beta, std::vector<double>& workspace) {
  if (!(beta >= 0) || std::isinf(beta)) throw std::invalid_argument("scan_row: beta must be finite and >= 0");
  const RowTop<double> top = row_top<double>(logits);

  // One pass: the gaps, the ties at the top, the smallest positive gap, and the softmax sums over
  // every key but one maximiser.
  workspace.resize(top.finite);
  std::size_t zeros = 0;
  double smallest_positive = kInfinity;
  CompensatedSum<double> tail, energy;
  std::size_t m = 0;
  for (const Element& e : logits) {
    const double s = static_cast<double>(e);
    if (std::isinf(s)) continue;
    const double gap = top.top - s;
    if (std::isinf(gap)) throw RowError(kGapOverflowMessage);
    workspace[m++] = gap;
    if (gap == 0) {
      if (++zeros == 1) continue;  // the maximiser's own term, exactly 1, is left out of Z - 1
    } else if (gap < smallest_positive) {
      smallest_positive = gap;
    }
    const double x = beta * gap;
    const double w = std::exp(-x);
    tail.add(w);
    if (w != 0) energy.add(x * w);
  }

  RowStatistics<double> s;
  s.n = m;
  s.masked = top.masked;
  s.smallest_positive_gap = smallest_positive;
  s.max_minus_second = m == 1 ? kInfinity : (zeros >= 2 ? 0.0 : smallest_positive);
  s.softmax = softmax_from_sums(beta, tail.value(), energy.value(), zeros >= 2, smallest_positive);

  AccumulationScale<double>& a = s.scale;
  if (zeros >= 2) {  // the conventions of accumulation_scale for ties at the maximum
    a.ties = true;
    a.lambda = kInfinity;
    a.log_lambda = kInfinity;
    a.contact_gap = 0;
    a.contact_count = zeros;
    a.contact_entropy = std::log(static_cast<double>(zeros));
    a.alpha = a.contact_entropy / std::log(static_cast<double>(m));
  } else if (m == 1) {
    a.log_lambda = -kInfinity;
  } else {
    // No ties: the maximiser's 0 is the one smallest gap, and the first selection puts it first.
    PrefixScale prefix(std::span<double>(workspace.data(), m), -std::ilogb(smallest_positive));
    while (prefix.extend()) {
    }
    prefix.finish(a);
    a.contact_entropy = std::log(static_cast<double>(a.contact_count));
    a.alpha = a.contact_entropy / std::log(static_cast<double>(m));
  }
  s.regime = assess_regime(a, beta);
  return s;
}

template RowStatistics<double> scan_row<float>(std::span<const float>, double, std::vector<double>&);
template RowStatistics<double> scan_row<double>(std::span<const double>, double, std::vector<double>&);
template RowStatistics<double> scan_row<io::Binary16>(std::span<const io::Binary16>, double, std::vector<double>&);
template RowStatistics<double> scan_row<io::BFloat16>(std::span<const io::BFloat16>, double, std::vector<double>&);

}  // namespace attnlaw::attention
