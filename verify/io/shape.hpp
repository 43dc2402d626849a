#pragma once
// Shape arithmetic shared by the readers: sizes come from untrusted headers, so every product
// is checked for overflow before anything is allocated.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attnlaw::io {

// product(shape) * item_size, or nullopt if it does not fit in std::size_t.
std::optional<std::size_t> checked_byte_count(const std::vector<std::size_t>& shape, std::size_t item_size);

// "(4, 256)" — Python's tuple notation, which is what .npy headers and NumPy users write.
std::string format_shape(const std::vector<std::size_t>& shape);

}  // namespace attnlaw::io
