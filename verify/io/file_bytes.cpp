#include "verify/io/file_bytes.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "verify/io/tensor.hpp"

namespace attnlaw::io {

std::vector<unsigned char> read_file_bytes(const std::filesystem::path& path) {
  const std::string name = display_name(path);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw InputError(name + ": cannot open: no such file");
  if (std::filesystem::is_directory(status)) throw InputError(name + ": is a directory, expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(name + ": cannot open: " + std::strerror(errno));
  std::vector<unsigned char> bytes;
  // Read in blocks rather than trusting the size reported for the file (pipes and /proc report 0).
  constexpr std::size_t kBlock = 1 << 20;
  for (;;) {
    const std::size_t old = bytes.size();
    bytes.resize(old + kBlock);
    in.read(reinterpret_cast<char*>(bytes.data() + old), static_cast<std::streamsize>(kBlock));
    bytes.resize(old + static_cast<std::size_t>(in.gcount()));
    if (!in) break;
  }
  if (in.bad()) throw InputError(name + ": read error");
  return bytes;
}

}  // namespace attnlaw::io
