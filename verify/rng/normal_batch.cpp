#include "verify/rng/normal_batch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

// GCC 12's AVX-512 intrinsics start from a deliberately undefined vector (_mm512_undefined_epi32),
// which -Wmaybe-uninitialized (and, once an AVX-512 function is called from two places,
// -Wuninitialized) reports wherever they are inlined (GCC bug 105593); the diagnostic state at the
// header's lines is what counts.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop

#include "verify/rng/normal.hpp"

namespace attnlaw::rng {
namespace {

using detail::BatchIsa;

// Samples per pass: the words, uniforms and normals of one pass stay in L1.
constexpr std::size_t kLanes = 256;

struct RoundKeys {
  std::uint32_t k0[10];
  std::uint32_t k1[10];
};

RoundKeys round_keys(StreamKey stream) noexcept {
  RoundKeys keys{};
  keys.k0[0] = stream.word0;
  keys.k1[0] = stream.word1;
  for (int round = 1; round < 10; ++round) {
    keys.k0[round] = keys.k0[round - 1] + 0x9E3779B9u;
    keys.k1[round] = keys.k1[round - 1] + 0xBB67AE85u;
  }
  return keys;
}

// SampleSource::uniform_from_bits on the 64 bits hi:lo without a 64-bit integer conversion,
// which AVX2 lacks: 2^52 + cell is built in the bits of a double, and subtracting 2^52 - 1/2
// leaves cell + 1/2 exactly (53 significant bits), then the exact scaling by 2^-52.
inline double uniform_from_words(std::uint32_t hi, std::uint32_t lo) noexcept {
  const std::uint64_t cell = (std::uint64_t{hi} << 20) | (lo >> 12);
  return (std::bit_cast<double>(cell | 0x4330000000000000u) - 0x1.fffffffffffffp51) * 0x1p-52;
}

// Word block `block` of the samples first + from .. first + lanes - 1, Philox4x32-10 as
// philox4x32_10 computes it, as the two uniforms it holds: u[i] from words 0, 1 and
// u[lanes + i] from words 2, 3 of sample first + i. 32-bit lanes throughout, the sample's
// high word carried by comparison, so that the loop vectorises 8 lanes wide.
inline void uniform_lanes_portable(const RoundKeys& keys, std::uint32_t block, std::uint32_t replicate,
                                   std::uint64_t first, std::size_t from, std::size_t lanes,
                                   double* __restrict u) noexcept {
  constexpr std::uint64_t m0 = 0xD2511F53u;
  constexpr std::uint64_t m1 = 0xCD9E8D57u;
  const auto lo_first = static_cast<std::uint32_t>(first);
  const auto hi_first = static_cast<std::uint32_t>(first >> 32);
  for (std::size_t i = from; i < lanes; ++i) {
    std::uint32_t x0 = block;
    std::uint32_t x1 = lo_first + static_cast<std::uint32_t>(i);
    std::uint32_t x2 = hi_first + static_cast<std::uint32_t>(x1 < lo_first);
    std::uint32_t x3 = replicate;
#pragma GCC unroll 10
    for (int round = 0; round < 10; ++round) {
      // The high halves as a multiply-high and the low ones as a 32-bit product: the vectoriser
      // keeps both in 32-bit lanes, where one 64-bit product would be split into halves by shuffles.
      const auto hi0 = static_cast<std::uint32_t>((m0 * x0) >> 32);
      const auto hi1 = static_cast<std::uint32_t>((m1 * x2) >> 32);
      const std::uint32_t lo0 = static_cast<std::uint32_t>(m0) * x0;
      const std::uint32_t lo1 = static_cast<std::uint32_t>(m1) * x2;
      x0 = hi1 ^ x1 ^ keys.k0[round];
      x1 = lo1;
      x2 = hi0 ^ x3 ^ keys.k1[round];
      x3 = lo0;
    }
    u[i] = uniform_from_words(x0, x1);
    u[lanes + i] = uniform_from_words(x2, x3);
  }
}

// uniform_from_words on four lanes, the words in the low halves of hi and lo.
__attribute__((target("avx2"))) inline __m256d uniforms_from_words(__m256i hi, __m256i lo) noexcept {
  const __m256i low_word = _mm256_set1_epi64x(0xffffffff);
  const __m256i cell = _mm256_or_si256(_mm256_slli_epi64(_mm256_and_si256(hi, low_word), 20),
                                       _mm256_srli_epi64(_mm256_and_si256(lo, low_word), 12));
  const __m256d biased = _mm256_castsi256_pd(_mm256_or_si256(cell, _mm256_set1_epi64x(0x4330000000000000)));
  return _mm256_mul_pd(_mm256_sub_pd(biased, _mm256_set1_pd(0x1.fffffffffffffp51)), _mm256_set1_pd(0x1p-52));
}

// The round keys, broadcast to every lane.
struct RoundKeyVectors {
  __m256i k0[10];
  __m256i k1[10];
};

// The uniforms of the 4 kVectors samples first + i, ..., four per 256-bit vector, each Philox word
// in the low half of a 64-bit lane: vpmuludq then gives the whole 32 x 32 -> 64 bit product of a
// round in one instruction, where GCC vectorises the portable loop with shuffles around every
// product, or (in 64-bit lanes) with shift-and-add sequences. The high halves of the lanes carry
// leftovers that neither the products nor the low words ever read; uniforms_from_words masks them
// off. Several vectors per call because one round's multiply, shift and xor form a chain of 5
// cycles: four independent chains keep the vector units busy (a third less time than one).
template <int kVectors>
__attribute__((target("avx2"))) inline void philox_vectors(const RoundKeyVectors& keys, std::uint32_t block,
                                                           std::uint32_t replicate, std::uint64_t first,
                                                           double* __restrict u01, double* __restrict u23) noexcept {
  const __m256i m0 = _mm256_set1_epi64x(0xD2511F53);
  const __m256i m1 = _mm256_set1_epi64x(0xCD9E8D57);
  __m256i x0[kVectors], x1[kVectors], x2[kVectors], x3[kVectors];
  for (int v = 0; v < kVectors; ++v) {
    // The 64-bit sample index wraps as the scalar counter does; its high word is x2.
    const __m256i sample =
        _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(first + 4 * v)), _mm256_set_epi64x(3, 2, 1, 0));
    x0[v] = _mm256_set1_epi64x(block);
    x1[v] = sample;
    x2[v] = _mm256_srli_epi64(sample, 32);
    x3[v] = _mm256_set1_epi64x(replicate);
  }
#pragma GCC unroll 10
  for (int round = 0; round < 10; ++round) {
#pragma GCC unroll 4
    for (int v = 0; v < kVectors; ++v) {
      const __m256i p0 = _mm256_mul_epu32(x0[v], m0);
      const __m256i p1 = _mm256_mul_epu32(x2[v], m1);
      x0[v] = _mm256_xor_si256(_mm256_srli_epi64(p1, 32), _mm256_xor_si256(x1[v], keys.k0[round]));
      x1[v] = p1;
      x2[v] = _mm256_xor_si256(_mm256_srli_epi64(p0, 32), _mm256_xor_si256(x3[v], keys.k1[round]));
      x3[v] = p0;
    }
  }
  for (int v = 0; v < kVectors; ++v) {
    _mm256_storeu_pd(u01 + 4 * v, uniforms_from_words(x0[v], x1[v]));
    _mm256_storeu_pd(u23 + 4 * v, uniforms_from_words(x2[v], x3[v]));
  }
}

