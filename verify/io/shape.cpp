#include "verify/io/shape.hpp"

#include <limits>

namespace attnlaw::io {

std::optional<std::size_t> checked_byte_count(const std::vector<std::size_t>& shape, std::size_t item_size) {
  constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
  std::size_t count = item_size;
  for (const std::size_t extent : shape) {
    if (extent != 0 && count > kMax / extent) return std::nullopt;
    count *= extent;
  }
  return count;
}

std::string format_shape(const std::vector<std::size_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

}  // namespace attnlaw::io
