#include "verify/attention/row_scan.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "verify/attention/exp_negative.hpp"
#include "verify/io/half_precision.hpp"

namespace attnlaw::attention {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

struct SoftmaxSums {
  double tail = 0;    // sum e^{-beta Delta}: Z - 1
  double energy = 0;  // sum beta Delta e^{-beta Delta}
};

// The two sums over gaps[0, n) (the keys other than one maximiser), by Kahan's compensated sum in
// four interleaved lanes (term i to lane i mod 4) added in a fixed order at the end. For
// non-negative terms each lane's error is about 2 ulps of its sum, whatever the order of the
// terms, so the totals are within a few ulps of the reference path's sorted sums; the lanes, and
// the exponentials in blocks, are what the vectoriser takes. The same bits on every instruction
// set: the lanes are fixed by the index, not by the vector width.
__attribute__((target_clones("avx2", "default"))) SoftmaxSums softmax_sums(const double* gaps, std::size_t n,
                                                                           double beta) noexcept {
  constexpr std::size_t kBlock = 256;
  double x[kBlock], w[kBlock], e[kBlock];
  double sum[8] = {0, 0, 0, 0, 0, 0, 0, 0}, compensation[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (std::size_t begin = 0; begin < n; begin += kBlock) {
    const std::size_t len = std::min(kBlock, n - begin);
    for (std::size_t j = 0; j < len; ++j) x[j] = exp_argument_cap(beta * gaps[begin + j]);
    for (std::size_t j = 0; j < len; ++j) w[j] = exp_negative(x[j]);
    for (std::size_t j = 0; j < len; ++j) e[j] = x[j] * w[j];  // 0 where the capped x gives w = 0
    const std::size_t padded = (len + 3) & ~std::size_t{3};
    for (std::size_t j = len; j < padded; ++j) w[j] = e[j] = 0;
    for (std::size_t j = 0; j < padded; j += 4) {
      for (std::size_t k = 0; k < 8; ++k) {
        const double term = k < 4 ? w[j + k] : e[j + k - 4];
        const double y = term - compensation[k];
        const double t = sum[k] + y;
        compensation[k] = (t - sum[k]) - y;
        sum[k] = t;
      }
    }
  }
  const auto lanes = [&](std::size_t k) {
    return ((sum[k] - compensation[k]) + (sum[k + 1] - compensation[k + 1])) +
           ((sum[k + 2] - compensation[k + 2]) + (sum[k + 3] - compensation[k + 3]));
  };
  return {lanes(0), lanes(4)};
}

// log j for j = 0..n, computed once per scratch (thread) and reused across rows: the same values std::log
// gives, so the ratios are those of the reference path.
const double* log_table(std::vector<double>& table, std::size_t n) {
  for (std::size_t j = table.size(); j <= n; ++j) table.push_back(std::log(static_cast<double>(j)));
  return table.data();
}

// Multiplication by 2^k, exact like std::ldexp; 2^k itself is a double for |k| <= 1000.
struct PowerOfTwo {
  explicit PowerOfTwo(int k) : k_(k), factor_(std::ldexp(1.0, std::clamp(k, -1000, 1000))) {}
  double operator()(double x) const noexcept { return k_ >= -1000 && k_ <= 1000 ? x * factor_ : std::ldexp(x, k_); }
  int k_;
  double factor_;
};

// The positive gaps binned by the top 17 bits of their binary64 pattern (11 exponent bits, 6
// mantissa bits): for positive doubles the pattern is monotone in the value, so bin b holds the
// gaps in [lower(b), lower(b + 1)), and the bin boundaries are a factor of at most 1 + 1/64 apart.
// (With 2 mantissa bits, a factor 1.25, a tenth of Gaussian rows kept 40% of their gaps.)
//
// The bins bound the ratio log N(t) / t on both sides without sorting. With C(b) the number of
// gaps below lower(b + 1) (the maximiser's 0 included):
//   below: N(t) = C(b) for t just under lower(b + 1), so Lambda >= log C(b) / lower(b + 1) =: L(b);
//   above: for t in bin b, N(t) <= C(b) and t >= lower(b), so log N(t) / t <= log C(b) / lower(b) =: U(b).
// A bin with U(b) below max_b L(b) (less a margin for rounding) holds no gap that reaches Lambda or
// the contact threshold 16 epsilon under it. Only the other bins are sorted, each whole, so N(t)
// of their gaps is exact: the count of the bins below, plus the rank within the bin.
class GapBins {
 public:
  static constexpr int kShift = 46;

  static std::uint32_t bin(double gap) noexcept {
    return static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(gap) >> kShift);
  }

  void add(double gap) noexcept {
    const std::uint32_t b = bin(gap);
    ++count_[b];
    lo_ = std::min(lo_, b);
    hi_ = std::max(hi_, b);
  }

  // Empties the bins: a row can end (ties, one key, a RowError) before accumulation_scale does it.
  void reset() noexcept {
    for (std::uint32_t b = lo_; b <= hi_ && lo_ <= hi_; ++b) {
      count_[b] = 0;
      keep_[b] = 0;
    }
    lo_ = kBins;
    hi_ = 0;
  }

  // Lambda, Delta_Lambda and N(Delta_Lambda) of a row with one maximiser: gaps (its m gaps, 0
  // included, in any order) is reordered, its front overwritten by the kept gaps.
  void accumulation_scale(std::span<double> gaps, const double* log_of, const PowerOfTwo& scale,
                          AccumulationScale<double>& a) {
    // L: an empty bin has the C of the bin below and a larger boundary, so only the others count;
    // and L(b) <= log m / lower(b + 1), so the scan stops once that falls below the L found.
    // (Stopping early leaves L a lower bound, which is all it has to be.)
    const std::size_t m = gaps.size();
    double lower_bound = 0;
    std::size_t below = 1;  // the maximiser
    std::uint32_t last_bin = lo_;
    for (std::uint32_t b = lo_; b <= hi_; ++b) {
      base_[b] = static_cast<std::uint32_t>(below);
      if (count_[b] == 0) continue;
      below += count_[b];
      last_bin = b;
      const double upper = scale(boundary(b + 1));
      lower_bound = std::max(lower_bound, log_of[below] / upper);
      // The bins above have U(b) <= log m / upper: with the margin below, none would be kept.
      if (log_of[m] / upper < lower_bound * (1 - 64 * kEpsilon)) break;
    }
    // U(b) <= log m / lower(b): no bin from the first where that is below the threshold is kept.
    const double keep_above = lower_bound * (1 - 64 * kEpsilon);
    std::uint32_t kept_end = lo_;  // one past the last kept bin
    for (std::uint32_t b = lo_; b <= last_bin; ++b) {
      const double lower = scale(boundary(b));
      if (log_of[m] / lower < keep_above) break;
      keep_[b] = count_[b] > 0 && log_of[base_[b] + count_[b]] / lower >= keep_above;
      if (keep_[b]) kept_end = b + 1;
    }

    const double limit = boundary(kept_end);  // no kept gap reaches it
    std::size_t kept = 0;
    for (const double g : gaps) {  // compaction without a branch on the data
      gaps[kept] = g;
      kept += g > 0 && g < limit && keep_[bin(g)];
    }
    const std::span<double> sorted = gaps.first(kept);
    std::sort(sorted.begin(), sorted.end());

    // The ratio of every tie group of the kept gaps, with its exact N(t); then Lambda and the
    // largest gap within 16 epsilon of it, as accumulation_scale does on the full sort.
    const auto for_each_group = [&](auto&& visit) {
      std::size_t bin_start = 0;
      for (std::size_t first = 0; first < kept;) {
        const std::uint32_t b = bin(sorted[first]);
        if (first == 0 || b != bin(sorted[first - 1])) bin_start = first;
        std::size_t last = first + 1;
        while (last < kept && sorted[last] == sorted[first]) ++last;
        const std::size_t n_t = base_[b] + (last - bin_start);
        visit(sorted[first], n_t, log_of[n_t] / scale(sorted[first]));
        first = last;
      }
    };
    double scaled_lambda = 0;
    for_each_group([&](double, std::size_t, double ratio) { scaled_lambda = std::max(scaled_lambda, ratio); });
    const double threshold = scaled_lambda * (1 - 16 * kEpsilon);
    for_each_group([&](double t, std::size_t n_t, double ratio) {
      if (ratio >= threshold) {
        a.contact_gap = t;
        a.contact_count = n_t;
      }
    });
    a.lambda = std::ldexp(scaled_lambda, scale.k_);
    a.log_lambda = std::log(scaled_lambda) + static_cast<double>(scale.k_) * std::log(2.0);
    reset();
  }

 private:
  static constexpr std::uint32_t kBins = 1u << (64 - kShift - 1);  // the sign bit is 0
  // lower(b): the smallest double of bin b (+infinity from the bin after the largest finite double).
  static double boundary(std::uint32_t b) noexcept { return std::bit_cast<double>(std::uint64_t{b} << kShift); }

  std::vector<std::uint32_t> count_ = std::vector<std::uint32_t>(kBins);
  std::vector<std::uint32_t> base_ = std::vector<std::uint32_t>(kBins);  // C(b - 1): the gaps below bin b
  std::vector<char> keep_ = std::vector<char>(kBins);
  std::uint32_t lo_ = kBins;
  std::uint32_t hi_ = 0;
};

// row_top for the common row, all entries finite, in one branch-free pass the vectoriser takes:
// the maximum is taken on integer keys that order doubles as their values (the bits, with the
// magnitude bits of negatives flipped), since a floating-point max reduction is not vectorised
// without -ffinite-math-only. A row with a masked, NaN or infinite entry goes to row_top, for its
// count and its messages.
struct FiniteTop {
  double top;
  std::size_t not_finite;
};

template <class Element>
FiniteTop finite_top_loop(std::span<const Element> logits) noexcept {
  constexpr std::int64_t kMagnitude = 0x7fffffffffffffff;
  std::int64_t top = std::numeric_limits<std::int64_t>::min();
  std::size_t not_finite = 0;
  for (const Element& e : logits) {
    const double x = static_cast<double>(e);
    const std::int64_t bits = std::bit_cast<std::int64_t>(x);
    const std::int64_t key = bits ^ ((bits >> 63) & kMagnitude);
    top = key > top ? key : top;
    not_finite += !(std::fabs(x) < kInfinity);
  }
  return {std::bit_cast<double>(top ^ ((top >> 63) & kMagnitude)), not_finite};
}

__attribute__((target_clones("avx2", "default"))) FiniteTop finite_top(std::span<const double> logits) noexcept {
  return finite_top_loop(logits);
}
__attribute__((target_clones("avx2", "default"))) FiniteTop finite_top(std::span<const float> logits) noexcept {
  return finite_top_loop(logits);
}
template <class Element>
FiniteTop finite_top(std::span<const Element> logits) noexcept {
  return finite_top_loop(logits);
}

template <class Element>
RowTop<double> finite_row_top(std::span<const Element> logits) {
  const FiniteTop t = finite_top(logits);
  if (t.not_finite > 0 || logits.empty()) return row_top<double>(logits);
  return {t.top, logits.size(), 0};
}

}  // namespace