// uniform_lanes_portable in AVX2 vectors; the last (lanes - from) % 4 by the portable loop.
__attribute__((target("avx2"))) void uniform_lanes_avx2(const RoundKeys& keys, std::uint32_t block,
                                                        std::uint32_t replicate, std::uint64_t first, std::size_t from,
                                                        std::size_t lanes, double* __restrict u) noexcept {
  RoundKeyVectors vectors;
  for (int round = 0; round < 10; ++round) {
    vectors.k0[round] = _mm256_set1_epi64x(keys.k0[round]);
    vectors.k1[round] = _mm256_set1_epi64x(keys.k1[round]);
  }
  std::size_t i = from;
  for (; i + 16 <= lanes; i += 16) philox_vectors<4>(vectors, block, replicate, first + i, u + i, u + lanes + i);
  for (; i + 4 <= lanes; i += 4) philox_vectors<1>(vectors, block, replicate, first + i, u + i, u + lanes + i);
  uniform_lanes_portable(keys, block, replicate, first, i, lanes, u);
}

// philox_vectors in 512-bit vectors, eight samples each; the three-way xor in one instruction.
template <int kVectors>
__attribute__((target("avx512f"))) inline void philox_vectors_512(const RoundKeys& keys, std::uint32_t block,
                                                                  std::uint32_t replicate, std::uint64_t first,
                                                                  double* __restrict u01,
                                                                  double* __restrict u23) noexcept {
  const __m512i m0 = _mm512_set1_epi64(0xD2511F53);
  const __m512i m1 = _mm512_set1_epi64(0xCD9E8D57);
  __m512i x0[kVectors], x1[kVectors], x2[kVectors], x3[kVectors];
  for (int v = 0; v < kVectors; ++v) {
    const __m512i sample = _mm512_add_epi64(_mm512_set1_epi64(static_cast<long long>(first + 8 * v)),
                                            _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0));
    x0[v] = _mm512_set1_epi64(block);
    x1[v] = sample;
    x2[v] = _mm512_srli_epi64(sample, 32);
    x3[v] = _mm512_set1_epi64(replicate);
  }
  constexpr int kXor3 = 0x96;  // the truth table of a ^ b ^ c
