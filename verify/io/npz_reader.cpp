#include "verify/io/npz_reader.hpp"

#include <algorithm>
#include <set>
#include <string_view>

#include "verify/io/npy_reader.hpp"
#include "verify/io/safetensors_header.hpp"
#include "verify/io/zip_archive.hpp"

namespace attnlaw::io {
namespace {

constexpr std::string_view kSuffix = ".npy";

// NAME of NAME.npy, as np.load names it.
std::string array_name(const ZipMember& m, const std::string& name) {
  const std::string_view member = m.name;
  if (member.size() <= kSuffix.size() || member.substr(member.size() - kSuffix.size()) != kSuffix)
    throw InputError(name + ": member '" + shown_name(m.name) +
                     "' is not a .npy file (an .npz holds only NAME.npy members)");
  return std::string(member.substr(0, member.size() - kSuffix.size()));
}

}  // namespace

std::vector<Tensor> parse_npz(std::span<const unsigned char> bytes, const std::string& name,
                              const std::optional<std::string>& only, std::uint64_t max_bytes) {
  const std::vector<ZipMember> members = zip_members(bytes, name);
  if (members.empty()) throw InputError(name + ": the .npz archive holds no arrays");
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const ZipMember& m : members) {
    names.push_back(array_name(m, name));
    if (!seen.insert(names.back()).second)
      throw InputError(name + ": member '" + shown_name(m.name) + "' appears twice in the archive");
  }
  std::vector<std::size_t> chosen;
  if (only) {
    const auto it = std::find(names.begin(), names.end(), *only);
    if (it == names.end()) {
      std::string listed;
      for (std::size_t i = 0; i < names.size() && i < 8; ++i) listed += (i ? ", " : "") + shown_name(names[i]);
      if (names.size() > 8) listed += ", ...";
      throw InputError(name + ": no tensor named '" + shown_name(*only) + "' (it holds " + listed + ")");
    }
    chosen.push_back(static_cast<std::size_t>(it - names.begin()));
  } else {
    for (std::size_t i = 0; i < members.size(); ++i) chosen.push_back(i);
  }
  // The inflated members are what is decoded, so they are bounded together as one file is,
  // before the first is inflated; overlapping members cannot multiply the archive.
  std::uint64_t total = 0;
  for (const std::size_t i : chosen) {
    total += std::min(members[i].uncompressed_size, max_bytes + 1);
    if (total > max_bytes)
      throw InputTooLarge(name + ": its members inflate to more than the limit of " + std::to_string(max_bytes) +
                          " bytes on one input file");
  }
  std::vector<Tensor> tensors;
  tensors.reserve(chosen.size());
  for (const std::size_t i : chosen) {
    const std::vector<unsigned char> npy = zip_extract(bytes, members[i], name, max_bytes);
    tensors.push_back(parse_npy(npy, name + ": member '" + shown_name(members[i].name) + "'"));
    tensors.back().name = names[i];
  }
  return tensors;
}

std::vector<Tensor> read_npz(const std::filesystem::path& path, const std::optional<std::string>& only,
                             std::uint64_t max_bytes) {
  // An archive starts with a local header, or is empty and starts with its end record: anything
  // else (a device such as /dev/zero) is refused before it is read.
  const std::vector<unsigned char> head = read_file_prefix(path, 4);
  if (head.size() == 4 &&
      !(head[0] == 'P' && head[1] == 'K' && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))))
    throw InputError(display_name(path) + ": not a zip archive (an .npz file starts with PK\\x03\\x04)");
  return parse_npz(read_file_bytes(path, max_bytes), display_name(path), only, max_bytes);
}

}  // namespace attnlaw::io
