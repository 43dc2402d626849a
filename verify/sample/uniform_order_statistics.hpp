#pragma once
// The K smallest of n i.i.d. Uniform(0,1) variables, exactly, at cost O(K) for any n <= 2^53:
// the Rényi representation shared by every top-K sampler of this module
// (theory/scaling_limits/THEORY.md §3, theory/unified_framework/THEORY.md §3).
//
// With E_i i.i.d. Exp(1), Gamma_j = E_1 + ... + E_j and G ~ Gamma(n + 1 - K) independent,
// Gamma_{n+1} = Gamma_K + G and (Gamma_j / Gamma_{n+1})_{j <= K} has the law of the K smallest
// of n uniforms. Both tails are formed without cancellation: U_(j) = Gamma_j / Gamma_{n+1} and
// 1 - U_(j) = ((Gamma_K - Gamma_j) + G) / Gamma_{n+1}, so a quantile transform can use
// whichever tail carries the digits. G at n ~ 1e12 comes from Marsaglia–Tsang (rng/gamma.hpp);
// see sphere_top_k.hpp for why its ~1e-4 log-test error is immaterial here.
//
// Sample indices, in the caller's region (index_space.hpp): offset 0 holds E_1..E_K (2 words
// each, one SampleSource), offset 1 holds G. The caller owns the other offsets.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/sample/index_space.hpp"

namespace attnlaw::sample {

class UniformOrderStatistics {
 public:
  // 1 <= K <= n <= 2^53; throws std::domain_error otherwise.
  UniformOrderStatistics(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::uint64_t K,
                         index_space::Region region);

  std::uint64_t n() const noexcept { return n_; }
  std::size_t size() const noexcept { return partial_.size(); }

  // j = 0..K-1 for the (j+1)-th smallest.
  double lower(std::size_t j) const noexcept { return partial_[j] / total_; }  // U_(j+1)
  double upper(std::size_t j) const noexcept {
    return ((partial_.back() - partial_[j]) + rest_) / total_;
  }  // 1 - U_(j+1)

  // The Gamma partial sums themselves, for ratios that must not pass through U (Gamma_k / Gamma_1).
  double partial_sum(std::size_t j) const noexcept { return partial_[j]; }  // Gamma_{j+1}
  double rest() const noexcept { return rest_; }                            // G
  double total() const noexcept { return total_; }                          // Gamma_{n+1}

 private:
  std::uint64_t n_;
  std::vector<double> partial_;
  double rest_;
  double total_;
};

}  // namespace attnlaw::sample
