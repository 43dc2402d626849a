#pragma once
// The K nearest of n uniform keys, exactly, at cost O(K) for any n <= 2^53
// (theory/scaling_limits/THEORY.md §3, "Exact top-K order-statistics sampler").
//
// Algorithm (Rényi representation of uniform order statistics): with Gamma_j = E_1 + ... + E_j,
// E_i i.i.d. Exp(1), and Gamma_{n+1} = Gamma_K + G, G ~ Gamma(n + 1 - K) independent, the
// vector (Gamma_j / Gamma_{n+1})_{j<=K} has the law of the K smallest of n i.i.d. uniforms;
// t_(j) = F^{-1}(U_(j)) with F the gap law (SphereGapLaw::quantile, fed with both U_(j) and
// 1 - U_(j) = (Gamma_K - Gamma_j + G)/Gamma_{n+1} so that neither tail loses digits).
// The Rényi core is uniform_order_statistics.hpp, shared with the score-row sampler.
// Directions are i.i.d. uniform on the sphere of q-perp, independent of the gaps.
// For d = 2, 3 the quantile is closed form; otherwise it is Boost.Math's ibeta_inv, about
// 6 us (d = 5) to 25 us (d = 4) per key. Gamma(n + 1 - K) at n ~ 1e12 uses Marsaglia–Tsang
// (rng/gamma.hpp), whose log test is then accurate to ~1e-4 in a proposal rejected with
// probability ~1e-3: a distortion far below the 1e-6 relative spread of G, which is all
// that G contributes to the t_(j).
//
// Sample indices (region sphere_top_k): offset 0 holds E_1..E_K (2 words each), offset 1
// holds G, offset 2 + j the direction of the (j+1)-th nearest key (2 (d - 1) words).
#include <cstdint>
#include <limits>

#include "verify/rng/philox_stream.hpp"
#include "verify/sample/nearest_keys.hpp"

namespace attnlaw::sample {

// 1 <= K <= n <= 2^53, d >= 2. threshold = t_(K): every omitted key lies beyond it.
// neglected_log_mass_bound = log(n - K) - beta (t_(K) - t_(1)) if beta is given, NaN if not
// (-inf when K = n); neglected_log_mass_bound(keys, beta) evaluates it afterwards.
NearestKeys sample_sphere_top_k(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, std::uint64_t K,
                                bool with_directions = false, double beta = std::numeric_limits<double>::quiet_NaN());

}  // namespace attnlaw::sample
