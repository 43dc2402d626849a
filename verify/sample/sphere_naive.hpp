#pragma once
// The naive sphere sampler: n keys drawn uniform on S^{d-1}, every one of them visited. It pays for
// all n keys and stays as the cross-check of the faster samplers, which draw the score from its law
// and never a key of their own at d = 3 (the cylinder below rests on a theorem, not on that law).
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
#include "verify/rng/two_sphere.hpp"
#include "verify/rng/two_sphere_batch.hpp"

namespace attnlaw::sample {

// The key draw of the sampler: a key uniform on S^{d-1}, d = key.size(): at d = 3 by Archimedes'
// cylinder (rng/two_sphere.hpp: two uniforms, one Philox block), otherwise as normalised normals
// (rng/sphere.hpp: d normals).
struct UniformOnSphere {
  void operator()(rng::SampleSource& source, std::span<double> key) const {
    if (key.size() == 3)
      rng::uniform_on_two_sphere(source, std::span<double, 3>(key.data(), 3));
    else
      rng::uniform_on_sphere(source, key);
  }
};

namespace detail {

constexpr std::uint64_t kKeysPerPass = 256;

// The default draw at d = 3: 256 points of rng::uniform_on_two_sphere_batch at a time.
template <class Visit>
void for_each_two_sphere_key(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, Visit& visit) {
  std::vector<double> keys(kKeysPerPass * 3);
  for (std::uint64_t begin = 0; begin < n; begin += kKeysPerPass) {
    const auto count = static_cast<std::size_t>(std::min(kKeysPerPass, n - begin));
    rng::uniform_on_two_sphere_batch(stream, replicate, begin, count, keys.data());
    for (std::size_t i = 0; i < count; ++i) visit(begin + i, std::span<const double>(keys.data() + 3 * i, 3));
  }
}

// rng::uniform_on_sphere's keys, normalised normals, with the normals of 256 keys at a time from
// rng::normal_batch (the same bits as rng::normal on each key's source, several times faster):
// the default draw at d != 3, and at d = 3 the path the benchmark compares the cylinder with.
template <class Visit>
void for_each_normalised_normal_key(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::size_t d,
                                    Visit& visit) {
  std::vector<double> keys(kKeysPerPass * d);
  for (std::uint64_t begin = 0; begin < n; begin += kKeysPerPass) {
    const auto count = static_cast<std::size_t>(std::min(kKeysPerPass, n - begin));
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
}

}  // namespace detail

// Calls visit(j, key) for j = 0..n-1 with key = draw_key(source of key j) (a span of length d):
// uniform on S^{d-1} by default. The draw is a template parameter so that it inlines into the
// loop over keys; a claim that models another key law passes its own.
//
// The default draw is batched (detail:: above), 256 keys at a time, every key the same double for
// double as the scalar loop's.
template <class Visit, class DrawKey = UniformOnSphere>
void for_each_naive_sphere_key(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::size_t d,
                               Visit&& visit, const DrawKey& draw_key = {}) {
  if constexpr (std::is_same_v<DrawKey, UniformOnSphere>) {
    if (d == 3)
      detail::for_each_two_sphere_key(stream, replicate, n, visit);
    else
      detail::for_each_normalised_normal_key(stream, replicate, n, d, visit);
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
