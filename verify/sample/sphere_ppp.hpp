#pragma once
// The critical limit point process of the nearest keys (theory/scaling_limits/THEORY.md §1-§3,
// "PPP limit sampler").
//
// With Gamma_j = E_1 + ... + E_j (E_i i.i.d. Exp(1)), a key law with mu(t <= tau) ~ L tau^a
// near q, and beta_n = gamma n^{1/a}, the rescaled nearest keys converge to
//   energies  e_j = beta_n t_(j)                -> c Gamma_j^p,  p = 1/a, c = gamma L^{-1/a};
//   radii     n^{1/(2a)} |P_perp k_(j)|         -> r_j = sqrt(2) (Gamma_j / L)^{1/(2a)};
//   directions P_perp k_(j) / |P_perp k_(j)|    -> u_j i.i.d. uniform on the sphere of q-perp.
// Uniform keys: a = m = (d-1)/2, L = A_d = 2^m kappa_d, so p = 2/(d-1), c = gamma A_d^{-2/(d-1)},
// r_j = (Gamma_j / kappa_d)^{1/(d-1)} and the output scale is n^{1/(d-1)}.
// The limit objects (attention/weight_functionals.hpp) are W_j = e^{-e_j} / sum_k e^{-e_k},
// the energy sum_j W_j e_j (limit of beta_n (1 - <q,ybar>)) and the tangential vector
// sum_j W_j r_j u_j (limit of n^{1/(2a)} P_perp ybar).
//
// Truncation: points j = 1..J are kept, J the first index with c (Gamma_J^p - Gamma_1^p) >=
// log_cutoff. The omitted points carry relative weight sum_{j>J} e^{-(e_j - e_1)}, whose mean
// is at most e^{-log_cutoff} times the expected number of points in an energy window of a
// few units beyond the cutoff: with the default 40, e^{-40} = 4e-18 times a factor below 10^3
// for d <= 5 and c >= 1/2, so < 1e-14 relative.
//
// Sample indices (region ppp): offset 0 holds E_1, E_2, ... (2 words each), offset 1 + j the
// direction of point j + 1 (2 (d - 1) words). The energies do not depend on with_directions.
#include <cstdint>
#include <vector>

#include "verify/rng/philox_stream.hpp"

namespace attnlaw::sample {

struct PppLaw {
  int d = 3;     // ambient dimension; directions have d - 1 coordinates
  double p = 1;  // e_j = c Gamma_j^p
  double c = 1;
  double radius_scale = 1;  // r_j = radius_scale Gamma_j^radius_power
  double radius_power = 0.5;
};

// Uniform keys on S^{d-1} at beta_n = gamma n^{2/(d-1)}.
PppLaw ppp_law_uniform(int d, double gamma);
// Local exponent a and constant L (mu(t <= tau) ~ L tau^a) at beta_n = gamma n^{1/a}.
PppLaw ppp_law_local_exponent(int d, double a, double L, double gamma);

struct PppSample {
  std::vector<double> energies;    // ascending
  std::vector<double> radii;       // r_j, same order
  std::vector<double> directions;  // row-major J x (d - 1); empty unless requested
};

// Throws std::length_error beyond 2^31 points (c far too small for log_cutoff).
PppSample sample_ppp(rng::StreamKey stream, std::uint32_t replicate, const PppLaw& law, bool with_directions = false,
                     double log_cutoff = 40);

}  // namespace attnlaw::sample
