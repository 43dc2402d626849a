#pragma once
// The naive sphere sampler: n keys drawn as normalised Gaussian vectors, every one of
// them visited. It pays for all n keys and stays as the cross-check of the faster samplers.
// Key j of replicate r is sample j of the stream, so it is the same whatever the thread.
#include <cstdint>
#include <span>
#include <vector>

#include "verify/mutation/planted_bug.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/sphere.hpp"

namespace attnlaw::sample {

// Calls visit(j, key) for j = 0..n-1 with key uniform on S^{d-1} (a span of length d).
template <class Visit>
void for_each_naive_sphere_key(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::size_t d,
                               Visit&& visit) {
  std::vector<double> key(d);
  for (std::uint64_t j = 0; j < n; ++j) {
    rng::SampleSource source(stream, replicate, j);
    if (mutation::active("keys-not-normalised")) {
      for (double& x : key) x = rng::normal(source);  // planted bug: Gaussian keys off the sphere
    } else {
      rng::uniform_on_sphere(source, std::span<double>(key));
    }
    visit(j, std::span<const double>(key));
  }
}

}  // namespace attnlaw::sample
