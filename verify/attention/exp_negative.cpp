#include "verify/attention/exp_negative.hpp"

namespace attnlaw::attention {

__attribute__((target_clones("avx2", "default"))) void exp_negative_block(const double* x, double* w,
                                                                          std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) w[i] = exp_negative(x[i]);
}

}  // namespace attnlaw::attention
