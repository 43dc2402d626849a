// The .npz reader (verify/io/npz_reader.hpp) and the zip reader under it
// (verify/io/zip_archive.hpp): the archives np.savez and np.savez_compressed wrote (the fixtures
// README: the same three arrays, float16 and float32 ones with float64 twins written by NumPy),
// and archives written or damaged here, each refusal one InputError naming the file.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

#include "tests/unit/io/io_test_support.hpp"
#include "tests/unit/io/npy_writer.hpp"
#include "tests/unit/io/zip_writer.hpp"
#include "verify/io/npy_reader.hpp"
#include "verify/io/npz_reader.hpp"
#include "verify/io/read_tensors.hpp"

namespace attnlaw::io {
namespace {

using testing::as_bytes;
using testing::expect_input_error;
using testing::file_text;
using testing::npy_bytes;
using testing::raw_bytes;
using testing::zip_bytes;
using testing::ZipEntry;

const std::filesystem::path& kNumpy = testing::kNumpyFixtures;

std::vector<Tensor> parse(const std::string& bytes, std::optional<std::string> only = std::nullopt,
                          std::uint64_t max_bytes = kDefaultMaxInputBytes) {
  return parse_npz(as_bytes(bytes), "bad.npz", only, max_bytes);
}

const std::string kSmallNpy = npy_bytes("<f8", false, {2, 3}, raw_bytes(std::vector<double>{1, 2, 3, 4, 5, 6}));

TEST(NpzReader, SavezAndSavezCompressedFixtures) {
  const Tensor f16 = read_npy(kNumpy / "half_rows_f16_as_f64.npy");
  const Tensor f32 = read_npy(kNumpy / "arrays_logits_f32_as_f64.npy");
  std::vector<Tensor> first;
  for (const char* file : {"arrays_savez.npz", "arrays_savez_compressed.npz"}) {
    const std::vector<Tensor> t = read_tensors(kNumpy / file);
    ASSERT_EQ(t.size(), 3u) << file;
    EXPECT_EQ(t[0].name, "logits_f16");  // archive order, as np.savez wrote the keywords
    EXPECT_EQ(t[1].name, "logits_f32");
    EXPECT_EQ(t[2].name, "heads_f64");
    EXPECT_EQ(t[0].shape, f16.shape);
    EXPECT_EQ(t[0].values, f16.values);  // NumPy's own float16 -> float64 cast, value for value
    EXPECT_EQ(t[1].shape, f32.shape);
    EXPECT_EQ(t[1].values, f32.values);
    EXPECT_EQ(t[2].shape, (std::vector<std::size_t>{2, 2, 16}));
    if (first.empty()) {
      first = t;
    } else {
      for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(t[i].values, first[i].values) << i;
    }
    const std::vector<Tensor> one = read_tensors(kNumpy / file, std::nullopt, std::string("logits_f32"));
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].name, "logits_f32");
    EXPECT_EQ(one[0].values, f32.values);
    expect_input_error([&] { read_tensors(kNumpy / file, std::nullopt, std::string("logits")); },
                       {file, "no tensor named 'logits'", "it holds logits_f16, logits_f32, heads_f64"});
  }
  // The archive of the first NumPy fixtures, once refused, is read: one array 'a'.
  const std::vector<Tensor> a = read_tensors(kNumpy / "not_npy_but_npz.npz");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].name, "a");
  // --format npy on an archive still says what it is.
  expect_input_error([] { read_tensors(kNumpy / "not_npy_but_npz.npz", Format::npy); }, {"a .npz zip archive?"});
}

