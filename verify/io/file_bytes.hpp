#pragma once
// The whole content of a file, or an InputError naming it.
#include <filesystem>
#include <string>
#include <vector>

namespace attnlaw::io {

std::vector<unsigned char> read_file_bytes(const std::filesystem::path& path);

// The name a message uses for a file: the path as the user gave it.
inline std::string display_name(const std::filesystem::path& path) { return path.string(); }

}  // namespace attnlaw::io
