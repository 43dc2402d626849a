#pragma once
// Planted key draws of the sphere samplers, for the SL claims that carry them: the naive
// sampler's DrawKey "keys-not-normalised" (verify/sample/sphere_naive.hpp), passed in place of the
// true sample::UniformOnSphere, and the truncated sampler's direction draw
// "tangential-directions-from-cube" (verify/sample/sphere_truncated.hpp), passed in place of the
// true sample::uniform_tangential_direction.
#include <cmath>
#include <span>

#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::scaling_limits {

// Planted bug "keys-not-normalised": the d Gaussian coordinates used as the key without dividing
// by their norm, so the keys lie off the sphere (|k|^2 ~ chi2_d); at d != 3 the same words as the
// true draw (at d = 3 the true draw is Archimedes' cylinder, and these keys are still normals).
struct GaussianKeysNotNormalised {
  void operator()(rng::SampleSource& source, std::span<double> key) const {
    for (double& x : key) x = rng::normal(source);
  }
};

// Planted bug "tangential-directions-from-cube": the tangential direction u of a retained key taken
// as a uniform point of the cube [-1, 1]^{d-1} divided by its norm, not uniform on S^{d-2}: its
// law piles up towards the cube's corners (at d = 3 the angle has density sec^2 on each quarter).
// Every moment of order <= 3 is that of the uniform law (the cube's symmetries), so the means and
// variances of the output cannot see it; the fourth moments can (E sum u_i^4: 0.715 vs 3/4 at d = 3).
inline void tangential_direction_from_cube(rng::SampleSource& source, std::span<double> u) {
  double sum_sq = 0;
  for (double& x : u) {
    x = 2 * source.next_uniform() - 1;
    sum_sq += x * x;
  }
  const double norm = std::sqrt(sum_sq);
  for (double& x : u) x /= norm;
}

}  // namespace attnlaw::theory::scaling_limits
