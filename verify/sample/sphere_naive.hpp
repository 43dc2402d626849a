#pragma once
// The naive sphere sampler: n keys drawn as normalised Gaussian vectors, every one of
// them visited. It pays for all n keys and stays as the cross-check of the faster samplers.
// Key j of replicate r is sample j of the stream, so it is the same whatever the thread.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "verify/rng/normal_batch.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/sphere.hpp"

namespace attnlaw::sample {

// The key draw of the sampler: a key uniform on S^{d-1} (rng/sphere.hpp), d = key.size().
struct UniformOnSphere {
  void operator()(rng::SampleSource& source, std::span<double> key) const { rng::uniform_on_sphere(source, key); }
};

// Calls visit(j, key) for j = 0..n-1 with key = draw_key(source of key j) (a span of length d):
// uniform on S^{d-1} by default. The draw is a template parameter so that it inlines into the
// loop over keys; a claim that models another key law passes its own.
//
// The default draw takes the normals of 256 keys at a time from rng::normal_batch (the same bits
// as rng::normal on each key's source, several times faster) and normalises each key as
// rng::uniform_on_sphere does, so every key is the same double for double as the scalar loop's.
template <class Visit, class DrawKey = UniformOnSphere>
void for_each_naive_sphere_key(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::size_t d,
                               Visit&& visit, const DrawKey& draw_key = {}) {
  if constexpr (std::is_same_v<DrawKey, UniformOnSphere>) {
    constexpr std::uint64_t kBlock = 256;
    std::vector<double> keys(kBlock * d);
    for (std::uint64_t begin = 0; begin < n; begin += kBlock) {
      const auto count = static_cast<std::size_t>(std::min(kBlock, n - begin));
      rng::normal_batch(stream, replicate, begin, count, d, keys.data());
      for (std::size_t i = 0; i < count; ++i) {
        const std::span<double> key(keys.data() + i * d, d);
        double sum_sq = 0;
        for (const double x : key) sum_sq += x * x;
        const double norm = std::sqrt(sum_sq);
        for (double& x : key) x /= norm;
        visit(begin + i, std::span<const double>(key));
      }
    }
  } else {
    std::vector<double> key(d);
    for (std::uint64_t j = 0; j < n; ++j) {
      rng::SampleSource source(stream, replicate, j);
      draw_key(source, std::span<double>(key));
      visit(j, std::span<const double>(key));
    }
  }
}

}  // namespace attnlaw::sample
