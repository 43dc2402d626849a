// The safetensors reader (verify/io/safetensors_reader.hpp): the real-attention fixture against
// its .npy twin (the fixtures README: same float32 values, tensor layer{l}.head{h} = slice
// [l, h] of the .npy), files written here, and every refusal.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
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
using testing::raw_bytes;
using testing::safetensors_bytes;

const std::filesystem::path kReal = std::filesystem::path(ATTNLAW_TEST_DATA_DIR) / "fixtures" / "real-attention";

TEST(SafetensorsReader, RealAttentionMatchesNpy) {
  for (const char* length : {"256", "512"}) {
    const Tensor npy = read_npy(kReal / (std::string("logits_L") + length + ".npy"));
    const std::vector<Tensor> st = read_safetensors(kReal / (std::string("logits_L") + length + ".safetensors"));
    ASSERT_EQ(st.size(), 16u);
    const std::size_t L = npy.shape[3];
    EXPECT_EQ(npy.shape, (std::vector<std::size_t>{4, 4, 64, L}));
    for (std::size_t k = 0; k < 16; ++k) {
      EXPECT_EQ(st[k].name, "layer" + std::to_string(k / 4) + ".head" + std::to_string(k % 4));
      EXPECT_EQ(st[k].shape, (std::vector<std::size_t>{64, L}));
      const std::vector<double> slice(npy.values.begin() + static_cast<std::ptrdiff_t>(k * 64 * L),
                                      npy.values.begin() + static_cast<std::ptrdiff_t>((k + 1) * 64 * L));
      EXPECT_EQ(st[k].values, slice) << st[k].name;
    }
    const auto one = read_safetensors(kReal / (std::string("logits_L") + length + ".safetensors"), "layer2.head1");
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].values, st[9].values);
  }
}

TEST(SafetensorsReader, WrittenFiles) {
  const std::vector<double> d{1.0, -2.0, 0.25};
  const std::vector<float> f{3.5f, -1.0f};
  const std::string header =
      R"({"__metadata__":{"note":"ignored"},"b":{"dtype":"F32","shape":[2],"data_offsets":[24,32]},)"
      R"("a":{"dtype":"F64","shape":[1,3],"data_offsets":[0,24]}})";
  const auto tensors = parse_safetensors(as_bytes(safetensors_bytes(header, raw_bytes(d) + raw_bytes(f))), "w.st");
  ASSERT_EQ(tensors.size(), 2u);
  EXPECT_EQ(tensors[0].name, "a");  // file order, not header order
  EXPECT_EQ(tensors[0].shape, (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(tensors[0].values, d);
  EXPECT_EQ(tensors[1].values, (std::vector<double>{3.5, -1.0}));
}

TEST(SafetensorsReader, Refusals) {
  const auto parse = [](const std::string& bytes, std::optional<std::string> only = std::nullopt) {
    return [bytes, only] { parse_safetensors(as_bytes(bytes), "bad.safetensors", only); };
  };
  const std::string data = raw_bytes(std::vector<float>{1, 2, 3, 4});
  const auto entry = [](const std::string& dtype, const std::string& shape, const std::string& offsets) {
    return R"({"t":{"dtype":")" + dtype + R"(","shape":)" + shape + R"(,"data_offsets":)" + offsets + "}}";
  };
  expect_input_error(parse("short"), {"bad.safetensors", "shorter than the 8-byte header length"});
  std::string huge = safetensors_bytes(entry("F32", "[4]", "[0,16]"), data);
  huge[5] = 1;  // header length ~ 2^40
  expect_input_error(parse(huge), {"bad.safetensors", "header longer than the file"});
  expect_input_error(parse(safetensors_bytes("{not json", data)), {"not valid JSON"});
  expect_input_error(parse(safetensors_bytes("[1,2]", data)), {"not a JSON object"});
  expect_input_error(
      parse(safetensors_bytes(entry("F8_E4M3", "[16]", "[0,16]"), data)),
      {"bad.safetensors", "tensor 't'", "unsupported dtype 'F8_E4M3'", "(supported: F16, BF16, F32, F64)"});
  expect_input_error(parse(safetensors_bytes(entry("I32", "[4]", "[0,16]"), data)), {"unsupported dtype 'I32'"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4]", "[0,64]"), data)),
                     {"outside the 16-byte data buffer"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4]", "[8,4]"), data)), {"outside"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[5]", "[0,16]"), data)), {"does not match data_offsets"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[2]", "[0,8]"), data)), {"cover 8 bytes of the 16"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[-4]", "[0,16]"), data)), {"non-negative integer"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4]", "[0]"), data)), {"[begin, end]"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4294967296, 4294967296, 4294967296]", "[0,16]"), data)),
                     {"does not match"});
  expect_input_error(parse(safetensors_bytes(R"({"__metadata__":{}})", "")), {"holds no tensors"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4]", "[0,16]"), data), std::string("u")),
                     {"no tensor named 'u'", "it holds t"});
  const std::string overlap =
      R"({"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]},"b":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})";
  expect_input_error(parse(safetensors_bytes(overlap, data)), {"back to back"});
  // A tensor named twice: a DOM would keep the last silently.
  const std::string twice =
      R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"a":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})";
  expect_input_error(parse(safetensors_bytes(twice, data)), {"bad.safetensors", "tensor 'a' appears twice"});
  // Fields of the wrong type, nesting, and __metadata__ of any shape (skipped).
  expect_input_error(parse(safetensors_bytes(entry("F32", "[[4]]", "[0,16]"), data)), {"must hold numbers"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4.5]", "[0,16]"), data)), {"non-negative integer"});
  expect_input_error(parse(safetensors_bytes(entry("F32", "[4]", "[0,16,24]"), data)), {"[begin, end]"});
  expect_input_error(parse(safetensors_bytes(R"({"t":5})", data)), {"tensor 't'", "not an object"});
  expect_input_error(parse(safetensors_bytes(R"({"t":{"shape":[4],"data_offsets":[0,16]}})", data)), {"'dtype'"});
  expect_input_error(parse(safetensors_bytes(R"({"t":{"dtype":"F32","data_offsets":[0,16]}})", data)), {"'shape'"});
  const std::string metadata =
      R"({"__metadata__":{"a":[1,{"b":null}],"c":"d"},"t":{"dtype":"F32","shape":[4],"data_offsets":[0,16],"x":[1]}})";
  EXPECT_EQ(parse_safetensors(as_bytes(safetensors_bytes(metadata, data)), "m.st").at(0).shape,
            std::vector<std::size_t>{4});
}

}  // namespace
}  // namespace attnlaw::io
