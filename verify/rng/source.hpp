#pragma once
// What a transform needs from its word stream, and which real types it computes in.
//
// A Source is the ordered word stream of one sample (SampleSource, or a test double):
// next_u64() returns the next 64 random bits (two 32-bit Philox words), and
// next_uniform() a double strictly inside (0,1) built from the next 64 bits.
// Transforms consume words only through these two calls, so "words consumed" in
// each header counts 32-bit words: two per call.
#include <concepts>
#include <cstdint>
#include <limits>

namespace attnlaw::rng {

template <class S>
concept uniform_source = requires(S& s) {
  { s.next_u64() } -> std::same_as<std::uint64_t>;
  { s.next_uniform() } -> std::same_as<double>;
};

// The uniform carries 52 bits; a type narrower than double would round it to 1.
template <class T>
concept real_type = std::numeric_limits<T>::is_specialized && !std::numeric_limits<T>::is_integer &&
                    std::numeric_limits<T>::digits >= 53;

}  // namespace attnlaw::rng
