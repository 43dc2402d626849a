#pragma once
// The normals of many consecutive samples of one stream at once, bit for bit those of the
// scalar path (rng::normal on each sample's own SampleSource), many times faster: Philox runs
// over a block of counters in vector lanes (AVX2 or AVX-512 where the CPU has them), the central region of
// PPND16 (about 85% of the draws) is evaluated for all lanes without branches, and the tail lanes
// are gathered and evaluated together, their log included (log_positive.hpp).
#include <cstddef>
#include <cstdint>

#include "verify/rng/philox_stream.hpp"

namespace attnlaw::rng {

// out[i d + c] = the (c+1)-th of d calls of rng::normal(SampleSource(stream, replicate, first + i)),
// for i < count and c < d; out holds count d doubles. Samples may cross a multiple of 2^32.
void normal_batch(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count, std::size_t d,
                  double* out) noexcept;

namespace detail {

// The instruction sets normal_batch has a path for; it takes the widest the CPU has.
enum class BatchIsa { portable, avx2, avx512f };

bool cpu_has(BatchIsa isa) noexcept;

// The widest instruction set the CPU has: the path the batches take.
BatchIsa widest_batch_isa() noexcept;

// normal_batch by the path for isa, which the CPU must have: the tests hold every path the CPU can
// run to the scalar one.
void normal_batch_on(BatchIsa isa, StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count,
                     std::size_t d, double* out) noexcept;

// The Philox part of normal_batch alone, which two_sphere_batch.cpp transforms and the benchmark
// that splits normal_batch's cost times (bench/rng/transform_candidates_bench.cpp): the two
// uniforms of word block 0 of samples
// first .. first + count - 1, count <= 256, as SampleSource would read them: out[i] from words 0
// and 1 of sample first + i, out[count + i] from words 2 and 3.
void block_uniforms_on(BatchIsa isa, StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count,
                       double* out) noexcept;

}  // namespace detail

}  // namespace attnlaw::rng
