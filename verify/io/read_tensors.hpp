#pragma once
// One entry point for the command line: the format from --format or from the extension
// (.npy, .npz, .csv, .safetensors).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::io {

enum class Format { npy, npz, csv, safetensors };

// "npy", "npz", "csv", "safetensors"; nullopt for anything else.
std::optional<Format> parse_format(std::string_view text);

// From the extension (case-insensitive); throws InputError naming the file if it says nothing.
Format format_from_extension(const std::filesystem::path& path);

// Every tensor of the file (one for .npy and .csv). `tensor` selects one tensor by name and is
// only meaningful for safetensors and npz: given with another format it is an InputError.
// `max_bytes` bounds the size of the file, and for npz also what its members inflate to
// (InputTooLarge beyond).
std::vector<Tensor> read_tensors(const std::filesystem::path& path, std::optional<Format> format = std::nullopt,
                                 const std::optional<std::string>& tensor = std::nullopt,
                                 std::uint64_t max_bytes = kDefaultMaxInputBytes);

}  // namespace attnlaw::io
