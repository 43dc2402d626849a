#include "verify/report/staged_directory.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <stdio.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace attnlaw::report {
namespace fs = std::filesystem;
namespace {

// A file as a hard link (a copy where the file system has none); a folder entry by entry.
void carry(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  if (fs::is_directory(fs::symlink_status(from))) {
    fs::create_directory(to);
    for (const auto& entry : fs::directory_iterator(from)) carry(entry.path(), to / entry.path().filename());
    return;
  }
  if (fs::is_symlink(fs::symlink_status(from))) {
    fs::copy_symlink(from, to);
    return;
  }
  fs::create_hard_link(from, to, ec);
  if (ec) fs::copy_file(from, to);
}

bool exchange(const fs::path& a, const fs::path& b) {
  return ::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0;
}

// Debris of an interrupted writer: atomic_file's temporaries and the output probe, never carried.
bool debris(const std::string& name) {
  return name.starts_with(".") && (name.ends_with(".tmp") || name.starts_with(".attnlaw-write-probe-"));
}

}  // namespace

fs::path staging_path(const fs::path& dir) {
  const fs::path absolute = fs::absolute(dir).lexically_normal();
  const fs::path clean = absolute.has_filename() ? absolute : absolute.parent_path();
  std::string name = clean.filename().string();
  name.insert(name.begin(), '.');
  name.append(".staging");
  return clean.parent_path() / name;
}

StagedDirectory::StagedDirectory(fs::path dir, std::vector<std::string> owned)
    : dir_(std::move(dir)), staging_(staging_path(dir_)) {
  try {
    fs::remove_all(staging_);  // a killed writer's
    fs::create_directories(staging_);
    if (fs::is_directory(dir_)) {
      for (const auto& entry : fs::directory_iterator(dir_)) {
        const std::string name = entry.path().filename().string();
        if (debris(name) || std::find(owned.begin(), owned.end(), name) != owned.end()) continue;
        carry(entry.path(), staging_ / name);
      }
    }
  } catch (const fs::filesystem_error& e) {
    std::error_code ignored;
    fs::remove_all(staging_, ignored);
    throw std::runtime_error(fmt::format("cannot stage {}: {}", dir_.string(), e.code().message()));
  }
}

StagedDirectory::~StagedDirectory() {
  std::error_code ignored;
  if (!committed_) fs::remove_all(staging_, ignored);
}

void StagedDirectory::commit() {
  std::error_code ec;
  if (!fs::exists(dir_)) {
    fs::create_directories(fs::absolute(dir_).parent_path(), ec);
    fs::rename(staging_, dir_, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot move the report into {}: {}", dir_.string(), ec.message()));
  } else if (!exchange(staging_, dir_)) {
    const int error = errno;
    if (error != EINVAL && error != ENOSYS)
      throw std::runtime_error(fmt::format("cannot replace {}: {}", dir_.string(), std::strerror(error)));
    // A file system without the exchange: two renames, with DIR absent for the instant between.
    const fs::path old = staging_.string() + ".old";
    fs::remove_all(old, ec);
    fs::rename(dir_, old, ec);
    if (!ec) fs::rename(staging_, dir_, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot replace {}: {}", dir_.string(), ec.message()));
    fs::remove_all(old, ec);
    committed_ = true;
    return;
  }
  committed_ = true;
  fs::remove_all(staging_, ec);  // now the old report; a failure only leaves it for the next run
}

}  // namespace attnlaw::report