TEST(NpzReader, WrittenArchives) {
  const std::string f32 = npy_bytes("<f4", false, {3}, raw_bytes(std::vector<float>{1.5f, -2, 0}));
  for (const std::uint16_t method : {0, 8}) {
    const auto t = parse(zip_bytes({{"x.npy", kSmallNpy, method}, {"dir/y.npy", f32, method}}));
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[0].name, "x");
    EXPECT_EQ(t[0].values, (std::vector<double>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(t[1].name, "dir/y");
    EXPECT_EQ(t[1].values, (std::vector<double>{1.5, -2, 0}));
  }
  // ZIP64 fields (an archive past 4 GiB) carry the same archive.
  for (const std::uint16_t method : {0, 8}) {
    const auto t = parse(zip_bytes({{"x.npy", kSmallNpy, method}, {"y.npy", f32, method}}, true));
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[0].values, (std::vector<double>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(t[1].name, "y");
  }
  std::string no_locator = zip_bytes({{"x.npy", kSmallNpy}}, true);
  no_locator[no_locator.size() - 22 - 20] = 'X';
  expect_input_error([&] { parse(no_locator); }, {"bad.npz", "ZIP64 end of central directory locator missing"});
  // The bound counts what is decoded: the members' inflated sizes.
  const std::string two = zip_bytes({{"x.npy", kSmallNpy, 8}, {"y.npy", kSmallNpy, 8}});
  EXPECT_EQ(parse(two, std::nullopt, 2 * kSmallNpy.size()).size(), 2u);
  EXPECT_THROW(parse(two, std::nullopt, 2 * kSmallNpy.size() - 1), InputTooLarge);
  EXPECT_EQ(parse(two, std::string("y"), kSmallNpy.size()).size(), 1u);  // only the chosen one is inflated
}

TEST(NpzReader, HostileArchives) {
  expect_input_error([] { parse("PK\x05\x06" + std::string(18, '\0')); }, {"bad.npz", "holds no arrays"});
  expect_input_error([] { parse(""); }, {"bad.npz", "not a zip archive"});
  expect_input_error([] { parse(kSmallNpy); }, {"bad.npz", "not a zip archive"});
  expect_input_error([] { parse(zip_bytes({{"x.txt", kSmallNpy}})); }, {"bad.npz", "member 'x.txt'", "not a .npy"});
  expect_input_error([] { parse(zip_bytes({{".npy", kSmallNpy}})); }, {"member '.npy'", "not a .npy"});
  expect_input_error([] { parse(zip_bytes({{"x.npy", "hello"}})); }, {"bad.npz", "member 'x.npy'", "not an .npy"});
  expect_input_error([] { parse(zip_bytes({{"x.npy", kSmallNpy}, {"x.npy", kSmallNpy}})); }, {"appears twice"});
  expect_input_error(
      [] {
        parse(zip_bytes({{"x.npy", kSmallNpy, 0, 0, 0x12345678u}}));
      },
      {"bad.npz", "member 'x.npy'", "CRC-32 mismatch", "0x12345678"});
  expect_input_error([] { parse(zip_bytes({{"x.npy", kSmallNpy, 8, 0, 0x12345678u}})); }, {"CRC-32 mismatch"});
  expect_input_error(
      [] {
        parse(zip_bytes({{"x.npy", kSmallNpy, 12}}));
      },
      {"member 'x.npy'", "unsupported compression method 12 (bzip2)"});
  expect_input_error([] { parse(zip_bytes({{"x.npy", kSmallNpy, 14}})); }, {"method 14 (LZMA)"});
  expect_input_error([] { parse(zip_bytes({{"x.npy", kSmallNpy, 0, 1}})); }, {"member 'x.npy'", "encrypted"});
  // A deflate stream longer, or shorter, than its declared size.
  expect_input_error(
      [] {
        parse(zip_bytes({{"x.npy", kSmallNpy, 8, 0, std::nullopt, 100u}}));
      },
      {"inflates to more than the 100 bytes"});
  const std::string shorter = "inflates to " + std::to_string(kSmallNpy.size()) + " bytes, its header declares 100000";
  expect_input_error([] { parse(zip_bytes({{"x.npy", kSmallNpy, 8, 0, std::nullopt, 100000u}})); }, {shorter.c_str()});
  // Truncated: every prefix of a NumPy-written archive, and of one written here, is refused.
  for (const char* file : {"arrays_savez.npz", "arrays_savez_compressed.npz"}) {
    const std::string whole = file_text(kNumpy / file);
    for (std::size_t n = 0; n < whole.size(); ++n)
      EXPECT_THROW(parse(whole.substr(0, n)), InputError) << file << " cut at " << n;
    expect_input_error([&] { parse(whole.substr(0, whole.size() - 30)); }, {"bad.npz", "truncated"});
    // Every byte damaged in turn: read or refused, never a crash or a read out of bounds.
    for (std::size_t i = 0; i < whole.size(); ++i) {
      std::string damaged = whole;
      damaged[i] = static_cast<char>(damaged[i] ^ 0x5a);
      try {
        parse(damaged);
      } catch (const InputError&) {
      }
    }
  }
}

// A zip bomb: a few kilobytes that inflate to 16 MiB. Refused by its declared size before
// anything is inflated; and if it lies about its size, refused when the inflation passes it.
TEST(NpzReader, ZipBombIsBoundedByTheLimit) {
  const std::string zeros = npy_bytes("<f8", false, {std::size_t{1} << 21}, std::string(std::size_t{1} << 24, '\0'));
  const std::string bomb = zip_bytes({{"z.npy", zeros, 8}});
  ASSERT_LT(bomb.size(), 100000u);
  try {
    parse(bomb, std::nullopt, 1 << 20);
    ADD_FAILURE() << "no InputTooLarge";
  } catch (const InputTooLarge& e) {
    EXPECT_NE(std::string(e.what()).find("limit of 1048576 bytes"), std::string::npos) << e.what();
  }
  expect_input_error(
      [&] {
        parse(zip_bytes({{"z.npy", zeros, 8, 0, std::nullopt, 1000u}}));
      },
      {"member 'z.npy'", "inflates to more than the 1000 bytes"});
  // Many small members are bounded together, as the one file they come from is.
  std::vector<ZipEntry> many;
  for (int i = 0; i < 1000; ++i) many.push_back({std::to_string(i) + ".npy", kSmallNpy, 8});
  EXPECT_THROW(parse(zip_bytes(many), std::nullopt, 100 * kSmallNpy.size()), InputTooLarge);
}

TEST(NpzReader, FormatAndFiles) {
  EXPECT_EQ(format_from_extension("x.NPZ"), Format::npz);
  EXPECT_EQ(parse_format("npz"), Format::npz);
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("npz-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  testing::write_bytes(dir / "a.bin", zip_bytes({{"x.npy", kSmallNpy, 8}}));
  EXPECT_EQ(read_tensors(dir / "a.bin", Format::npz).at(0).name, "x");
  expect_input_error([&] { read_tensors(dir / "a.bin", Format::npz, std::nullopt, 10); },
                     {"a.bin", "exceed the limit"});
  expect_input_error([] { read_npz("/dev/zero"); }, {"/dev/zero", "not a zip archive"});
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace attnlaw::io
