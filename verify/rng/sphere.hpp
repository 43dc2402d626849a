#pragma once
// Uniform directions on the unit sphere S^{d-1} in R^d, any d >= 1.
//
// Algorithm: normalise a vector of d independent N(0,1) variates (Muller, "A note on a
//   method for generating points uniformly on n-dimensional spheres", Comm. ACM 2(4),
//   19-20, 1959): the standard Gaussian law is rotation invariant. The normals come
//   from normal.hpp (inversion), which never returns exactly 0, so the norm is > 0.
// Words consumed: 2 d (d normals), fixed.
#include <cmath>
#include <span>

#include "verify/rng/normal.hpp"
#include "verify/rng/source.hpp"

namespace attnlaw::rng {

template <real_type Real, uniform_source Source>
void uniform_on_sphere(Source& source, std::span<Real> out) {
  using std::sqrt;
  Real sum_sq = 0;
  for (Real& x : out) {
    x = normal<Real>(source);
    sum_sq += x * x;
  }
  const Real norm = sqrt(sum_sq);
  for (Real& x : out) x /= norm;
}

}  // namespace attnlaw::rng
