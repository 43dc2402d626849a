#pragma once
// One attention head on naive sphere keys with a general value map: the output
// y = sum_i w_i V k_i, w = softmax(beta <q, k_i>), with n keys uniform on S^{d-1} drawn by the naive
// sampler (verify/sample/sphere_naive.hpp) and V any d_v x d matrix (row-major). The claims use the
// identity map, whose output law the references give; a general V is what a user's head applies,
// and by linearity its output is V times the identity-map output, which the unit test checks.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <stdexcept>
#include <vector>

#include "verify/attention/online_softmax.hpp"
#include "verify/sample/sphere_naive.hpp"

namespace attnlaw::attention {

// out (length d_v = value.size() / d) receives y. query has length d (any vector: beta <q, k> is
// the logit as given, not normalised here).
inline void naive_sphere_attention(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n,
                                   std::span<const double> query, double beta, std::span<const double> value,
                                   std::span<double> out) {
  const std::size_t d = query.size();
  if (d < 2 || value.size() % d != 0 || value.size() / d != out.size() || out.empty()) {
    throw std::invalid_argument("naive_sphere_attention: need d >= 2 and a d_v x d value matrix with d_v = out.size()");
  }
  const std::size_t d_v = out.size();
  OnlineSoftmaxAverage<double> average(d_v);
  std::vector<double> projected(d_v);
  sample::for_each_naive_sphere_key(stream, replicate, n, d, [&](std::uint64_t, std::span<const double> key) {
    for (std::size_t i = 0; i < d_v; ++i) {
      projected[i] =
          std::inner_product(key.begin(), key.end(), value.begin() + static_cast<std::ptrdiff_t>(i * d), 0.0);
    }
    average.add(beta * std::inner_product(key.begin(), key.end(), query.begin(), 0.0), projected);
  });
  average.average(out);
}

}  // namespace attnlaw::attention
