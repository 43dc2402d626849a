#pragma once
// A regular file mapped read-only into memory: its bytes without a copy, for the readers that can
// use data where it lies (an .npy of float32 rows is diagnosed straight from the page cache).
// Anything that is not a regular file, or that mmap refuses, gives no mapping and the caller
// reads the file as before.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

namespace attnlaw::io {

class MappedFile {
 public:
  // nullptr when the path is no regular file, is empty, exceeds `max_bytes`, or cannot be mapped.
  static std::unique_ptr<MappedFile> open(const std::filesystem::path& path, std::uint64_t max_bytes);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::span<const unsigned char> bytes() const noexcept { return {data_, size_}; }

 private:
  MappedFile(const unsigned char* data, std::size_t size) : data_(data), size_(size) {}
  const unsigned char* data_;
  std::size_t size_;
};

}  // namespace attnlaw::io
