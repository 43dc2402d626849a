#pragma once
// Deterministic configurations where an energy of multi-head attention decreases, in closed form:
// witnesses that the symmetry, normalisation and flat-geometry conditions of energy monotonicity
// are needed. Each is dE/dt = <grad E, x'> worked out by hand for a configuration small enough to
// do so; the derivation is beside each formula. Templated on the real type; header only.
#include <cmath>

namespace attnlaw::reference {

// One token x = (cos t, sin t) in d = 2, one U-type head with a non-symmetric score matrix
// M = S + K, S = diag(1, 0), K = k [[0, -1], [1, 0]], and V = M. With q = x^T M x = cos^2 t (K adds
// nothing), grad E = e^{beta q} S x and x' = P_x(e^{beta q} M x), so
//   dE/dt = e^{2 beta q}(|P_x S x|^2 + <S x, K x>) = e^{2 beta cos^2 t} cos t sin t (cos t sin t - k),
// negative for 0 < cos t sin t < k.
template <class Real>
Real nonsymmetric_energy_rate(Real t, Real beta, Real k) {
  using std::cos;
  using std::exp;
  using std::sin;
  const Real c = cos(t), s = sin(t);
  return exp(2 * beta * c * c) * c * s * (c * s - k);
}

// One token x = (c, 0, s, 0), c^2 + s^2 = 1, in d = 4, two orthogonal heads M_1 = a P_{e1,e2},
// M_2 = b P_{e3,e4}, V_h = M_h. With A = a e^{beta a c^2}, B = b e^{beta b s^2} the head gradients
// are g_1 = (A c, 0, 0, 0), g_2 = (0, 0, B s, 0), and P_x(g_1 - g_2 ...) reduces to multiples of
// (c s^2, 0, -s c^2, 0):
//   U-type (x' = P_x(g_1 + g_2)):          dE/dt = |P_x G|^2 = (A - B)^2 c^2 s^2 >= 0;
//   S-type (x' = P_x(sum_h c_h g_h) with c_h = n^2 / Z_h = e^{-beta s_h}, one token):
//                                          dE/dt = (a - b) c^2 s^2 (A - B), negative when a > b and A < B.
template <class Real>
struct TwoHeadRates {
  Real unnormalised;  // U-type
  Real row_softmax;   // S-type
};

template <class Real>
TwoHeadRates<Real> orthogonal_heads_energy_rate(Real a, Real b, Real c2, Real beta) {
  using std::exp;
  const Real s2 = 1 - c2;
  const Real big_a = a * exp(beta * a * c2), big_b = b * exp(beta * b * s2);
  return {(big_a - big_b) * (big_a - big_b) * c2 * s2, (a - b) * c2 * s2 * (big_a - big_b)};
}

// The radial shadow: d = 4, heads M_1 = P_{e1,e2}, M_2 = P_{e3,e4} (V_h = M_h, U-type, spherical),
// all n tokens at x = (cos t, 0, sin t, 0). With A = e^{beta c^2}, B = e^{beta s^2} and every token
// equal, G = (1/n)(A c, 0, B s, 0) per token, and head 1's energy changes at
//   dE_1/dt = n sum_i <g_i1, P_x G_i> = c^2 s^2 A (A - B)   (independent of n),
// negative iff sin^2 t > cos^2 t, while the total dE/dt = (A - B)^2 c^2 s^2 stays >= 0.
template <class Real>
struct ShadowRates {
  Real first_head;  // dE_1/dt
  Real total;       // dE_multi/dt
};

template <class Real>
ShadowRates<Real> radial_shadow_energy_rates(Real t, Real beta) {
  using std::cos;
  using std::exp;
  using std::sin;
  const Real c2 = cos(t) * cos(t), s2 = sin(t) * sin(t);
  const Real big_a = exp(beta * c2), big_b = exp(beta * s2);
  return {c2 * s2 * big_a * (big_a - big_b), (big_a - big_b) * (big_a - big_b) * c2 * s2};
}

}  // namespace attnlaw::reference
