#pragma once
// The natural logarithm of a positive finite double, in a form the compiler vectorises: the tail
// lanes of rng::normal_batch (about 15% of the normals) called glibc's scalar log one lane at a
// time, 15% of the batch's run time. normal.hpp computes its double tails with this function too,
// so that the batch and the scalar path give the same bits.
//
// Method: x = 2^k m with m in [sqrt(1/2), sqrt(2)), read off the bits (a subnormal x is first
// scaled by 2^54, exactly); f = m - 1 is exact (Sterbenz). With s = f / (2 + f),
//   log(1 + f) = 2 atanh(s) = 2s + s R(s^2),  R(z) = sum_{i >= 1} 2 z^i / (2i + 1),
// and 2s = f - (hfsq - s hfsq) with hfsq = f^2 / 2, so that the leading f enters unrounded
// (the arrangement of fdlibm's e_log.c). |s| <= 3 - 2 sqrt(2) < 0.1716, z < 0.0295: the Taylor
// series of R stopped at z^10 leaves less than 2^-60 of log(1 + f). k ln 2 as k ln2_hi (exact:
// ln2_hi has 32 significant bits, |k| < 1100) plus k ln2_lo folded into the small terms.
// Accuracy: within 0.61 ulp of log x for x in [2^-53, 0.075] (the tails' min(p, 1 - p)), where
// k ln 2 dominates, and within 0.8 ulp over all positive doubles, subnormals included (measured
// against long double on 2e6 points each in tests/unit/rng/log_positive_test.cpp; glibc's log is
// within 0.51). It differs from glibc's log in 3% of the tail arguments, by one ulp.
// x = 0, negative, infinite or NaN: out of the domain, the result is meaningless (normal_quantile
// never passes them: 0 < min(p, 1 - p) <= 1/2).
// No fused multiply-add, so every instruction set gives the same bits (the files that vectorise
// it are built with -ffp-contract=off, see verify/rng/CMakeLists.txt).
#include <bit>
#include <cstdint>

namespace attnlaw::rng {

inline double log_positive(double x) noexcept {
  constexpr double kLn2Hi = 0x1.62e42fee00000p-1;
  constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
  constexpr std::uint64_t kSqrtHalfBits = 0x3fe6a09e667f3bcdu;  // sqrt(1/2) rounded to nearest
  constexpr std::uint64_t kOneBits = 0x3ff0000000000000u;
  constexpr std::uint64_t kMantissa = 0x000fffffffffffffu;
  const bool subnormal = x < 0x1p-1022;
  const double xs = subnormal ? x * 0x1p54 : x;
  // Shifted so that the exponent field of `shifted` is k + 1023 for m in [sqrt(1/2), sqrt(2)):
  // unsigned and logical shifts only, which AVX2 has for 64-bit lanes (no arithmetic shift).
  const std::uint64_t shifted = std::bit_cast<std::uint64_t>(xs) + (kOneBits - kSqrtHalfBits);
  const std::uint64_t biased_k = shifted >> 52;
  const double m = std::bit_cast<double>((shifted & kMantissa) + kSqrtHalfBits);
  // k as a double without a 64-bit integer conversion (AVX2 has none): 2^52 + biased_k in the
  // bits, then the exact subtraction of 2^52 + 1023 (and of 54 for a scaled subnormal).
  const double k = std::bit_cast<double>(biased_k | 0x4330000000000000u) - (0x1p52 + 1023) - (subnormal ? 54 : 0);
  const double f = m - 1;
  const double s = f / (2 + f);
  const double z = s * s;
  double r = 2.0 / 21;
  r = r * z + 2.0 / 19;
  r = r * z + 2.0 / 17;
  r = r * z + 2.0 / 15;
  r = r * z + 2.0 / 13;
  r = r * z + 2.0 / 11;
  r = r * z + 2.0 / 9;
  r = r * z + 2.0 / 7;
  r = r * z + 2.0 / 5;
  r = r * z + 2.0 / 3;
  r = r * z;
  const double hfsq = 0.5 * f * f;
  return k * kLn2Hi - ((hfsq - (s * (hfsq + r) + k * kLn2Lo)) - f);
}

}  // namespace attnlaw::rng
