#pragma once
// e^{-x} for x >= 0 (+infinity included), in a form the compiler vectorises: the softmax sums of
// `attnlaw diagnose` take one exponential per key, and glibc's scalar exp was a third of the run.
//
// Method: x = k ln 2 - r with k = round(x / ln 2) (the 1.5 2^52 shifter), ln 2 in two parts
// (Cody and Waite: k ln2_hi is exact for k < 2^11), r in [-ln2/2, ln2/2]; e^r by its Taylor
// polynomial of degree 13 (truncation below 5e-18 relative) in Horner form; the result scaled by
// 2^-k in two exact steps, so that a subnormal result is rounded once. x >= 746 gives 0, as e^{-x}
// rounds to 0 there.
// Accuracy: within 1.2 ulp of e^{-x} for x in [0, 745] (measured against long double in
// tests/unit/attention/exp_negative_test.cpp), 1 ulp of the smallest subnormal beyond 708.
// No fused multiply-add, so every instruction set gives the same bits: neither clone's target
// (x86-64, AVX2) has FMA, and the file is built with -ffp-contract=off (GCC contracts by default
// even in ISO mode) so that a clone for an FMA target could not fuse either.
#include <bit>
#include <cstddef>
#include <cstdint>

namespace attnlaw::attention {

// min(x, 746) for x >= 0: beyond it e^{-x} is 0, and x e^{-x} is 0 with the capped x (not
// inf * 0). On the bit patterns, which order non-negative doubles (+inf included) as their
// values: an integer select vectorises where a floating-point one may trap.
inline double exp_argument_cap(double x) noexcept {
  const std::int64_t x_bits = std::bit_cast<std::int64_t>(x), cap_bits = std::bit_cast<std::int64_t>(746.0);
  return std::bit_cast<double>(x_bits < cap_bits ? x_bits : cap_bits);
}

inline double exp_negative(double x) noexcept {
  constexpr double kInvLn2 = 0x1.71547652b82fep0;
  constexpr double kShifter = 0x1.8p52;
  constexpr double kLn2Hi = 0x1.62e42fee00000p-1;
  constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
  const double xc = exp_argument_cap(x);
  const double t = xc * kInvLn2 + kShifter;
  const double kd = t - kShifter;
  const std::int64_t k = std::bit_cast<std::int64_t>(t) - std::bit_cast<std::int64_t>(kShifter);
  const double r = (kd * kLn2Hi - xc) + kd * kLn2Lo;
  double p = 1.0 / 6227020800.0;  // 1/13!
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  const std::int64_t half = k >> 1;  // 2^-k = 2^-half 2^-(k - half), each a normal double
  const double s1 = std::bit_cast<double>((1023 - half) << 52);
  const double s2 = std::bit_cast<double>((1023 - (k - half)) << 52);
  return p * s1 * s2;
}

// w[i] = exp_negative(x[i]); vectorised, AVX2 where the CPU has it (chosen at load time).
void exp_negative_block(const double* x, double* w, std::size_t n) noexcept;

}  // namespace attnlaw::attention
