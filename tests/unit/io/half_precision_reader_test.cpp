// float16 in .npy files and F16/BF16 in .safetensors files, decoded exactly: the NumPy-written
// fixtures against NumPy's own float64 cast of them (the fixtures README), and all 65536 bit
// patterns of each format against the value their fields define, computed here with ldexp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/unit/io/io_test_support.hpp"
#include "tests/unit/io/npy_writer.hpp"
#include "verify/io/npy_reader.hpp"
#include "verify/io/safetensors_reader.hpp"

namespace attnlaw::io {
namespace {

using testing::as_bytes;
using testing::expect_input_error;
using testing::file_text;
using testing::npy_bytes;
using testing::safetensors_bytes;

const std::filesystem::path& kNumpy = testing::kNumpyFixtures;

// (-1)^s (1 + m / 2^mantissa_bits) 2^(e - bias) for a normal value, (-1)^s m 2^(1 - bias -
// mantissa_bits) for a subnormal one; all-ones exponent: infinity or NaN.
double from_fields(std::uint16_t bits, int exponent_bits, int mantissa_bits) {
  const int bias = (1 << (exponent_bits - 1)) - 1;
  const int e = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
  const int m = bits & ((1 << mantissa_bits) - 1);
  const double sign = (bits >> 15) ? -1.0 : 1.0;
  if (e == (1 << exponent_bits) - 1) return m ? std::nan("") : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(m, 1 - bias - mantissa_bits);
  return sign * std::ldexp(m + (1 << mantissa_bits), e - bias - mantissa_bits);
}

void expect_same(double got, double want, std::uint32_t bits) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << std::hex << bits;
  } else {
    EXPECT_EQ(got, want) << std::hex << bits;
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << std::hex << bits;  // -0 stays -0
  }
}

std::string all_patterns(bool big_endian) {
  std::string out;
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const char lo = static_cast<char>(b & 0xff), hi = static_cast<char>(b >> 8);
    out += big_endian ? std::string{hi, lo} : std::string{lo, hi};
  }
  return out;
}

TEST(HalfPrecision, NumpyFloat16FixturesMatchNumpysFloat64Cast) {
  const Tensor twin = read_npy(kNumpy / "half_rows_f16_as_f64.npy");
  ASSERT_EQ(twin.shape, (std::vector<std::size_t>{4, 12}));
  for (const char* file : {"half_rows_f16.npy", "half_rows_f16_big_endian.npy"}) {
    const Tensor t = read_npy(kNumpy / file);
    EXPECT_EQ(t.shape, twin.shape) << file;
    ASSERT_EQ(t.values.size(), twin.values.size());
    for (std::size_t i = 0; i < t.values.size(); ++i)
      expect_same(t.values[i], twin.values[i], static_cast<std::uint32_t>(i));
  }
  // Row 0 of the README: the smallest subnormal, the largest subnormal, -0, the largest finite.
  const Tensor t = read_npy(kNumpy / "half_rows_f16.npy");
  EXPECT_EQ(t.values[0], std::ldexp(1.0, -24));
  EXPECT_EQ(t.values[2], std::ldexp(1.0, -14) - std::ldexp(1.0, -24));
  EXPECT_TRUE(std::signbit(t.values[5]) && t.values[5] == 0);
  EXPECT_EQ(t.values[6], 65504.0);
  EXPECT_EQ(t.values[12 + 2], -INFINITY);  // row 1 is masked at keys 2, 5, 6, 11
}

TEST(HalfPrecision, EveryFloat16BitPatternInNpy) {
  for (const char* descr : {"<f2", ">f2", "=f2"}) {
    const bool big = descr[0] == '>';
    const Tensor t = parse_npy(as_bytes(npy_bytes(descr, false, {65536}, all_patterns(big))), "all.npy");
    ASSERT_EQ(t.values.size(), 65536u);
    for (std::uint32_t b = 0; b < 65536; ++b)
      expect_same(t.values[b], from_fields(static_cast<std::uint16_t>(b), 5, 10), b);
  }
  // NumPy never writes '|f2' (the order character of single bytes); it is refused with the list.
  expect_input_error([] { parse_npy(as_bytes(npy_bytes("|f2", false, {1}, "ab")), "bad.npy"); },
                     {"bad.npy", "unsupported dtype '|f2'", "float16 '<f2'/'>f2'"});
}

TEST(HalfPrecision, EveryF16AndBF16BitPatternInSafetensors) {
  const std::string header = R"({"h":{"dtype":"F16","shape":[256,256],"data_offsets":[0,131072]},)"
                             R"("b":{"dtype":"BF16","shape":[65536],"data_offsets":[131072,262144]}})";
  const auto t =
      parse_safetensors(as_bytes(safetensors_bytes(header, all_patterns(false) + all_patterns(false))), "w.st");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].name, "h");
  EXPECT_EQ(t[0].shape, (std::vector<std::size_t>{256, 256}));
  for (std::uint32_t b = 0; b < 65536; ++b) {
    expect_same(t[0].values[b], from_fields(static_cast<std::uint16_t>(b), 5, 10), b);
    expect_same(t[1].values[b], from_fields(static_cast<std::uint16_t>(b), 8, 7), b);
  }
  // The same float16 rows as the NumPy fixture: its data bytes (the file's last 96) as F16.
  const std::string npy = file_text(kNumpy / "half_rows_f16.npy");
  const auto rows =
      parse_safetensors(as_bytes(safetensors_bytes(R"({"r":{"dtype":"F16","shape":[4,12],"data_offsets":[0,96]}})",
                                                   npy.substr(npy.size() - 96))),
                        "r.st");
  EXPECT_EQ(rows.at(0).values, read_npy(kNumpy / "half_rows_f16_as_f64.npy").values);
  // BF16 is the top half of a float32: 0x3f80 is 1, 0xc049 is -3.140625, 0x0001 is 2^-133.
  const auto bf =
      parse_safetensors(as_bytes(safetensors_bytes(R"({"x":{"dtype":"BF16","shape":[3],"data_offsets":[0,6]}})",
                                                   std::string("\x80\x3f\x49\xc0\x01\x00", 6))),
                        "bf.st");
  EXPECT_EQ(bf.at(0).values, (std::vector<double>{1.0, -3.140625, std::ldexp(1.0, -133)}));
  expect_input_error(
      [] {
        parse_safetensors(as_bytes(safetensors_bytes(R"({"x":{"dtype":"BF16","shape":[4],"data_offsets":[0,6]}})",
                                                     std::string(6, '\0'))),
                          "bad.st");
      },
      {"bad.st", "tensor 'x'", "of BF16 does not match"});
}

}  // namespace
}  // namespace attnlaw::io
