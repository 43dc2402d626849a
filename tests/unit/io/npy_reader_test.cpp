// The .npy reader (verify/io/npy_reader.hpp) on the NumPy-written fixtures, on files written
// here in NumPy's exact format (checked byte for byte against a fixture), and on every kind of
// malformed file, each of which must give an InputError naming the file and the problem.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "tests/unit/io/io_test_support.hpp"
#include "tests/unit/io/npy_writer.hpp"
#include "verify/io/file_bytes.hpp"
#include "verify/io/half_precision.hpp"
#include "verify/io/npy_reader.hpp"
#include "verify/io/read_tensors.hpp"

namespace attnlaw::io {
namespace {

using testing::as_bytes;
using testing::expect_input_error;
using testing::file_text;
using testing::npy_bytes;
using testing::raw_bytes;

const std::filesystem::path& kNumpy = testing::kNumpyFixtures;

// The writer of tests/unit/io/npy_writer.hpp reproduces NumPy 1.24's header byte for byte, so the
// files the tests write look exactly like users' files.
TEST(NpyReader, WriterMatchesNumpyHeaderBytes) {
  const std::string fixture = file_text(kNumpy / "gauss_rows_f32.npy");
  const std::string ours = npy_bytes("<f4", false, {4, 256}, fixture.substr(128));
  EXPECT_EQ(ours, fixture);
  const std::string one_d = file_text(kNumpy / "gauss_row_f64_1d.npy");
  EXPECT_EQ(npy_bytes("<f8", false, {1000}, one_d.substr(128)), one_d);
}

// Shapes and dtypes from the fixtures README.
TEST(NpyReader, NumpyFixtures) {
  const Tensor a = read_npy(kNumpy / "gauss_rows_f32.npy");
  EXPECT_EQ(a.shape, (std::vector<std::size_t>{4, 256}));
  EXPECT_EQ(a.values.size(), 1024u);
  const Tensor b = read_npy(kNumpy / "gauss_row_f64_1d.npy");
  EXPECT_EQ(b.shape, (std::vector<std::size_t>{1000}));
  const Tensor c = read_npy(kNumpy / "heads_rows_f32_3d.npy");
  EXPECT_EQ(c.shape, (std::vector<std::size_t>{2, 3, 128}));
  for (const Tensor* t : {&a, &b, &c})
    for (const double x : t->values) ASSERT_TRUE(std::isfinite(x) && std::fabs(x) < 10);  // N(0,1) draws
  // Causal mask: -inf exactly above the diagonal.
  const Tensor m = read_npy(kNumpy / "causal_masked_f32.npy");
  ASSERT_EQ(m.shape, (std::vector<std::size_t>{8, 8}));
  for (std::size_t i = 0; i < 8; ++i)
    for (std::size_t j = 0; j < 8; ++j) EXPECT_EQ(std::isinf(m.values[i * 8 + j]), j > i) << i << "," << j;
  // Big-endian '>f8': byte-swapped into standard-normal-sized values, not garbage.
  const Tensor be = read_npy(kNumpy / "big_endian_f64.npy");
  EXPECT_EQ(be.shape, (std::vector<std::size_t>{2, 40}));
  for (const double x : be.values) EXPECT_TRUE(std::isfinite(x) && std::fabs(x) < 10) << x;
  // int32: exact integers.
  const Tensor ints = read_npy(kNumpy / "int32_rows.npy");
  EXPECT_EQ(ints.shape, (std::vector<std::size_t>{2, 30}));
  for (const double x : ints.values) EXPECT_EQ(x, std::round(x));
  const Tensor f = read_npy(kNumpy / "fortran_order_f64.npy");
  EXPECT_EQ(f.shape, (std::vector<std::size_t>{3, 50}));
  expect_input_error([] { read_npy(kNumpy / "not_npy_but_npz.npz"); },
                     {"not_npy_but_npz.npz", "not an .npy file (a .npz zip archive?)"});
}

// Fortran order: element (i, j, k) of a [2, 3, 4] array stored column-major sits at
// i + 2 j + 6 k; the reader must return the row-major order i*12 + j*4 + k.
TEST(NpyReader, FortranOrderIsTransposed) {
  const std::vector<std::size_t> shape{2, 3, 4};
  std::vector<double> row_major(24), column_major(24);
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      for (std::size_t k = 0; k < 4; ++k) {
        const double v = 100.0 * i + 10.0 * j + k;
        row_major[i * 12 + j * 4 + k] = v;
        column_major[i + 2 * j + 6 * k] = v;
      }
  const Tensor t = parse_npy(as_bytes(npy_bytes("<f8", true, shape, raw_bytes(column_major))), "f.npy");
  EXPECT_EQ(t.shape, shape);
  EXPECT_EQ(t.values, row_major);
  // A 1-d array is the same in both orders.
  const Tensor v = parse_npy(as_bytes(npy_bytes("<f8", true, {3}, raw_bytes(std::vector<double>{1, 2, 3}))), "v.npy");
  EXPECT_EQ(v.values, (std::vector<double>{1, 2, 3}));
}

TEST(NpyReader, DtypesByteOrdersAndVersions) {
  const std::vector<double> d{1.5, -std::numeric_limits<double>::infinity(), 0x1.23456789abcdep-1000, -0.0};
  const std::vector<float> f{1.5f, -std::numeric_limits<float>::infinity(), 0x1.234566p-140f, 3.25f};
  const std::vector<std::int32_t> i{-2147483647 - 1, 0, 7, 2147483647};
  for (const int major : {1, 2, 3}) {
    for (const bool big : {false, true}) {
      const std::string order = big ? ">" : "<";
      EXPECT_EQ(parse_npy(as_bytes(npy_bytes(order + "f8", false, {4}, raw_bytes(d, big), major)), "x").values, d);
      const Tensor tf = parse_npy(as_bytes(npy_bytes(order + "f4", false, {2, 2}, raw_bytes(f, big), major)), "x");
      for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(tf.values[k], static_cast<double>(f[k]));
      const Tensor ti = parse_npy(as_bytes(npy_bytes(order + "i4", false, {4}, raw_bytes(i, big), major)), "x");
      for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(ti.values[k], static_cast<double>(i[k]));
    }
  }
  // Scalars and empty arrays are read (the command refuses them later, naming the file).
  EXPECT_TRUE(parse_npy(as_bytes(npy_bytes("<f8", false, {}, raw_bytes(std::vector<double>{2.0}))), "x").shape.empty());
  EXPECT_EQ(parse_npy(as_bytes(npy_bytes("<f8", false, {0, 5}, "")), "x").values.size(), 0u);
}

TEST(NpyReader, MalformedFiles) {
  const std::string good = npy_bytes("<f8", false, {2, 3}, raw_bytes(std::vector<double>(6, 1.0)));
  const auto parse = [](const std::string& bytes) { return [bytes] { parse_npy(as_bytes(bytes), "bad.npy"); }; };
  expect_input_error(parse("hello world, not numpy"), {"bad.npy", "wrong magic"});
  expect_input_error(parse(""), {"bad.npy", "wrong magic"});
  expect_input_error(parse("PK\x03\x04rest of a zip"), {"bad.npy", "a .npz zip archive?"});
  expect_input_error(parse(good.substr(0, 9)), {"bad.npy", "truncated .npy header"});
  expect_input_error(parse(good.substr(0, good.size() - 5)), {"bad.npy", "truncated data"});
  expect_input_error(parse(good + "xx"), {"bad.npy", "does not match the data size"});
  expect_input_error(parse(good.substr(0, 40)), {"bad.npy", "header longer than the file"});
  std::string version = good;
  version[6] = 4;
  expect_input_error(parse(version), {"bad.npy", "unsupported .npy format version 4.0"});
  expect_input_error(parse(npy_bytes("<f16", false, {2}, std::string(32, '\0'))),
                     {"bad.npy", "unsupported dtype '<f16'"});
  expect_input_error(parse(npy_bytes("<c16", false, {1}, std::string(16, '\0'))), {"unsupported dtype '<c16'"});
  expect_input_error(parse(npy_bytes("|u1", false, {1}, "a")), {"unsupported dtype '|u1'"});
  expect_input_error(parse(npy_bytes("<i8", false, {1}, std::string(8, '\0'))), {"unsupported dtype '<i8'"});
  expect_input_error(parse(npy_bytes("<f8", false, {std::size_t{1} << 40, std::size_t{1} << 40}, "")),
                     {"bad.npy", "too large"});
  // Headers that are not the dict NumPy writes.
  const auto with_header = [](const std::string& dict) {
    std::string h = dict + std::string((64 - (10 + dict.size() + 1) % 64) % 64, ' ') + "\n";
    std::string out = "\x93NUMPY\x01";
    out += '\0';
    out += static_cast<char>(h.size() & 0xff);
    out += static_cast<char>(h.size() >> 8);
    return out + h + std::string(8, '\0');
  };
  expect_input_error(parse(with_header("{'descr': '<f8', 'fortran_order': False}")), {"missing key 'shape'"});
  expect_input_error(parse(with_header("{'descr': '<f8', 'shape': (1,)}")), {"missing key 'fortran_order'"});
  expect_input_error(parse(with_header("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,)}")),
                     {"unparsable header"});
  expect_input_error(parse(with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,)}")),
                     {"unparsable header"});
  expect_input_error(parse(with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}")),
                     {"unexpected key 'x'"});
  expect_input_error(parse(with_header("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1,)}")),
                     {"structured"});
  expect_input_error(parse(with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (1,)} trailing")),
                     {"unexpected text"});
  expect_input_error(parse(with_header("not a dict at all")), {"bad.npy", "unparsable header"});
  expect_input_error(parse(with_header("{'descr: '<f8'")), {"unparsable header"});
  // The same header, written by hand in NumPy's own spelling, is accepted.
  EXPECT_NO_THROW(parse(with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }"))());
}

TEST(ReadTensors, FormatFromExtensionAndErrors) {
  EXPECT_EQ(format_from_extension("a/b.NPY"), Format::npy);
  EXPECT_EQ(format_from_extension("x.npz"), Format::npz);
  EXPECT_EQ(format_from_extension("x.csv"), Format::csv);
  EXPECT_EQ(format_from_extension("x.safetensors"), Format::safetensors);
  expect_input_error([] { format_from_extension("x.bin"); }, {"x.bin", "--format"});
  EXPECT_EQ(parse_format("csv"), Format::csv);
  EXPECT_FALSE(parse_format("hdf5"));
  expect_input_error([] { read_tensors(kNumpy / "gauss_rows_f32.npy", std::nullopt, std::string("a")); },
                     {"gauss_rows_f32.npy", "--tensor"});
  expect_input_error([] { read_tensors(kNumpy / "no_such_file.npy"); }, {"no_such_file.npy", "no such file"});
  expect_input_error([] { read_tensors(kNumpy, Format::npy); }, {"is a directory"});
  // --format overrides the extension: an .npy read as CSV fails as CSV.
  expect_input_error([] { read_tensors(kNumpy / "gauss_rows_f32.npy", Format::csv); },
                     {"gauss_rows_f32.npy", "line 1"});
}

// view_npy reads in place exactly what parse_npy decodes, and declines the layouts it cannot use
// where they lie (the readers decode those).
TEST(NpyReader, ViewInPlaceOrDecline) {
  for (const char* file : {"gauss_rows_f32.npy", "gauss_row_f64_1d.npy", "heads_rows_f32_3d.npy",
                           "causal_masked_f32.npy", "half_rows_f16.npy"}) {
    const std::vector<unsigned char> bytes = read_file_bytes(kNumpy / file);
    const std::optional<NpyView> view = view_npy(bytes, file);
    ASSERT_TRUE(view) << file;
    const Tensor decoded = parse_npy(bytes, file);
    EXPECT_EQ(view->shape, decoded.shape) << file;
    for (std::size_t i = 0; i < decoded.values.size(); ++i) {
      double x = 0;
      const unsigned char* p = view->data.data();
      switch (view->type) {
        case NpyView::Type::float16: x = static_cast<double>(reinterpret_cast<const Binary16*>(p)[i]); break;
        case NpyView::Type::float32: x = reinterpret_cast<const float*>(p)[i]; break;
        case NpyView::Type::float64: x = reinterpret_cast<const double*>(p)[i]; break;
      }
      ASSERT_EQ(std::bit_cast<std::uint64_t>(x), std::bit_cast<std::uint64_t>(decoded.values[i])) << file << " " << i;
    }
  }
  for (const char* file : {"big_endian_f64.npy", "fortran_order_f64.npy", "int32_rows.npy"})
    EXPECT_FALSE(view_npy(read_file_bytes(kNumpy / file), file)) << file;
}

}  // namespace
}  // namespace attnlaw::io
