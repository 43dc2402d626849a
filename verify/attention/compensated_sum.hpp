#pragma once
// Neumaier's variant of Kahan summation: also exact when a term exceeds the running sum. The
// error of a sum of n non-negative terms is about 2 ulps whatever their order, which is what lets
// the row scan sum in storage order and still agree with the sorted sum of the reference path.
#include <cmath>

namespace attnlaw::attention {

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

}  // namespace attnlaw::attention
