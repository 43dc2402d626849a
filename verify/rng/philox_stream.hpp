#pragma once
// Counter-based random streams: every draw is a pure function of
// (seed, the names of its stream, replicate, sample index, word index),
// so results cannot depend on threads, scheduling or process count.
//
// Layout (theory/statistics/THEORY.md §9, with a 64-bit sample index since n reaches 1e12):
//   key     = stream_key: FNV-1a 64 of the stream's names, each followed by the unit separator 0x1f,
//             its low word and its high word XOR seed
//             (make_key, the older form: (hash32(claim id ∥ '/' ∥ experiment), seed))
//   counter = (word block within the sample, sample lo32, sample hi32, replicate)
// A sample owns 2^32 blocks of four 32-bit words, so rejection samplers that
// consume a variable number of words never shift another sample's draws.
//
// Philox4x32-10 is written out here (Salmon, Moraes, Dror, Shaw, "Parallel random
// numbers: as easy as 1, 2, 3", SC'11, §4) rather than called through Random123 so
// that it inlines into every transform: a draw then costs a few nanoseconds.
// tests/unit/rng checks it against the Random123 known-answer vectors and against
// the Random123 header itself.
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace attnlaw::rng {

// FNV-1a, 32 bit: stable across compilers and platforms, unlike std::hash.
constexpr std::uint32_t hash32(std::string_view text) noexcept {
  std::uint32_t h = 2166136261u;
  for (char c : text) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 16777619u;
  }
  return h;
}

// FNV-1a, 64 bit.
constexpr std::uint64_t hash64(std::string_view text) noexcept {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : text) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 1099511628211ull;
  }
  return h;
}

// The two 32-bit key words of Philox4x32.
struct StreamKey {
  std::uint32_t word0 = 0;
  std::uint32_t word1 = 0;
};

StreamKey make_key(std::uint32_t seed, std::string_view claim_id, std::string_view experiment);

// The key of the stream named by `names` (for a claim: its id, the experiment, the point's
// canonical label and the stream's own name) under `seed`. A 64-bit hash, so that the thousands
// of streams of a battery do not collide (32 bits would, with probability ~1e-3).
StreamKey stream_key(std::uint32_t seed, std::initializer_list<std::string_view> names);

using Block = std::array<std::uint32_t, 4>;

// Philox4x32-10 on one counter block. The multipliers and the Weyl key increments
// (golden ratio and sqrt(3)-1 in 32-bit fixed point) are those of the SC'11 paper.
constexpr Block philox4x32_10(const Block& counter, const std::array<std::uint32_t, 2>& key) noexcept {
  constexpr std::uint64_t m0 = 0xD2511F53u;
  constexpr std::uint64_t m1 = 0xCD9E8D57u;
  constexpr std::uint32_t w0 = 0x9E3779B9u;
  constexpr std::uint32_t w1 = 0xBB67AE85u;
  Block x = counter;
  std::uint32_t k0 = key[0];
  std::uint32_t k1 = key[1];
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 += w0;
      k1 += w1;
    }
    const std::uint64_t p0 = m0 * x[0];
    const std::uint64_t p1 = m1 * x[2];
    x = {static_cast<std::uint32_t>(p1 >> 32) ^ x[1] ^ k0, static_cast<std::uint32_t>(p1),
         static_cast<std::uint32_t>(p0 >> 32) ^ x[3] ^ k1, static_cast<std::uint32_t>(p0)};
  }
  return x;
}

// The words of one sample, read in order; the source of every transform.
class SampleSource {
 public:
  SampleSource(StreamKey key, std::uint32_t replicate, std::uint64_t sample) noexcept
      : key_{key.word0, key.word1},
        counter_{0u, static_cast<std::uint32_t>(sample), static_cast<std::uint32_t>(sample >> 32), replicate} {}

  std::uint64_t next_u64() noexcept {
    if (word_ == 4) refill();
    const std::uint64_t hi = block_[word_];
    const std::uint64_t lo = block_[word_ + 1];
    word_ += 2;
    return (hi << 32) | lo;
  }

  // Uniform on the open interval (0,1): ((x >> 12) + 0.5) 2^-52, the midpoints of
  // 2^52 equal cells. Every value and its complement 1 - u are exact doubles, so
  // transforms may use either tail without rounding. (With 53 bits, (k + 0.5) needs
  // 54 significant bits; for k = 2^53 - 1 it rounds to 2^53 and u would be 1.)
  double next_uniform() noexcept { return uniform_from_bits(next_u64()); }

  static constexpr double uniform_from_bits(std::uint64_t bits) noexcept {
    return (static_cast<double>(bits >> 12) + 0.5) * 0x1.0p-52;
  }

 private:
  void refill() noexcept {
    block_ = philox4x32_10(counter_, key_);
    ++counter_[0];
    word_ = 0;
  }

  std::array<std::uint32_t, 2> key_;
  Block counter_;
  Block block_{};
  unsigned word_ = 4;
};

}  // namespace attnlaw::rng
