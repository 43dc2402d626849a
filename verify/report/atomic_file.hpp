#pragma once
// Whole-file replacement that readers never see half done: write a temporary file in the target's
// directory, then rename it over the target (rename is atomic within one file system).
#include <filesystem>
#include <string_view>

namespace attnlaw::report {

// Writes `content` to `path` atomically. On any failure the temporary file is removed, `path` keeps
// its previous content (or stays absent), and std::runtime_error is thrown naming `path` and the
// system error.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace attnlaw::report
