#include "verify/io/file_bytes.hpp"

#include "verify/io/huge_pages.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "verify/io/tensor.hpp"

namespace attnlaw::io {

namespace {

[[noreturn]] void too_large(const std::string& name, const std::string& size, std::uint64_t max_bytes) {
  throw InputTooLarge(name + ": " + size + " bytes exceed the limit of " + std::to_string(max_bytes) +
                      " bytes on one input file");
}

std::filesystem::file_status existing_file(const std::filesystem::path& path, const std::string& name) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw InputError(name + ": cannot open: no such file");
  if (std::filesystem::is_directory(status)) throw InputError(name + ": is a directory, expected a file");
  return status;
}

}  // namespace

std::vector<unsigned char> read_file_prefix(const std::filesystem::path& path, std::size_t count) {
  const std::string name = display_name(path);
  existing_file(path, name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(name + ": cannot open: " + std::strerror(errno));
  std::vector<unsigned char> bytes(count);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(count));
  if (in.bad()) throw InputError(name + ": read error");
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return bytes;
}

constexpr std::size_t kBlock = 1 << 20;

std::vector<unsigned char> read_file_bytes(const std::filesystem::path& path, std::uint64_t max_bytes) {
  const std::string name = display_name(path);
  const auto status = existing_file(path, name);
  std::error_code ec;
  std::uintmax_t reported_size = 0;
  if (std::filesystem::is_regular_file(status)) {
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) too_large(name, std::to_string(size), max_bytes);
    if (!ec) reported_size = size;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(name + ": cannot open: " + std::strerror(errno));
  std::vector<unsigned char> bytes;
  // One allocation for a regular file (its size is a hint, not trusted): growing by blocks would
  // copy a large file several times over.
  bytes.reserve(static_cast<std::size_t>(reported_size) + kBlock);
  advise_huge_pages(bytes.data(), bytes.capacity());
  // Read in blocks rather than trusting the size reported for the file (pipes and /proc report
  // 0), and never past the limit: a device such as /dev/zero never ends.
  for (;;) {
    const std::size_t old = bytes.size();
    if (old > max_bytes) too_large(name, "more than " + std::to_string(max_bytes), max_bytes);
    bytes.resize(old + kBlock);
    in.read(reinterpret_cast<char*>(bytes.data() + old), static_cast<std::streamsize>(kBlock));
    bytes.resize(old + static_cast<std::size_t>(in.gcount()));
    if (!in) break;
  }
  if (in.bad()) throw InputError(name + ": read error");
  if (bytes.size() > max_bytes) too_large(name, std::to_string(bytes.size()), max_bytes);
  return bytes;
}

}  // namespace attnlaw::io