#pragma GCC unroll 10
  for (int round = 0; round < 10; ++round) {
    const __m512i k0 = _mm512_set1_epi64(keys.k0[round]), k1 = _mm512_set1_epi64(keys.k1[round]);
#pragma GCC unroll 4
    for (int v = 0; v < kVectors; ++v) {
      const __m512i p0 = _mm512_mul_epu32(x0[v], m0);
      const __m512i p1 = _mm512_mul_epu32(x2[v], m1);
      x0[v] = _mm512_ternarylogic_epi64(_mm512_srli_epi64(p1, 32), x1[v], k0, kXor3);
      x1[v] = p1;
      x2[v] = _mm512_ternarylogic_epi64(_mm512_srli_epi64(p0, 32), x3[v], k1, kXor3);
      x3[v] = p0;
    }
  }
  const __m512i low_word = _mm512_set1_epi64(0xffffffff);
  const __m512i exponent = _mm512_set1_epi64(0x4330000000000000);
  const __m512d offset = _mm512_set1_pd(0x1.fffffffffffffp51), scale = _mm512_set1_pd(0x1p-52);
  for (int v = 0; v < kVectors; ++v) {
    const __m512i cell01 = _mm512_or_si512(_mm512_slli_epi64(_mm512_and_si512(x0[v], low_word), 20),
                                           _mm512_srli_epi64(_mm512_and_si512(x1[v], low_word), 12));
    const __m512i cell23 = _mm512_or_si512(_mm512_slli_epi64(_mm512_and_si512(x2[v], low_word), 20),
                                           _mm512_srli_epi64(_mm512_and_si512(x3[v], low_word), 12));
    _mm512_storeu_pd(
        u01 + 8 * v,
        _mm512_mul_pd(_mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(cell01, exponent)), offset), scale));
    _mm512_storeu_pd(
        u23 + 8 * v,
        _mm512_mul_pd(_mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(cell23, exponent)), offset), scale));
  }
}

// uniform_lanes_portable in AVX-512 vectors (a quarter less time than AVX2 on the Zen 4 of the
// benchmarks, whose 512-bit units are 256 bits wide: fewer instructions to issue); the last
// lanes % 16 by uniform_lanes_avx2.
__attribute__((target("avx512f"))) void uniform_lanes_avx512(const RoundKeys& keys, std::uint32_t block,
                                                             std::uint32_t replicate, std::uint64_t first,
                                                             std::size_t lanes, double* __restrict u) noexcept {
  std::size_t i = 0;
  for (; i + 16 <= lanes; i += 16) philox_vectors_512<2>(keys, block, replicate, first + i, u + i, u + lanes + i);
  if (i < lanes) uniform_lanes_avx2(keys, block, replicate, first, i, lanes, u);
}

