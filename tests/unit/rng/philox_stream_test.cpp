// Philox4x32-10 and the per-sample streams: known answers, layout, purity, threads.
#include <Random123/philox.h>
#include <gtest/gtest.h>
#include <omp.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "verify/rng/exponential.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/poisson.hpp"
#include "verify/rng/sphere.hpp"

namespace {

using attnlaw::rng::Block;
using attnlaw::rng::SampleSource;
using attnlaw::rng::StreamKey;

struct KnownAnswer {
  Block counter;
  std::array<std::uint32_t, 2> key;
  Block expected;
};

// Random123 known-answer vectors, file examples/kat_vectors of Random123
// (D. E. Shaw Research, github.com/DEShawResearch/random123), the three "philox4x32 10"
// lines: zero, all-ones and pi-digit counter/key. Columns: CTR[4] KEY[2] -> EXPECTED[4].
// The first also appears in theory/statistics/THEORY.md §9/§10.
// The remaining rows are from the expanded vector table of the Random123 manual
// (github.com/girving/random123-manual, examples/kat_vectors, "philox4x32 10" rows with
// single-bit and pi-digit inputs).
constexpr std::array<KnownAnswer, 7> kKnownAnswers = {{
    {{0x00000000, 0x00000000, 0x00000000, 0x00000000},
     {0x00000000, 0x00000000},
     {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
    {{0x00000001, 0x00000000, 0x00000000, 0x00000000},
     {0x00000001, 0x00000000},
     {0xac08141b, 0xdfc5ccbe, 0x79c07a47, 0xa7f66093}},
    {{0x00000000, 0x00000000, 0x00000000, 0x80000000},
     {0x00000000, 0x00000001},
     {0x0436a39b, 0x31be9efa, 0x6abd0c76, 0xe7a68f83}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0x00000001, 0x00000000},
     {0x38527b8f, 0xfad9a48c, 0x20e675c0, 0xf2fea26a}},
    {{0x452821e6, 0x38d01377, 0xbe5466cf, 0x34e90c6c},
     {0x00000000, 0x80000000},
     {0x94ca5566, 0x14924b2f, 0x28214292, 0x59faeaee}},
}};

TEST(Philox, KnownAnswerVectors) {
  for (const auto& kat : kKnownAnswers) {
    EXPECT_EQ(attnlaw::rng::philox4x32_10(kat.counter, kat.key), kat.expected);
  }
}

TEST(Philox, IsConstexpr) {
  // Zero-key vector again, evaluated by the compiler.
  static_assert(attnlaw::rng::philox4x32_10({0, 0, 0, 0}, {0, 0})[0] == 0x6627e8d5u);
}

// The Random123 header is an independent implementation of the same function.
TEST(Philox, AgreesWithRandom123Header) {
  r123::Philox4x32_R<10> reference;
  std::uint32_t x = 12345;
  auto next = [&x] {  // LCG (Numerical Recipes constants): input variety only
    x = 1664525u * x + 1013904223u;
    return x;
  };
  for (int i = 0; i < 10000; ++i) {
    const Block c = {next(), next(), next(), next()};
    const std::array<std::uint32_t, 2> k = {next(), next()};
    const auto r = reference({{c[0], c[1], c[2], c[3]}}, {{k[0], k[1]}});
    ASSERT_EQ(attnlaw::rng::philox4x32_10(c, k), (Block{r[0], r[1], r[2], r[3]})) << "input " << i;
  }
}

// SampleSource follows the layout of philox_stream.hpp:
// counter = (block, sample lo32, sample hi32, replicate), key = (label hash, seed),
// words read in block order, two per next_u64 (first word high).
TEST(SampleSource, CounterLayout) {
  const StreamKey key{0xdeadbeef, 42};
  const std::uint64_t sample = 0x0000'00e8'd4a5'1000ull;  // 1e12
  const std::uint32_t replicate = 7;
  SampleSource source(key, replicate, sample);
  for (std::uint32_t block = 0; block < 3; ++block) {
    const Block w = attnlaw::rng::philox4x32_10({block, 0xd4a51000u, 0xe8u, replicate}, {0xdeadbeef, 42});
    EXPECT_EQ(source.next_u64(), (std::uint64_t{w[0]} << 32) | w[1]);
    EXPECT_EQ(source.next_u64(), (std::uint64_t{w[2]} << 32) | w[3]);
  }
}

TEST(SampleSource, MakeKeyHashesClaimAndExperiment) {
  // FNV-1a 32 of "" is the offset basis 0x811c9dc5 and of "a" 0xe40c292c (published
  // test values of the FNV reference, isthe.com/chongo/tech/comp/fnv).
  static_assert(attnlaw::rng::hash32("") == 0x811c9dc5u);
  static_assert(attnlaw::rng::hash32("a") == 0xe40c292cu);
  const StreamKey key = attnlaw::rng::make_key(9, "SL.claim", "exp");
  EXPECT_EQ(key.word1, 9u);
  EXPECT_EQ(key.word0, attnlaw::rng::hash32("SL.claim/exp"));
}

TEST(SampleSource, StreamKeyHashesEveryNameWithItsSeparator) {
  // FNV-1a 64 of "" is the offset basis 0xcbf29ce484222325 and of "a" 0xaf63dc4c8601ec8c (FNV reference).
  static_assert(attnlaw::rng::hash64("") == 0xcbf29ce484222325ull);
  static_assert(attnlaw::rng::hash64("a") == 0xaf63dc4c8601ec8cull);
  const std::uint64_t h = attnlaw::rng::hash64(
      "SL.claim\x1f"
      "window\x1f"
      "d=3\x1f"
      "\x1f");
  const StreamKey key = attnlaw::rng::stream_key(9, {"SL.claim", "window", "d=3", ""});
  EXPECT_EQ(key.word0, static_cast<std::uint32_t>(h));
  EXPECT_EQ(key.word1, static_cast<std::uint32_t>(h >> 32) ^ 9u);
  // The separators keep the names apart: ("ab", "c") and ("a", "bc") are different streams.
  const StreamKey ab = attnlaw::rng::stream_key(9, {"ab", "c"});
  const StreamKey a = attnlaw::rng::stream_key(9, {"a", "bc"});
  EXPECT_TRUE(ab.word0 != a.word0 || ab.word1 != a.word1);
}

// A source whose every word is the same, to reach the extremes of the uniform map.
struct ConstantSource {
  std::uint64_t word;
  std::uint64_t next_u64() { return word; }
  double next_uniform() { return SampleSource::uniform_from_bits(word); }
};

TEST(Uniform, StrictlyInsideTheUnitInterval) {
  // Closed form: ((x >> 12) + 1/2) 2^-52 at x = 0 and x = 2^64 - 1.
  EXPECT_EQ(SampleSource::uniform_from_bits(0), 0x1.0p-53);
  EXPECT_EQ(SampleSource::uniform_from_bits(~std::uint64_t{0}), 1 - 0x1.0p-53);
  EXPECT_LT(SampleSource::uniform_from_bits(~std::uint64_t{0}), 1.0);
  // Symmetric grid: 1 - u is again a grid point, exactly.
  for (std::uint64_t x : {std::uint64_t{0}, std::uint64_t{1} << 40, ~std::uint64_t{0} >> 1, ~std::uint64_t{0}}) {
    const double u = SampleSource::uniform_from_bits(x);
    EXPECT_EQ(1 - u, SampleSource::uniform_from_bits(~x));
  }
  for (std::uint64_t w : {std::uint64_t{0}, ~std::uint64_t{0}}) {
    ConstantSource s{w};
    const double e = attnlaw::rng::exponential(s);
    const double z = attnlaw::rng::normal(s);
    EXPECT_TRUE(std::isfinite(e) && e > 0) << e;
    EXPECT_TRUE(std::isfinite(z)) << z;
    EXPECT_GT(std::fabs(z), 8.0);  // Phi^{-1}(2^-53) = -8.2095...
    std::array<double, 5> x{};
    attnlaw::rng::uniform_on_sphere(s, std::span<double>(x));
    for (double xi : x) EXPECT_NEAR(xi, std::copysign(1 / std::sqrt(5.0), z), 1e-15);
  }
  SampleSource source({1, 2}, 3, 4);
  for (int i = 0; i < 100000; ++i) {
    const double u = source.next_uniform();
    ASSERT_TRUE(u > 0 && u < 1);
  }
}

// A draw is a function of (key, replicate, sample) only: what was drawn before,
// in this or another sample, does not matter.
TEST(SampleSource, DrawDependsOnlyOnItsSample) {
  const StreamKey key = attnlaw::rng::make_key(20261130, "rng.test", "purity");
  const attnlaw::rng::poisson_distribution poisson(37.5);  // PTRS: a variable word count
  std::vector<std::uint64_t> sequential;
  for (std::uint64_t i = 0; i <= 17; ++i) {
    SampleSource s(key, 3, i);
    sequential.push_back(poisson(s));
    (void)attnlaw::rng::normal(s);  // consume more words of the same sample
  }
  SampleSource alone(key, 3, 17);
  EXPECT_EQ(poisson(alone), sequential[17]);
  // Different replicate, seed or label: a different stream.
  SampleSource a(key, 3, 17), b(key, 4, 17), c({key.word0, key.word1 + 1}, 3, 17),
      d({key.word0 ^ 1u, key.word1}, 3, 17);
  const std::uint64_t wa = a.next_u64();
  EXPECT_NE(wa, b.next_u64());
  EXPECT_NE(wa, c.next_u64());
  EXPECT_NE(wa, d.next_u64());
}

TEST(SampleSource, ParallelFillIsBitwiseSerialFill) {
  const StreamKey key = attnlaw::rng::make_key(1, "rng.test", "threads");
  constexpr std::int64_t n = 200000;
  auto draw = [&](std::int64_t i) {
    SampleSource s(key, 0, static_cast<std::uint64_t>(i));
    return attnlaw::rng::normal(s) + attnlaw::rng::exponential(s);
  };
  std::vector<double> serial(n), parallel(n);
  for (std::int64_t i = 0; i < n; ++i) serial[static_cast<std::size_t>(i)] = draw(i);
#pragma omp parallel for schedule(dynamic, 997) num_threads(4)
  for (std::int64_t i = 0; i < n; ++i) parallel[static_cast<std::size_t>(i)] = draw(i);
  for (std::int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(std::bit_cast<std::uint64_t>(serial[static_cast<std::size_t>(i)]),
              std::bit_cast<std::uint64_t>(parallel[static_cast<std::size_t>(i)]))
        << "sample " << i;
  }
}

}  // namespace
