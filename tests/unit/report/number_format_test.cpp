// Expected strings are C printf semantics (%.4g, %.3g), checked independently with Python's
// '%.4g' % x and '%.3g' % x, which follow the same C rules.
#include "verify/report/number_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace attnlaw::report {
namespace {

TEST(NumberFormat, FourSignificantDigits) {
  EXPECT_EQ(format_significant(0.61234567), "0.6123");
  EXPECT_EQ(format_significant(-0.000123456), "-0.0001235");
  EXPECT_EQ(format_significant(5.4e-05), "5.4e-05");
  EXPECT_EQ(format_significant(123456.0), "1.235e+05");
  EXPECT_EQ(format_significant(4000.0), "4000");
  EXPECT_EQ(format_significant(1e12), "1e+12");
}

TEST(NumberFormat, NegativeZeroAndNonFinite) {
  EXPECT_EQ(format_significant(-0.0), "0");
  EXPECT_EQ(format_significant(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(format_significant(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(format_significant(std::nan("")), "nan");
}

TEST(NumberFormat, PValuesThreeDigits) {
  EXPECT_EQ(format_p(1e-06), "1e-06");
  EXPECT_EQ(format_p(3.333333e-07), "3.33e-07");
  EXPECT_EQ(format_p(3.14159e-09), "3.14e-09");
  EXPECT_EQ(format_p(0.63), "0.63");
  EXPECT_EQ(format_p(0.001), "0.001");
}

TEST(NumberFormat, MinusLog10P) {
  // -log10(3.14159e-9) = 8.50285...; -log10(1e-3) = 3 exactly after rounding to 4 digits.
  EXPECT_EQ(format_minus_log10_p(3.14159e-09), "8.503");
  EXPECT_EQ(format_minus_log10_p(1e-3), "3");
  EXPECT_EQ(format_minus_log10_p(1.0), "0");
  EXPECT_EQ(format_minus_log10_p(0.0), "inf");
}

TEST(NumberFormat, JsonScalars) {
  EXPECT_EQ(format_json_scalar(nlohmann::json(100000)), "100000");
  EXPECT_EQ(format_json_scalar(nlohmann::json(18446744073709551615ULL)), "18446744073709551615");
  EXPECT_EQ(format_json_scalar(nlohmann::json(-7)), "-7");
  EXPECT_EQ(format_json_scalar(nlohmann::json(1.0)), "1");
  EXPECT_EQ(format_json_scalar(nlohmann::json(0.123456)), "0.1235");
  EXPECT_EQ(format_json_scalar(nlohmann::json("grid-a")), "grid-a");
  EXPECT_EQ(format_json_scalar(nlohmann::json(true)), "true");
  EXPECT_EQ(format_json_scalar(nlohmann::json(nullptr)), kAbsent);
}

}  // namespace
}  // namespace attnlaw::report
