#pragma once
// safetensors files (huggingface/safetensors, docs "Format"): an 8-byte little-endian header
// length N, N bytes of JSON {"NAME": {"dtype", "shape", "data_offsets": [begin, end]}, ...,
// "__metadata__": {...}}, then the byte buffer the offsets point into (relative to its start).
//
// Dtypes F16, BF16 (both decoded exactly, verify/io/half_precision.hpp), F32 and F64 are read
// (little-endian, as the format prescribes); any other dtype is refused naming it. Every offset is checked against the
// buffer and against the tensor's shape before a byte is read; __metadata__ is ignored; a tensor named twice is
// refused. Tensors come back in file order (ascending data_offsets), each with its name.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/io/file_bytes.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::io {

// The format's reference implementation refuses headers above 100 MB; so do we, before parsing.
inline constexpr std::size_t kMaxSafetensorsHeader = 100'000'000;

// All tensors, or only the one called `only` (an InputError lists the names if it is absent).
std::vector<Tensor> parse_safetensors(std::span<const unsigned char> bytes, const std::string& name,
                                      const std::optional<std::string>& only = std::nullopt);

std::vector<Tensor> read_safetensors(const std::filesystem::path& path,
                                     const std::optional<std::string>& only = std::nullopt,
                                     std::uint64_t max_bytes = kDefaultMaxInputBytes);

}  // namespace attnlaw::io
