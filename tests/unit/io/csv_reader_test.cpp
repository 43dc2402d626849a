// The CSV reader (verify/io/csv_reader.hpp): numbers, the inf/nan tokens, ragged rows padded
// with -inf, comments and line ends, and the refusals. Expected values are the literals written.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tests/unit/io/io_test_support.hpp"
#include "verify/io/csv_reader.hpp"

namespace attnlaw::io {
namespace {

using testing::as_bytes;
using testing::expect_input_error;

constexpr double kInf = std::numeric_limits<double>::infinity();

Tensor parse(const std::string& text) { return parse_csv(as_bytes(text), "rows.csv"); }

TEST(CsvReader, NumbersAndTokens) {
  const Tensor t = parse("1, -2.5e-3 ,+3\n-inf,inf,nan\n-Infinity,  0.5,1e-400\n");
  ASSERT_EQ(t.shape, (std::vector<std::size_t>{3, 3}));
  EXPECT_EQ(t.values[0], 1.0);
  EXPECT_EQ(t.values[1], -2.5e-3);
  EXPECT_EQ(t.values[2], 3.0);
  EXPECT_EQ(t.values[3], -kInf);
  EXPECT_EQ(t.values[4], kInf);
  EXPECT_TRUE(std::isnan(t.values[5]));
  EXPECT_EQ(t.values[6], -kInf);
  EXPECT_EQ(t.values[7], 0.5);
  EXPECT_EQ(t.values[8], 0.0);  // underflow rounds to 0, as float() does
}

TEST(CsvReader, RaggedRowsArePaddedWithMaskedEntries) {
  const Tensor t = parse("# causal rows\n0\n\n1,2\r\n3,4,5\n");
  ASSERT_EQ(t.shape, (std::vector<std::size_t>{3, 3}));
  const std::vector<double> expected{0, -kInf, -kInf, 1, 2, -kInf, 3, 4, 5};
  EXPECT_EQ(t.values, expected);
  EXPECT_EQ(parse("7").shape, (std::vector<std::size_t>{1, 1}));
}

TEST(CsvReader, Refusals) {
  expect_input_error([] { parse("1,,2\n"); }, {"rows.csv", "line 1, field 2", "empty field"});
  expect_input_error([] { parse("1,2,\n"); }, {"line 1, field 3", "empty field"});
  expect_input_error([] { parse("1,2\n3,abc\n"); }, {"rows.csv", "line 2, field 2", "'abc' is not a number"});
  expect_input_error([] { parse("1e400\n"); }, {"line 1, field 1", "out of the range of a double"});
  expect_input_error([] { parse("++1\n"); }, {"not a number"});
  expect_input_error([] { parse("+-1\n"); }, {"not a number"});
  expect_input_error([] { parse("1 2\n"); }, {"not a number"});
  expect_input_error([] { parse("0x1p3\n"); }, {"not a number"});  // decimal only
  expect_input_error([] { parse(""); }, {"rows.csv", "no data rows"});
  expect_input_error([] { parse("# only a comment\n\n"); }, {"no data rows"});
  // Padding bounded: 20000 one-value rows and one row of 20000 values would pad to 4e8 cells.
  std::string uneven;
  for (int i = 0; i < 20000; ++i) uneven += "1\n";
  for (int i = 0; i < 20000; ++i) uneven += (i ? ",1" : "1");
  expect_input_error([&] { parse(uneven); }, {"ragged rows too uneven"});
}

}  // namespace
}  // namespace attnlaw::io
