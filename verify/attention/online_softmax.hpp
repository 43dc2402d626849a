#pragma once
// Softmax-weighted averages in one pass over the keys, never overflowing:
// the running maximum is subtracted and the partial sums rescaled when it grows
// (the online normaliser of Milakov & Gimelshein 2018). Keys need not be stored,
// so n is limited by time, not memory.
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace attnlaw::attention {

template <class Real = double>
class OnlineSoftmaxAverage {
 public:
  explicit OnlineSoftmaxAverage(std::size_t dimension) : weighted_(dimension, Real(0)) {}

  // Adds one key with logit `logit` (beta times score) and value `value`.
  void add(Real logit, std::span<const Real> value) {
    if (logit > max_logit_) {
      const Real scale = std::exp(max_logit_ - logit);  // 0 on the first key: max_logit_ = -inf
      normaliser_ *= scale;
      second_ *= scale * scale;
      for (Real& w : weighted_) w *= scale;
      max_logit_ = logit;
    }
    // Below the running maximum by more than the double range, the weight is exactly 0 and
    // stays 0; skipping it avoids glibc's slow underflow path and changes no bit of the result.
    if (logit - max_logit_ < kUnderflow) return;
    const Real x = std::exp(logit - max_logit_);
    normaliser_ += x;
    second_ += x * x;
    for (std::size_t i = 0; i < weighted_.size(); ++i) weighted_[i] += x * value[i];
  }

  std::size_t dimension() const noexcept { return weighted_.size(); }
  Real max_logit() const noexcept { return max_logit_; }
  // log sum_i exp(logit_i)
  Real log_partition() const { return max_logit_ + std::log(normaliser_); }
  // The largest weight, 1 / sum_i exp(logit_i - max).
  Real top_weight() const { return Real(1) / normaliser_; }
  // sum_i w_i^2
  Real sum_squared_weights() const { return second_ / (normaliser_ * normaliser_); }
  // sum_i w_i v_i, component `i`
  Real average(std::size_t i) const { return weighted_[i] / normaliser_; }
  void average(std::span<Real> out) const {
    for (std::size_t i = 0; i < weighted_.size(); ++i) out[i] = weighted_[i] / normaliser_;
  }

 private:
  static constexpr Real kUnderflow = -746;  // exp(-746) = 0 in double
  Real max_logit_ = -std::numeric_limits<Real>::infinity();
  Real normaliser_ = 0;
  Real second_ = 0;
  std::vector<Real> weighted_;
};

}  // namespace attnlaw::attention
