#pragma once
// Geometry of a key relative to the query q = e_1, and the constants of uniform keys.
#include <cmath>
#include <span>

namespace attnlaw::sample {

// t = 1 - <q,k> for a unit key k, q = e_1, without cancellation: for k_1 > 0,
// t = |k_perp|^2 / (1 + k_1) (equal to 1 - k_1 when |k| = 1), exact to a few ulps relative
// even when t ~ 1e-300; for k_1 <= 0 the subtraction 1 - k_1 is itself exact enough.
inline double gap_to_query(std::span<const double> key) {
  const double k1 = key[0];
  if (k1 <= 0) return 1 - k1;
  double perp_sq = 0;
  for (std::size_t i = 1; i < key.size(); ++i) perp_sq += key[i] * key[i];
  return perp_sq / (1 + k1);
}

// k = (1 - t) e_1 + sqrt(t (2 - t)) u, u the d - 1 coordinates of a unit vector of q-perp.
inline void compose_key(double t, std::span<const double> u, std::span<double> key) {
  key[0] = 1 - t;
  const double radius = std::sqrt(t * (2 - t));
  for (std::size_t i = 0; i < u.size(); ++i) key[i + 1] = radius * u[i];
}

// kappa_d = Gamma(d/2) / (2 sqrt(pi) Gamma((d+1)/2)): the volume of the unit ball of R^{d-1}
// over the area of S^{d-1}, so that sigma(|k - q| <= r) ~ kappa_d r^{d-1}
// (theory/scaling_limits/THEORY.md §1).
double sphere_kappa(int d);

}  // namespace attnlaw::sample
