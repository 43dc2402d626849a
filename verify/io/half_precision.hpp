#pragma once
// IEEE 754 binary16 (NumPy float16, safetensors F16) and bfloat16 (safetensors BF16) decoded to
// float32 bit for bit. Both formats are subsets of binary32, so the conversions are exact:
// every half value, subnormals, signed zeros, infinities and NaN payloads included, has one
// binary32 value equal to it, and a double holds that value exactly too.
#include <bit>
#include <cstdint>

namespace attnlaw::io {

// bfloat16 is the top half of a binary32: same sign, same 8-bit exponent, 7 of its 23
// mantissa bits.
constexpr float bfloat16_to_float(std::uint16_t bits) noexcept {
  return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

// binary16: 1 sign bit, 5 exponent bits (bias 15), 10 mantissa bits. A normal value
// (1 + m/2^10) 2^(e-15) re-biases to the binary32 exponent e - 15 + 127; a subnormal one,
// m 2^-24, is normal in binary32 and is shifted until its leading bit is the implicit one.
constexpr float binary16_to_float(std::uint16_t bits) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
  const std::uint32_t exponent = (bits >> 10) & 0x1fu;
  std::uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | mantissa << 13);  // inf, NaN
  if (exponent != 0) return std::bit_cast<float>(sign | (exponent + 112) << 23 | mantissa << 13);
  if (mantissa == 0) return std::bit_cast<float>(sign);  // +-0
  std::uint32_t shifted_exponent = 113;                   // 2^-14, the binary16 subnormal scale, in binary32
  while ((mantissa & 0x400u) == 0) {
    mantissa <<= 1;
    --shifted_exponent;
  }
  return std::bit_cast<float>(sign | shifted_exponent << 23 | (mantissa & 0x3ffu) << 13);
}

// Element types for code templated on what it reads: a half value is stored as its 16 bits and
// read as a double.
struct Binary16 {
  std::uint16_t bits;
  explicit operator double() const noexcept { return binary16_to_float(bits); }
};
struct BFloat16 {
  std::uint16_t bits;
  explicit operator double() const noexcept { return bfloat16_to_float(bits); }
};
static_assert(sizeof(Binary16) == 2 && sizeof(BFloat16) == 2);

}  // namespace attnlaw::io