struct RowScratch::State {
  std::vector<double> gaps;
  GapBins bins;
  std::vector<double> logs;
};

RowScratch::RowScratch() : state_(std::make_unique<State>()) {}
RowScratch::~RowScratch() = default;

template <class Element>
RowStatistics<double> scan_row(std::span<const Element> logits, double beta, RowScratch& scratch) {
  std::vector<double>& workspace = scratch.state_->gaps;
  GapBins& bins = scratch.state_->bins;
  if (!(beta >= 0) || std::isinf(beta)) throw std::invalid_argument("scan_row: beta must be finite and >= 0");
  const RowTop<double> top = finite_row_top(logits);

  // One pass: the gaps, the ties at the top, the smallest positive gap, the bins; the first
  // maximiser is moved to the front, and the softmax sums run over the rest.
  workspace.resize(top.finite);
  std::size_t zeros = 0, first_zero = 0;
  double smallest_positive = kInfinity;
  bins.reset();
  std::size_t m = 0;
  for (const Element& e : logits) {
    const double s = static_cast<double>(e);
    if (s == -kInfinity) continue;
    const double gap = top.top - s;
    if (std::isinf(gap)) throw RowError(kGapOverflowMessage);
    if (gap == 0) {
      if (zeros++ == 0) first_zero = m;
    } else {
      smallest_positive = std::min(smallest_positive, gap);
      bins.add(gap);
    }
    workspace[m++] = gap;
  }
  std::swap(workspace[0], workspace[first_zero]);
  const SoftmaxSums sums = softmax_sums(workspace.data() + 1, m - 1, beta);

  RowStatistics<double> s;
  s.n = m;
  s.masked = top.masked;
  s.smallest_positive_gap = smallest_positive;
  s.max_minus_second = m == 1 ? kInfinity : (zeros >= 2 ? 0.0 : smallest_positive);
  s.softmax = softmax_from_sums(beta, sums.tail, sums.energy, zeros >= 2, smallest_positive);

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
    bins.accumulation_scale(std::span<double>(workspace.data(), m), log_table(scratch.state_->logs, m),
                            PowerOfTwo(-std::ilogb(smallest_positive)), a);
    a.contact_entropy = std::log(static_cast<double>(a.contact_count));
    a.alpha = a.contact_entropy / std::log(static_cast<double>(m));
  }
  s.regime = assess_regime(a, beta);
  return s;
}

template RowStatistics<double> scan_row<float>(std::span<const float>, double, RowScratch&);
template RowStatistics<double> scan_row<double>(std::span<const double>, double, RowScratch&);
template RowStatistics<double> scan_row<io::Binary16>(std::span<const io::Binary16>, double, RowScratch&);
template RowStatistics<double> scan_row<io::BFloat16>(std::span<const io::BFloat16>, double, RowScratch&);

}  // namespace attnlaw::attention
