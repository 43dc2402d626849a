#include "verify/rng/normal_batch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "verify/rng/normal.hpp"

namespace attnlaw::rng {
namespace {

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

// Word block `block` of the samples first .. first + lanes - 1, Philox4x32-10 as
// philox4x32_10 computes it, as the two uniforms it holds: u[i] from words 0, 1 and
// u[lanes + i] from words 2, 3 of sample first + i. 32-bit lanes throughout, the sample's
// high word carried by comparison, so that the loop vectorises 8 lanes wide.
inline void uniform_lanes(const RoundKeys& keys, std::uint32_t block, std::uint32_t replicate, std::uint64_t first,
                          std::size_t lanes, double* __restrict u) noexcept {
  constexpr std::uint64_t m0 = 0xD2511F53u;
  constexpr std::uint64_t m1 = 0xCD9E8D57u;
  const auto lo_first = static_cast<std::uint32_t>(first);
  const auto hi_first = static_cast<std::uint32_t>(first >> 32);
  for (std::size_t i = 0; i < lanes; ++i) {
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

}  // namespace

// One pass per kLanes samples and per word block (two coordinates): uniforms, the central
// formula for every lane, the tail lanes redone by the scalar formula, then the coordinates
// stored at their places in the rows of out.
__attribute__((target_clones("avx2", "default"))) void normal_batch(StreamKey stream, std::uint32_t replicate,
                                                                    std::uint64_t first, std::size_t count,
                                                                    std::size_t d, double* out) noexcept {
  const RoundKeys keys = round_keys(stream);
  alignas(64) double u[2 * kLanes];
  alignas(64) double z[2 * kLanes];
  alignas(64) std::uint32_t tail[2 * kLanes];
  alignas(64) std::uint32_t at[2 * kLanes];
  alignas(64) double tail_q[2 * kLanes];
  alignas(64) double tail_r[2 * kLanes];
  alignas(64) double tail_z[2 * kLanes];
  for (std::size_t begin = 0; begin < count; begin += kLanes) {
    const std::size_t lanes = std::min(kLanes, count - begin);
    double* rows = out + begin * d;
    for (std::size_t c = 0; c < d; c += 2) {
      uniform_lanes(keys, static_cast<std::uint32_t>(c / 2), replicate, first + begin, lanes, u);
      const std::size_t coordinates = std::min<std::size_t>(2, d - c);
      const std::size_t n = coordinates * lanes;
      for (std::size_t i = 0; i < n; ++i) {
        const double q = u[i] - 0.5;
        z[i] = detail::normal_quantile_central(q);
        tail[i] = std::abs(q) <= 0.425 ? 0u : 1u;
      }
      std::size_t tails = 0;
      for (std::size_t i = 0; i < n; ++i) {
        at[tails] = static_cast<std::uint32_t>(i);
        tails += tail[i];
      }
      // The tail lanes, gathered, then log, sqrt and the near-tail formula for all of them at once;
      // the far tail (p < 1.4e-11 or > 1 - 1.4e-11) by the scalar formula.
      for (std::size_t t = 0; t < tails; ++t) {
        const double p = u[at[t]];
        tail_q[t] = p - 0.5;
        tail_r[t] = tail_q[t] < 0 ? p : 1.0 - p;
      }
      for (std::size_t t = 0; t < tails; ++t) {
        const double r = std::sqrt(-detail::normal_quantile_tail_log(tail_r[t]));
        const double near = detail::normal_quantile_near_tail(r);
        tail_z[t] = tail_q[t] < 0 ? -near : near;
        tail_r[t] = r;
      }
      for (std::size_t t = 0; t < tails; ++t)
        z[at[t]] = tail_r[t] <= 5 ? tail_z[t] : detail::normal_quantile_tail(u[at[t]], tail_q[t]);
      for (std::size_t i = 0; i < lanes; ++i) rows[i * d + c] = z[i];
      if (coordinates == 2)
        for (std::size_t i = 0; i < lanes; ++i) rows[i * d + c + 1] = z[lanes + i];
    }
  }
}

}  // namespace attnlaw::rng
