#pragma once
// Uniform points of S^2 (two_sphere.hpp) for many consecutive samples of one stream at once, bit
// for bit those of rng::uniform_on_two_sphere on each sample's own SampleSource: the Philox
// block of normal_batch's vector lanes, then the cosine, sine and square root for all lanes in
// one vectorised loop.
#include <cstddef>
#include <cstdint>

#include "verify/rng/normal_batch.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::rng {

// out[3 i + c] = coordinate c of rng::uniform_on_two_sphere(SampleSource(stream, replicate, first + i)),
// for i < count; out holds 3 count doubles.
void uniform_on_two_sphere_batch(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count,
                                 double* out) noexcept;

namespace detail {

// uniform_on_two_sphere_batch by the path for isa, which the CPU must have.
void uniform_on_two_sphere_batch_on(BatchIsa isa, StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                    std::size_t count, double* out) noexcept;

}  // namespace detail

}  // namespace attnlaw::rng
