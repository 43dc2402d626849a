#pragma once
// Test helpers for .npy files: the production writer (verify/io/npy_writer.hpp, checked byte for
// byte against the NumPy-written fixtures by io_tests), raw payloads in either byte order, files.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "verify/io/npy_writer.hpp"

namespace attnlaw::testing {

// The production writer (verify/io/npy_writer.hpp) with the dtype as a plain name.
inline std::string npy_bytes(const std::string& descr, bool fortran, const std::vector<std::size_t>& shape,
                             const std::string& payload, int major = 1) {
  return io::npy_bytes("'" + descr + "'", fortran, shape, payload, major);
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
