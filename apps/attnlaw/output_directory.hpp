#pragma once
#include <filesystem>
#include <string>

namespace attnlaw::cli {

// Creates `dir` if needed and proves it writable before any work starts, so a bad --out
// fails at once with exit 2 instead of after a long run. Throws UsageError naming `option`.
void prepare_output_directory(const std::string& option, const std::filesystem::path& dir);

}  // namespace attnlaw::cli
