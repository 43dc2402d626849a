#pragma once
// A planted key draw of the naive sphere sampler (verify/sample/sphere_naive.hpp), for the SL
// claims that carry the mutant "keys-not-normalised": passed as the sampler's DrawKey in place
// of the true sample::UniformOnSphere.
#include <span>

#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::scaling_limits {

// Planted bug "keys-not-normalised": the d Gaussian coordinates used as the key without dividing
// by their norm, so the keys lie off the sphere (|k|^2 ~ chi2_d); the same words as the true draw.
struct GaussianKeysNotNormalised {
  void operator()(rng::SampleSource& source, std::span<double> key) const {
    for (double& x : key) x = rng::normal(source);
  }
};

}  // namespace attnlaw::theory::scaling_limits
