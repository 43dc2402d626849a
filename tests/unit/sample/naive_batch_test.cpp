// The naive sampler's batched default draw visits the keys of the scalar loop (one SampleSource
// and UniformOnSphere's scalar draw per key: the cylinder at d = 3, normalised normals otherwise),
// in the same order and bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/sample/sphere_naive.hpp"

namespace {

using namespace attnlaw;

// The same draw as UniformOnSphere under another type, so for_each_naive_sphere_key takes its
// scalar path.
struct ScalarUniformOnSphere {
  void operator()(rng::SampleSource& source, std::span<double> key) const { sample::UniformOnSphere{}(source, key); }
};

struct Visited {
  std::vector<std::uint64_t> index;
  std::vector<std::uint64_t> bits;
};

template <class DrawKey>
Visited visit_all(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::size_t d) {
  Visited visited;
  sample::for_each_naive_sphere_key(
      stream, replicate, n, d,
      [&](std::uint64_t j, std::span<const double> key) {
        visited.index.push_back(j);
        for (const double x : key) visited.bits.push_back(std::bit_cast<std::uint64_t>(x));
      },
      DrawKey{});
  return visited;
}

TEST(NaiveSphereBatch, VisitsTheScalarLoopsKeysBitForBit) {
  const rng::StreamKey stream = rng::stream_key(20261130, {"SL.test", "naive", "batch"});
  const std::uint64_t sizes[] = {0, 1, 255, 256, 257, 1000, 5000};
  const std::size_t dimensions[] = {1, 2, 3, 5, 16, 64};
  for (const std::uint64_t n : sizes)
    for (const std::size_t d : dimensions) {
      if (n * d > 100000) continue;
      const Visited batched = visit_all<sample::UniformOnSphere>(stream, 4, n, d);
      const Visited scalar = visit_all<ScalarUniformOnSphere>(stream, 4, n, d);
      ASSERT_EQ(batched.index.size(), n);
      EXPECT_EQ(batched.index, scalar.index) << "n " << n << " d " << d;
      EXPECT_EQ(batched.bits, scalar.bits) << "n " << n << " d " << d;
    }
}

}  // namespace
