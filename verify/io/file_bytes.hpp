#pragma once
// The whole content of a file, or an InputError naming it. The size is bounded: a regular file
// is measured before a byte is read, anything else (a pipe, a device such as /dev/zero) is read
// in blocks only up to the bound.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace attnlaw::io {

// 1 GiB: a float32 file of that size decodes to 2 GiB of doubles beside its 1 GiB of bytes.
inline constexpr std::uint64_t kDefaultMaxInputBytes = std::uint64_t{1} << 30;

// Throws InputTooLarge (an InputError) past `max_bytes`.
std::vector<unsigned char> read_file_bytes(const std::filesystem::path& path,
                                           std::uint64_t max_bytes = kDefaultMaxInputBytes);

// At most the first `count` bytes (fewer if the file is shorter).
std::vector<unsigned char> read_file_prefix(const std::filesystem::path& path, std::size_t count);

// The name a message uses for a file: the path as the user gave it.
inline std::string display_name(const std::filesystem::path& path) { return path.string(); }

}  // namespace attnlaw::io
