#pragma once
// The truncated sampler of uniform keys: the exact law of every key within the gap
// threshold that can carry weight at inverse temperature beta (theory/scaling_limits/THEORY.md §3,
// "Truncated sampler"). The mechanism, its stopping rule, its cost and its use of the replicate's
// sample indices (region sphere_truncated) are described in detail/truncated_shells.hpp;
// the conditional gap law in gap_laws.hpp (SphereGapLaw).
//
// Exact in law: the retained keys are exactly the keys of n i.i.d. uniform keys with gap
// <= threshold. The truncation's only effect is the omitted mass, bounded by
// neglected_log_mass_bound <= log(epsilon). A deterministic function of (stream, replicate).
#include <cstdint>
#include <span>

#include "verify/rng/philox_stream.hpp"
#include "verify/sample/nearest_keys.hpp"

namespace attnlaw::sample {

// The draw of a retained key's tangential direction u, d - 1 coordinates, from the key's own
// source after its gap: uniform on the unit sphere of q-perp (rng/sphere.hpp) for the theorem's
// keys; a claim that models another law passes its own.
using TangentialDirectionDraw = void (*)(rng::SampleSource& source, std::span<double> u);
void uniform_tangential_direction(rng::SampleSource& source, std::span<double> u);

// n <= 2^53, d >= 2, beta >= 0, 0 < epsilon < 1. Throws std::length_error if more than 2^26
// keys fall below the threshold (beta far below the critical scale at huge n).
NearestKeys sample_sphere_truncated(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, double beta,
                                    double epsilon = 1e-15, bool with_directions = false,
                                    TangentialDirectionDraw draw_direction = uniform_tangential_direction);

// The expected number of keys a replicate keeps (n times the gap law's mass below the
// threshold): (ln(n/epsilon)/gamma)^{(d-1)/2} up to constants in the critical window, so it is
// n-free but grows fast with d. The sampler refuses a replicate past 2^26 kept keys.
double expected_retained_sphere_keys(std::uint64_t n, int d, double beta, double epsilon = 1e-15);
inline constexpr double kMaxRetainedKeys = 67108864.0;  // 2^26, detail::max_retained_keys

}  // namespace attnlaw::sample
