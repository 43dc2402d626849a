#pragma once
// The natural logarithm of a positive finite double, in a form the compiler vectorises: the tail
// lanes of rng::normal_batch (about 15% of the normals) called glibc's scalar log one lane at a
// time, 15% of the batch's run time. normal.hpp computes its double tails with this function too,
// so that the batch and the scalar path give the same bits; as fast as glibc's log there (a
// division-based form without a table took twice its latency and slowed the scalar samplers).
//
// Method: x = 2^k m with m in [sqrt(1/2), sqrt(2)), read off the bits (a subnormal x is first
// scaled by 2^54, exactly). c = m rounded to 8 significant bits (steps of 2^-8 below 1, 2^-7
// above, so that c = 1 around 1), by integer rounding of the bits; m - c is exact (Sterbenz), and
// r = (m - c) / c, |r| <= 2^-8, is that times a tabulated 1/c. Then
//   log x = k ln 2 + log c + log(1 + r),  log(1 + r) = r + r^2 P(r)
// with P the Taylor polynomial to r^7 (truncation below 2^-59 of r), evaluated in a shallow tree
// for the scalar path's latency. k ln2_hi (exact: 32 significant bits, |k| < 1100) plus log c's
// leading part is rounded once, and that rounding error and the one of adding r are recovered
// exactly (Fast2Sum: the larger addend first, which the step sizes guarantee), then added with
// k ln2_lo, log c's trailing part and r^2 P(r) before the final rounding.
// log c to 64 bits comes from the compiler at compile time (GCC folds std::log on long double
// constants, correctly rounded, with MPFR): no table of literals to get wrong.
// Accuracy: within 0.51 ulp of log x for x <= 0.7 (the tails' min(p, 1 - p) <= 0.075 among
// them) and for x >= 1.5; within 1.1 ulp for x in (0.7, 1.5), where log x nears 0 and the
// rounding of r (of 1 / c, then of the product) no longer shrinks beside it (measured against
// long double on 2e6 points each in tests/unit/rng/log_positive_test.cpp and on 2e7 near 1;
// glibc's log is within 0.51 ulp, and differs from this one in 0.02% of the tail arguments).
// x = 0, negative, infinite or NaN: out of the domain, the result is meaningless (normal_quantile
// never passes them: 0 < min(p, 1 - p) <= 1/2).
// No fused multiply-add, so every instruction set gives the same bits (the files that vectorise
// it are built with -ffp-contract=off, see verify/rng/CMakeLists.txt).
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace attnlaw::rng {
namespace detail {

struct LogCentre {
  double inverse;  // 1 / c, rounded
  double log_hi;   // log c = log_hi + log_lo to 64 bits
  double log_lo;
};

inline constexpr std::uint64_t kSqrtHalfBits = 0x3fe6a09e667f3bcdu;  // sqrt(1/2) rounded to nearest
inline constexpr int kCentreShift = 45;                              // 52 - 7 kept fraction bits
inline constexpr std::uint64_t kCentreHalf = std::uint64_t{1} << (kCentreShift - 1);
inline constexpr std::uint64_t kFirstCentre = (kSqrtHalfBits + kCentreHalf) >> kCentreShift;
inline constexpr std::size_t kCentres = 129;  // c = 0x1.6ap-1 (0.70703125) to 0x1.6ap0 (1.4140625)

constexpr std::array<LogCentre, kCentres> log_centres() {
  std::array<LogCentre, kCentres> table{};
  for (std::size_t i = 0; i < kCentres; ++i) {
    const double c = std::bit_cast<double>((kFirstCentre + i) << kCentreShift);
    const long double log_c = std::log(static_cast<long double>(c));
    const auto hi = static_cast<double>(log_c);
    table[i] = {1 / c, hi, static_cast<double>(log_c - hi)};
  }
  return table;
}

inline constexpr std::array<LogCentre, kCentres> kLogCentres = log_centres();

}  // namespace detail

inline double log_positive(double x) noexcept {
  constexpr double kLn2Hi = 0x1.62e42fee00000p-1;
  constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
  constexpr std::uint64_t kOneBits = 0x3ff0000000000000u;
  constexpr std::uint64_t kMantissa = 0x000fffffffffffffu;
  const bool subnormal = x < 0x1p-1022;
  const double xs = subnormal ? x * 0x1p54 : x;
  // Shifted so that the exponent field of `shifted` is k + 1023 for m in [sqrt(1/2), sqrt(2)):
  // unsigned and logical shifts only, which AVX2 has for 64-bit lanes (no arithmetic shift).
  const std::uint64_t shifted = std::bit_cast<std::uint64_t>(xs) + (kOneBits - detail::kSqrtHalfBits);
  const std::uint64_t biased_k = shifted >> 52;
  const std::uint64_t m_bits = (shifted & kMantissa) + detail::kSqrtHalfBits;
  const double m = std::bit_cast<double>(m_bits);
  // k as a double without a 64-bit integer conversion (AVX2 has none): 2^52 + biased_k in the
  // bits, then the exact subtraction of 2^52 + 1023 (and of 54 for a scaled subnormal).
  const double k = std::bit_cast<double>(biased_k | 0x4330000000000000u) - (0x1p52 + 1023) - (subnormal ? 54 : 0);
  // Rounding the bits to 7 fraction bits rounds m to nearest across its binade's end as well.
  const std::uint64_t centre = (m_bits + detail::kCentreHalf) >> detail::kCentreShift;
  const double c = std::bit_cast<double>(centre << detail::kCentreShift);
  const detail::LogCentre& t = detail::kLogCentres[centre - detail::kFirstCentre];
  const double r = (m - c) * t.inverse;
  const double r2 = r * r;
  const double p = r2 * ((-0.5 + r * (1.0 / 3)) + r2 * ((-0.25 + r * 0.2) + r2 * (-1.0 / 6 + r * (1.0 / 7))));
  const double k_hi = k * kLn2Hi;
  const double hi = k_hi + t.log_hi;
  const double hi_error = (k_hi - hi) + t.log_hi;
  const double w = hi + r;
  const double w_error = (hi - w) + r;
  return w + (((k * kLn2Lo + t.log_lo) + (hi_error + w_error)) + p);
}

}  // namespace attnlaw::rng
