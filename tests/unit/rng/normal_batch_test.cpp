// rng::normal_batch against the scalar path it replaces, bit for bit: every sample's d normals
// from its own SampleSource through rng::normal; with the AVX2 Philox lanes (where the CPU has
// them) and with the portable ones.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "verify/rng/normal.hpp"
#include "verify/rng/normal_batch.hpp"
#include "verify/rng/philox_stream.hpp"

namespace {

using attnlaw::rng::SampleSource;
using attnlaw::rng::StreamKey;

using Batch = void (*)(StreamKey, std::uint32_t, std::uint64_t, std::size_t, std::size_t, double*) noexcept;

// The number of (i, c) whose bits differ from the scalar path, in either batch; counts the tail
// draws it checked.
std::size_t mismatches(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count, std::size_t d,
                       std::size_t& tail_draws) {
  std::vector<double> batch(count * d), portable(count * d);
  attnlaw::rng::normal_batch(stream, replicate, first, count, d, batch.data());
  attnlaw::rng::detail::normal_batch_portable(stream, replicate, first, count, d, portable.data());
  std::size_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) {
    SampleSource source(stream, replicate, first + i);
    for (std::size_t c = 0; c < d; ++c) {
      const double z = attnlaw::rng::normal(source);
      if (std::abs(z) > 1.4) ++tail_draws;  // Phi^{-1}(0.925) = 1.44: only the tails reach past it
      if (std::bit_cast<std::uint64_t>(z) != std::bit_cast<std::uint64_t>(batch[i * d + c])) ++bad;
      if (std::bit_cast<std::uint64_t>(z) != std::bit_cast<std::uint64_t>(portable[i * d + c])) ++bad;
    }
  }
  return bad;
}

TEST(NormalBatch, EqualsTheScalarPathBitForBit) {
  const StreamKey streams[] = {attnlaw::rng::make_key(1, "rng.batch", "a"),
                               attnlaw::rng::stream_key(20261130, {"SL.test", "batch", "n=1e6", "keys"}),
                               StreamKey{0xffffffffu, 0xffffffffu}};
  const std::uint64_t firsts[] = {0,
                                  1,
                                  255,
                                  1000,
                                  (std::uint64_t{1} << 32) - 3,
                                  (std::uint64_t{1} << 32) + 7,
                                  (std::uint64_t{7} << 32) - 200,
                                  ~std::uint64_t{0} - 1000};
  const std::size_t counts[] = {1, 3, 7, 8, 9, 255, 256, 257, 700};
  const std::size_t dimensions[] = {1, 2, 3, 5, 16, 64};
  std::size_t tail_draws = 0;
  std::size_t draws = 0;
  std::uint32_t replicate = 0;
  for (const StreamKey& stream : streams)
    for (std::uint64_t first : firsts)
      for (std::size_t count : counts)
        for (std::size_t d : dimensions) {
          if (count * d > 20000) continue;
          replicate = replicate * 2654435761u + 1;
          EXPECT_EQ(mismatches(stream, replicate, first, count, d, tail_draws), 0u)
              << "first " << first << " count " << count << " d " << d;
          draws += count * d;
        }
  // About 15% of the draws fall in the tails.
  EXPECT_GT(tail_draws, draws / 10);
}

TEST(NormalBatch, BothTailsAndTheRegionBoundaryAreTheScalarOnes) {
  for (const Batch normal_batch :
       {Batch{attnlaw::rng::normal_batch}, Batch{attnlaw::rng::detail::normal_batch_portable}}) {
    // 600000 draws cross the region boundary |q| = 0.425 many times on both sides (the far tails,
    // r > 5, need p < 1.4e-11 and stay out of reach; the batch hands them to the same scalar code).
    const StreamKey stream = attnlaw::rng::make_key(7, "rng.batch", "tails");
    constexpr std::size_t kCount = 200000;
    constexpr std::size_t kD = 3;
    std::vector<double> batch(kCount * kD);
    normal_batch(stream, 11, (std::uint64_t{1} << 32) - kCount / 2, kCount, kD, batch.data());
    std::size_t lower = 0, upper = 0, bad = 0;
    for (std::size_t i = 0; i < kCount; ++i) {
      SampleSource source(stream, 11, (std::uint64_t{1} << 32) - kCount / 2 + i);
      for (std::size_t c = 0; c < kD; ++c) {
        const double p = source.next_uniform();
        const double z = attnlaw::rng::normal_quantile(p);
        if (p - 0.5 < -0.425) ++lower;
        if (p - 0.5 > 0.425) ++upper;
        if (std::bit_cast<std::uint64_t>(z) != std::bit_cast<std::uint64_t>(batch[i * kD + c])) ++bad;
      }
    }
    EXPECT_EQ(bad, 0u);
    EXPECT_GT(lower, 0u);
    EXPECT_GT(upper, 0u);
  }
}

}  // namespace
