// rng::normal_batch against the scalar path it replaces, bit for bit: every sample's d normals
// from its own SampleSource through rng::normal; on every instruction set's path the CPU can run
// (portable, AVX2, AVX-512), each by detail::normal_batch_on, and by normal_batch's own choice.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "verify/rng/normal.hpp"
#include "verify/rng/normal_batch.hpp"
#include "verify/rng/philox_stream.hpp"

namespace {

using attnlaw::rng::SampleSource;
using attnlaw::rng::StreamKey;

using attnlaw::rng::detail::BatchIsa;

// The paths this CPU can run.
std::vector<BatchIsa> paths() {
  std::vector<BatchIsa> runnable;
  for (const BatchIsa isa : {BatchIsa::portable, BatchIsa::avx2, BatchIsa::avx512f})
    if (attnlaw::rng::detail::cpu_has(isa)) runnable.push_back(isa);
  return runnable;
}

// The normals of normal_batch, then of each path.
std::vector<std::vector<double>> batches(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                         std::size_t count, std::size_t d) {
  std::vector<std::vector<double>> out(1, std::vector<double>(count * d));
  attnlaw::rng::normal_batch(stream, replicate, first, count, d, out[0].data());
  for (const BatchIsa isa : paths()) {
    out.emplace_back(count * d);
    attnlaw::rng::detail::normal_batch_on(isa, stream, replicate, first, count, d, out.back().data());
  }
  return out;
}

// The number of (i, c, batch) whose bits differ from the scalar path; counts the tail draws it
// checked.
std::size_t mismatches(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count, std::size_t d,
                       std::size_t& tail_draws) {
  const std::vector<std::vector<double>> all = batches(stream, replicate, first, count, d);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) {
    SampleSource source(stream, replicate, first + i);
    for (std::size_t c = 0; c < d; ++c) {
      const double z = attnlaw::rng::normal(source);
      if (std::abs(z) > 1.4) ++tail_draws;  // Phi^{-1}(0.925) = 1.44: only the tails reach past it
      for (const std::vector<double>& batch : all)
        if (std::bit_cast<std::uint64_t>(z) != std::bit_cast<std::uint64_t>(batch[i * d + c])) ++bad;
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
  // 600000 draws cross the region boundary |q| = 0.425 many times on both sides (the far tails,
  // r > 5, need p < 1.4e-11 and stay out of reach; the batch hands them to the same scalar code).
  const StreamKey stream = attnlaw::rng::make_key(7, "rng.batch", "tails");
  constexpr std::size_t kCount = 200000;
  constexpr std::size_t kD = 3;
  constexpr std::uint64_t kFirst = (std::uint64_t{1} << 32) - kCount / 2;
  const std::vector<std::vector<double>> all = batches(stream, 11, kFirst, kCount, kD);
  std::size_t lower = 0, upper = 0, bad = 0;
  for (std::size_t i = 0; i < kCount; ++i) {
    SampleSource source(stream, 11, kFirst + i);
    for (std::size_t c = 0; c < kD; ++c) {
      const double p = source.next_uniform();
      const double z = attnlaw::rng::normal_quantile(p);
      if (p - 0.5 < -0.425) ++lower;
      if (p - 0.5 > 0.425) ++upper;
      for (const std::vector<double>& batch : all)
        if (std::bit_cast<std::uint64_t>(z) != std::bit_cast<std::uint64_t>(batch[i * kD + c])) ++bad;
    }
  }
  EXPECT_EQ(bad, 0u);
  EXPECT_GT(lower, 0u);
  EXPECT_GT(upper, 0u);
  RecordProperty("paths", std::to_string(all.size() - 1));
}

TEST(NormalBatch, BlockUniformsAreTheSampleSourcesFirstTwo) {
  // The benchmark hook that times Philox alone reads the same words as SampleSource on every path.
  const StreamKey stream = attnlaw::rng::make_key(3, "rng.batch", "blocks");
  for (const std::uint64_t first : {std::uint64_t{0}, (std::uint64_t{1} << 32) - 100})
    for (const std::size_t count : {std::size_t{1}, std::size_t{17}, std::size_t{256}})
      for (const BatchIsa isa : paths()) {
        std::vector<double> u(2 * count);
        attnlaw::rng::detail::block_uniforms_on(isa, stream, 5, first, count, u.data());
        for (std::size_t i = 0; i < count; ++i) {
          SampleSource source(stream, 5, first + i);
          EXPECT_EQ(u[i], source.next_uniform()) << "sample " << first + i;
          EXPECT_EQ(u[count + i], source.next_uniform()) << "sample " << first + i;
        }
      }
}

}  // namespace
