#pragma once
// Test helper: .npy files written exactly as numpy.lib.format.write_array does (NumPy 1.24):
// magic, version, little-endian header length, the dict repr
// "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", spaces, '\n', with the
// prefix + header padded to a multiple of 64 bytes. io_tests check the result byte for byte
// against the NumPy-written fixtures.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace attnlaw::testing {

inline std::string npy_shape_repr(const std::vector<std::size_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

inline std::string npy_bytes(const std::string& descr, bool fortran, const std::vector<std::size_t>& shape,
                             const std::string& payload, int major = 1) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                     ", 'shape': " + npy_shape_repr(shape) + ", }";
  const std::size_t prefix = major == 1 ? 10 : 12;
  const std::size_t total = prefix + dict.size() + 1;
  dict += std::string((64 - total % 64) % 64, ' ') + '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  const std::uint32_t len = static_cast<std::uint32_t>(dict.size());
  out += static_cast<char>(len & 0xff);
  out += static_cast<char>((len >> 8) & 0xff);
  if (major != 1) {
    out += static_cast<char>((len >> 16) & 0xff);
    out += static_cast<char>((len >> 24) & 0xff);
  }
  return out + dict + payload;
}

// The bytes of `values` as `Word` in the given byte order.
template <class T>
std::string raw_bytes(const std::vector<T>& values, bool big_endian = false) {
  std::string out;
  for (const T v : values) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    if (big_endian != (std::endian::native == std::endian::big)) std::reverse(b, b + sizeof(T));
    out.append(b, sizeof(T));
  }
  return out;
}

inline void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace attnlaw::testing
