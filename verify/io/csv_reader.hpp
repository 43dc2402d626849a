#pragma once
// Comma-separated rows of logits, one row per line.
//
// Each field is a decimal number as std::from_chars reads it (C locale), optionally with a
// leading '+', surrounded by optional spaces or tabs; the tokens inf, -inf, infinity and nan
// are understood in any case (-inf marks a masked key; nan is accepted here and refused by the
// row check that follows). A value too large for a double is refused; one too small becomes 0
// (as Python's float() does). Lines that are empty or start with '#' are skipped; "\r\n" line
// ends are accepted. An empty field is refused, naming line and field.
//
// Ragged rows: rows may differ in length. The file is read as shape [rows, longest row] with
// each short row padded by -inf at its end, so every row keeps its own unmasked length n.
// Because the padding is real memory, a file whose padded size would exceed
// kMaxPaddingFactor times its values (plus kPaddingAllowance) is refused: write such data as
// .npy with -inf entries.
#include <cstddef>
#include <filesystem>
#include <span>
#include <string>

#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::io {

inline constexpr std::size_t kMaxPaddingFactor = 8;
inline constexpr std::size_t kPaddingAllowance = 1 << 16;

Tensor parse_csv(std::span<const unsigned char> bytes, const std::string& name);

Tensor read_csv(const std::filesystem::path& path, std::uint64_t max_bytes = kDefaultMaxInputBytes);

}  // namespace attnlaw::io