// The indices i < n of the tail lanes (|u[i] - 1/2| > 0.425) in increasing order, into at (which
// has room for 3 more), and their number: four lanes per compare, their indices packed by a table
// of the 16 masks. The scalar loop it replaces (a store and an add per lane, in one chain) took
// nearly as long as the whole tail formula.
__attribute__((target("avx2"))) std::size_t tail_lanes_avx2(const double* u, std::size_t n,
                                                            std::uint32_t* __restrict at) noexcept {
  alignas(16) static constexpr std::uint32_t kPacked[16][4] = {
      {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
      {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0}, {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
  const __m256d half = _mm256_set1_pd(0.5), bound = _mm256_set1_pd(0.425);
  const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffff));
  std::size_t tails = 0, i = 0;
  for (; i + 4 <= n; i += 4) {
    const __m256d q = _mm256_and_pd(_mm256_sub_pd(_mm256_loadu_pd(u + i), half), magnitude);
    const int mask = _mm256_movemask_pd(_mm256_cmp_pd(q, bound, _CMP_GT_OQ));
    const __m128i packed = _mm_load_si128(reinterpret_cast<const __m128i*>(kPacked[mask]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(at + tails),
                     _mm_add_epi32(packed, _mm_set1_epi32(static_cast<int>(i))));
    tails += static_cast<std::size_t>(__builtin_popcount(static_cast<unsigned>(mask)));
  }
  for (; i < n; ++i) {
    at[tails] = static_cast<std::uint32_t>(i);
    tails += std::abs(u[i] - 0.5) <= 0.425 ? 0u : 1u;
  }
  return tails;
}

// One pass per kLanes samples and per word block (two coordinates): uniforms, the central
// formula for every lane, the tail lanes gathered and done together, then the coordinates
// stored at their places in the rows of out. Inlined into one function per instruction set, where
// the loops are vectorised for it; the Philox lanes and the tail indices by intrinsics beyond the
// portable path. The same bits on every path: no fused multiply-add (-ffp-contract=off), exact
// integer arithmetic in the intrinsics.
template <BatchIsa kIsa>
[[gnu::always_inline]] inline void batch(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                         std::size_t count, std::size_t d, double* out) noexcept {
  constexpr bool kVector = kIsa != BatchIsa::portable;
  const RoundKeys keys = round_keys(stream);
  alignas(64) double u[2 * kLanes];
  alignas(64) double z[2 * kLanes];
  alignas(64) double smaller[2 * kLanes];
  alignas(64) std::uint32_t tail[2 * kLanes];
  alignas(64) std::uint32_t at[2 * kLanes + 4];
  alignas(64) double tail_q[2 * kLanes];
  alignas(64) double tail_r[2 * kLanes];
  alignas(64) double tail_z[2 * kLanes];
  for (std::size_t begin = 0; begin < count; begin += kLanes) {
    const std::size_t lanes = std::min(kLanes, count - begin);
    double* rows = out + begin * d;
    for (std::size_t c = 0; c < d; c += 2) {
      const auto block = static_cast<std::uint32_t>(c / 2);
      if constexpr (kIsa == BatchIsa::avx512f)
        uniform_lanes_avx512(keys, block, replicate, first + begin, lanes, u);
      else if constexpr (kIsa == BatchIsa::avx2)
        uniform_lanes_avx2(keys, block, replicate, first + begin, 0, lanes, u);
      else
        uniform_lanes_portable(keys, block, replicate, first + begin, 0, lanes, u);
      const std::size_t coordinates = std::min<std::size_t>(2, d - c);
      const std::size_t n = coordinates * lanes;
      // The smaller tail probability of every lane here, where the select is a vector blend: in the
      // gather below it was a branch on the sign, mispredicted for every other tail lane.
      for (std::size_t i = 0; i < n; ++i) {
        const double q = u[i] - 0.5;
        z[i] = detail::normal_quantile_central(q);
        if constexpr (!kVector) tail[i] = std::abs(q) <= 0.425 ? 0u : 1u;
        smaller[i] = q < 0 ? u[i] : 1.0 - u[i];
      }
      std::size_t tails = 0;
      if constexpr (kVector) {
        tails = tail_lanes_avx2(u, n, at);
      } else {
        for (std::size_t i = 0; i < n; ++i) {
          at[tails] = static_cast<std::uint32_t>(i);
          tails += tail[i];
        }
      }
      // The tail lanes, gathered, then log, sqrt and the near-tail formula for all of them at once;
      // the far tail (p < 1.4e-11 or > 1 - 1.4e-11) by the scalar formula.
      for (std::size_t t = 0; t < tails; ++t) {
        tail_q[t] = u[at[t]] - 0.5;
        tail_r[t] = smaller[at[t]];
      }
      for (std::size_t t = 0; t < tails; ++t) {
        const double r = std::sqrt(-detail::normal_quantile_tail_log(tail_r[t]));
        const double near = detail::normal_quantile_near_tail(r);
        tail_z[t] = tail_q[t] < 0 ? -near : near;
        tail_r[t] = r;
      }
      for (std::size_t t = 0; t < tails; ++t)
        z[at[t]] = tail_r[t] <= 5 ? tail_z[t] : detail::normal_quantile_tail(u[at[t]], tail_q[t]);
      // The two coordinates of a row are adjacent: one 16-byte store for both (SSE2, in every
      // x86-64), where two scalar stores a row made this copy a sixth of the time.
      if (coordinates == 2)
        for (std::size_t i = 0; i < lanes; ++i)
          _mm_storeu_pd(rows + i * d + c, _mm_unpacklo_pd(_mm_load_sd(z + i), _mm_load_sd(z + lanes + i)));
      else
        for (std::size_t i = 0; i < lanes; ++i) rows[i * d + c] = z[i];
    }
  }
}

__attribute__((target("avx512f"))) void batch_avx512f(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                                      std::size_t count, std::size_t d, double* out) noexcept {
  batch<BatchIsa::avx512f>(stream, replicate, first, count, d, out);
}

__attribute__((target("avx2"))) void batch_avx2(StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                                                std::size_t count, std::size_t d, double* out) noexcept {
  batch<BatchIsa::avx2>(stream, replicate, first, count, d, out);
}

void batch_portable(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count, std::size_t d,
                    double* out) noexcept {
  batch<BatchIsa::portable>(stream, replicate, first, count, d, out);
}

}  // namespace

bool detail::cpu_has(BatchIsa isa) noexcept {
  switch (isa) {
    case BatchIsa::avx512f: return __builtin_cpu_supports("avx512f");
    case BatchIsa::avx2: return __builtin_cpu_supports("avx2");
    default: return true;
  }
}

BatchIsa detail::widest_batch_isa() noexcept {
  for (const BatchIsa isa : {BatchIsa::avx512f, BatchIsa::avx2})
    if (cpu_has(isa)) return isa;
  return BatchIsa::portable;
}

void detail::normal_batch_on(BatchIsa isa, StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                             std::size_t count, std::size_t d, double* out) noexcept {
  switch (isa) {
    case BatchIsa::avx512f: batch_avx512f(stream, replicate, first, count, d, out); break;
    case BatchIsa::avx2: batch_avx2(stream, replicate, first, count, d, out); break;
    default: batch_portable(stream, replicate, first, count, d, out);
  }
}

void detail::block_uniforms_on(BatchIsa isa, StreamKey stream, std::uint32_t replicate, std::uint64_t first,
                               std::size_t count, double* out) noexcept {
  const RoundKeys keys = round_keys(stream);
  const std::size_t lanes = std::min(count, kLanes);
  switch (isa) {
    case BatchIsa::avx512f: uniform_lanes_avx512(keys, 0, replicate, first, lanes, out); break;
    case BatchIsa::avx2: uniform_lanes_avx2(keys, 0, replicate, first, 0, lanes, out); break;
    default: uniform_lanes_portable(keys, 0, replicate, first, 0, lanes, out);
  }
}

void normal_batch(StreamKey stream, std::uint32_t replicate, std::uint64_t first, std::size_t count, std::size_t d,
                  double* out) noexcept {
  static const BatchIsa widest = detail::widest_batch_isa();
  detail::normal_batch_on(widest, stream, replicate, first, count, d, out);
}

}  // namespace attnlaw::rng
