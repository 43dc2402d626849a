#pragma once
// Shared by the reader tests: bytes of a string and of a file, a safetensors file around a
// header, and "this call throws InputError whose message contains every one of these pieces".
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <span>
#include <string>

#include "verify/io/tensor.hpp"

namespace attnlaw::testing {

// The NumPy-written fixtures (tests/data/fixtures/numpy/README.md).
inline const std::filesystem::path kNumpyFixtures = std::filesystem::path(ATTNLAW_TEST_DATA_DIR) / "fixtures" / "numpy";

inline std::span<const unsigned char> as_bytes(const std::string& s) {
  return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

inline std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// 8-byte little-endian length, the JSON header padded with spaces to a multiple of 8, the data.
inline std::string safetensors_bytes(const std::string& header, const std::string& data, std::size_t pad_to = 8) {
  std::string h = header;
  while (h.size() % pad_to != 0) h += ' ';
  std::string out;
  for (int i = 0; i < 8; ++i) out += static_cast<char>((static_cast<std::uint64_t>(h.size()) >> (8 * i)) & 0xff);
  return out + h + data;
}

template <class F>
void expect_input_error(F&& call, std::initializer_list<const char*> pieces) {
  try {
    call();
    ADD_FAILURE() << "no InputError; expected a message with " << *pieces.begin();
  } catch (const io::InputError& e) {
    const std::string what = e.what();
    for (const char* piece : pieces)
      EXPECT_NE(what.find(piece), std::string::npos) << "'" << what << "' lacks '" << piece << "'";
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
  }
}

}  // namespace attnlaw::testing
