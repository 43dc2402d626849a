#pragma once
// The keys nearest to the query q = e_1, as the exact samplers return them.
//
// A key is k = (1 - t) q + sqrt(t (2 - t)) u with gap t = 1 - <q,k> in [0, 2] and u a unit
// vector of q-perp, stored as its d - 1 coordinates after the first (d = 2: u = +-1).
#include <cstdint>
#include <vector>

namespace attnlaw::sample {

struct NearestKeys {
  std::uint64_t n = 0;  // keys in the whole sample, retained or not
  int d = 0;            // ambient dimension
  // Gaps of the retained keys, ascending: t_(1) <= t_(2) <= ... Every key of the sample
  // with gap <= threshold is retained; every omitted key has gap > threshold.
  std::vector<double> gaps;
  // Row-major K x (d - 1): row i is u of the key with gap gaps[i]; empty unless requested.
  std::vector<double> directions;
  double threshold = 0;
  // log of an upper bound on sum_{omitted} e^{-beta t}, relative to e^{-beta t_(1)}:
  // log(n - K) - beta (threshold - t_(1)); -inf when no key is omitted. It bounds the
  // relative bias of the normaliser, and so of every weight functional, caused by the
  // truncation. NaN when the sampler was not told beta (see sphere_top_k.hpp).
  double neglected_log_mass_bound = 0;
};

// The same bound for another beta (all samplers record `threshold`).
double neglected_log_mass_bound(const NearestKeys& keys, double beta);

}  // namespace attnlaw::sample
