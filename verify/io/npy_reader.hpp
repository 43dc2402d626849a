#pragma once
// NumPy .npy files (format versions 1.0, 2.0, 3.0; numpy/lib/format.py and NEP 1).
//
// Accepted dtypes: float16, float32 and float64 in either byte order ('<f2', '<f4', '<f8', '>f2',
// '>f4', '>f8', and '=' or no order character for the host order; big-endian data is
// byte-swapped; float16 is decoded exactly, verify/io/half_precision.hpp), and int32
// ('<i4', '>i4'), read as exact integers converted to double. Anything else is refused naming the
// dtype. fortran_order True is read correctly: the column-major storage is transposed into the
// row-major values of Tensor. Everything is bounds-checked against the buffer; a malformed file
// gives an InputError "NAME: problem", never a crash.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::io {

// `bytes` is the whole file; `name` is used in messages.
Tensor parse_npy(std::span<const unsigned char> bytes, const std::string& name);

// The data of a float16/float32/float64 .npy in host byte order and row-major order, where it
// lies in `bytes` (aligned to its type): read in place, not decoded. nullopt for every other
// layout (Fortran order, byte-swapped, int32), which parse_npy reads. A malformed file throws as
// parse_npy does.
struct NpyView {
  enum class Type { float16, float32, float64 };
  std::vector<std::size_t> shape;
  Type type;
  std::span<const unsigned char> data;
};
std::optional<NpyView> view_npy(std::span<const unsigned char> bytes, const std::string& name);

Tensor read_npy(const std::filesystem::path& path, std::uint64_t max_bytes = kDefaultMaxInputBytes);

}  // namespace attnlaw::io
