#include "verify/report/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

namespace attnlaw::report {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view step, int error) {
  throw std::runtime_error(
      fmt::format("cannot write {}: {} failed: {}", path.string(), step, std::generic_category().message(error)));
}

// Closes and unlinks the temporary file unless released after a successful rename.
class TemporaryFile {
 public:
  TemporaryFile(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  int fd() const noexcept { return fd_; }
  const std::filesystem::path& path() const noexcept { return path_; }
  // close(2) reports deferred write errors (NFS, quota), so its result matters.
  int close() noexcept {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc;
  }
  void release() noexcept { path_.clear(); }

 private:
  int fd_;
  std::filesystem::path path_;
};

// A name no other writer uses: pid for other processes, a counter for other threads, O_EXCL for
// leftovers of crashed runs.
TemporaryFile create_temporary(const std::filesystem::path& target) {
  static std::atomic<unsigned long> counter{0};
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  for (int attempt = 0;; ++attempt) {
    const std::filesystem::path tmp =
        dir / fmt::format(".{}.{}.{}.tmp", target.filename().string(), static_cast<long>(::getpid()), counter++);
    // 0666 so the process umask decides the final permissions, as for any newly created file.
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return TemporaryFile(fd, tmp);
    const int error = errno;
    if (error != EEXIST || attempt >= 100) fail(target, fmt::format("creating {}", tmp.string()), error);
  }
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  if (!path.has_filename())
    throw std::runtime_error(fmt::format("cannot write \"{}\": not a file name", path.string()));
  TemporaryFile tmp = create_temporary(path);

  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    const ssize_t n = ::write(tmp.fd(), data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, "write", errno);
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  // Without fsync a crash shortly after rename can leave an empty file under the final name.
  if (::fsync(tmp.fd()) != 0) fail(path, "fsync", errno);
  if (tmp.close() != 0) fail(path, "close", errno);
  if (std::rename(tmp.path().c_str(), path.c_str()) != 0) fail(path, "rename", errno);
  tmp.release();
}

}  // namespace attnlaw::report
