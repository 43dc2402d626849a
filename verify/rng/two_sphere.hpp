#pragma once
// Uniform directions on the sphere S^2 in R^3 from two uniforms, without normals.
//
// Algorithm: Archimedes' hat-box theorem: the projection of the uniform law on S^2 onto an axis
// is uniform on [-1, 1], and the angle about the axis is independent of it and uniform. So
// z = 1 - 2u, r = sqrt(1 - z^2) = 2 sqrt(u (1 - u)) (the product form keeps r accurate near the
// poles), and the point is (r cos(2 pi v), r sin(2 pi v), z). The law is exact for exact
// uniforms; here z takes the 2^52 cell midpoints of SampleSource::next_uniform exactly (1 - 2u
// is an odd multiple of 2^-52, never 0 or +-1), and the angle 2^52 values.
// cos and sin of 2 pi v: v's leading three bits pick the octant exactly, and Taylor polynomials
// on [0, pi/4] (to x^16 and x^17: truncation below 3e-18) do the rest, in + and * alone, so a
// vector loop gets the scalar bits (two_sphere_batch.cpp). A few ulps from the true values.
// The axis is the last coordinate, so a score <q, k> with q = e_1 goes through r and the cosine:
// its uniform law (the d = 3 score law) is a consequence of the theorem, not the construction.
// Words consumed: 4 (two next_uniform), fixed: one Philox block, where three normals take two.
#include <cmath>
#include <span>

#include "verify/rng/source.hpp"

namespace attnlaw::rng {

namespace detail {

// cos and sin of 2 pi v for v in (0, 1), v a multiple of 2^-53.
template <real_type Real>
[[gnu::always_inline]] inline void cos_sin_of_turn(Real v, Real& cos_out, Real& sin_out) {
  const Real t = 8 * v;  // exact
  const int octant = static_cast<int>(t);
  const Real f = t - Real(octant);  // exact, in [0, 1)
  // In an odd octant the angle past the quadrant's start is pi/2 - (pi/4)(1 - f): the polynomials
  // take (1 - f), exact, and cos and sin trade places.
  const bool odd = (octant & 1) != 0;
  const Real a = Real(0x1.921fb54442d18p-1) * (odd ? 1 - f : f);
  const Real a2 = a * a;
  const Real c =
      1 + a2 * (Real(-0.5) +
                a2 * (Real(1.0 / 24) +
                      a2 * (Real(-1.0 / 720) +
                            a2 * (Real(1.0 / 40320) +
                                  a2 * (Real(-1.0 / 3628800) +
                                        a2 * (Real(1.0 / 479001600) +
                                              a2 * (Real(-1.0 / 87178291200) + a2 * Real(1.0 / 20922789888000))))))));
  const Real s =
      a + a * a2 *
              (Real(-1.0 / 6) +
               a2 * (Real(1.0 / 120) +
                     a2 * (Real(-1.0 / 5040) +
                           a2 * (Real(1.0 / 362880) +
                                 a2 * (Real(-1.0 / 39916800) +
                                       a2 * (Real(1.0 / 6227020800) +
                                             a2 * (Real(-1.0 / 1307674368000) + a2 * Real(1.0 / 355687428096000))))))));
  // (cos, sin) of the angle within its quadrant, then turned by the quadrant: (x, y) -> (-y, x).
  const Real x = odd ? s : c, y = odd ? c : s;
  const int quadrant = octant >> 1;
  const Real turned_x = (quadrant & 1) ? -y : x, turned_y = (quadrant & 1) ? x : y;
  cos_out = (quadrant & 2) ? -turned_x : turned_x;
  sin_out = (quadrant & 2) ? -turned_y : turned_y;
}

// The point of S^2 for the axis uniform u and the angle uniform v, both in (0, 1).
template <real_type Real>
[[gnu::always_inline]] inline void two_sphere_point(Real u, Real v, Real& x, Real& y, Real& z) {
  using std::sqrt;
  Real c, s;
  cos_sin_of_turn(v, c, s);
  const Real r = 2 * sqrt(u * (1 - u));
  x = r * c;
  y = r * s;
  z = 1 - 2 * u;
}

}  // namespace detail

template <real_type Real, uniform_source Source>
void uniform_on_two_sphere(Source& source, std::span<Real, 3> out) {
  const Real u = source.next_uniform();
  const Real v = source.next_uniform();
  detail::two_sphere_point(u, v, out[0], out[1], out[2]);
}

}  // namespace attnlaw::rng
