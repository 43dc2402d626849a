#include "verify/io/npy_writer.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace attnlaw::io {

std::string npy_shape_repr(const std::vector<std::size_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

std::string npy_bytes(const std::string& descr_repr, bool fortran_order, const std::vector<std::size_t>& shape,
                      const std::string& payload, int major) {
  std::string dict = "{'descr': " + descr_repr + ", 'fortran_order': " + (fortran_order ? "True" : "False") +
                     ", 'shape': " + npy_shape_repr(shape) + ", }";
  // Version 1.0 stores the header length in 2 bytes; NumPy moves to 2.0 (4 bytes) beyond.
  if (major == 1 && dict.size() + 11 > 65535) major = 2;
  const std::size_t prefix = major == 1 ? 10 : 12;
  const std::size_t total = prefix + dict.size() + 1;
  dict += std::string((64 - total % 64) % 64, ' ') + '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  const auto len = static_cast<std::uint32_t>(dict.size());
  const int length_bytes = major == 1 ? 2 : 4;
  for (int i = 0; i < length_bytes; ++i) out += static_cast<char>((len >> (8 * i)) & 0xff);
  return out + dict + payload;
}

std::string npy_float64_records(const std::vector<std::string>& names,
                                const std::vector<std::vector<double>>& columns) {
  if (names.size() != columns.size() || names.empty())
    throw std::invalid_argument("npy_float64_records: one name per column");
  const std::size_t rows = columns.front().size();
  std::string descr = "[";
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (columns[k].size() != rows) throw std::invalid_argument("npy_float64_records: columns of unequal length");
    descr += (k ? ", ('" : "('") + names[k] + "', '<f8')";
  }
  descr += "]";
  std::string payload;
  payload.reserve(rows * names.size() * sizeof(double));
  for (std::size_t r = 0; r < rows; ++r) {
    for (const auto& column : columns) {
      char b[sizeof(double)];
      std::memcpy(b, &column[r], sizeof(double));
      if constexpr (std::endian::native == std::endian::big) std::reverse(b, b + sizeof(double));
      payload.append(b, sizeof(double));
    }
  }
  return npy_bytes(descr, false, {rows}, payload);
}

}  // namespace attnlaw::io
