#pragma once
// The members of a zip archive held in memory (PKWARE APPNOTE 6.3.x), as far as .npz files need:
// stored (method 0) and deflated (method 8) members, ZIP64 sizes and offsets (NumPy's savez
// forces a ZIP64 extra field into every local header, and archives past 4 GiB need the ZIP64
// end records). The central directory is the authority for names, sizes, methods and CRCs;
// each local header is checked against it. Everything comes from an untrusted file: every
// offset is checked against the buffer, nothing is allocated from a size before that size is
// checked against the caller's limit, and an inflated member may not exceed its declared size,
// so a zip bomb costs at most the limit. Multi-disk archives and encrypted members are refused.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace attnlaw::io {

struct ZipMember {
  std::string name;
  std::uint16_t method = 0;
  std::uint32_t crc32 = 0;
  std::uint64_t compressed_size = 0;
  std::uint64_t uncompressed_size = 0;
  std::uint64_t data_offset = 0;  // of the member's (compressed) bytes in the archive; checked
};

// The members in central-directory order; InputError "NAME: problem" if `bytes` is no zip
// archive this reader can read. `name` is used in messages.
std::vector<ZipMember> zip_members(std::span<const unsigned char> bytes, const std::string& name);

// The member's content, CRC-checked. InputTooLarge (before any allocation) if its declared size
// exceeds `max_bytes`; InputError if it is corrupt, truncated, or inflates to another size.
std::vector<unsigned char> zip_extract(std::span<const unsigned char> bytes, const ZipMember& member,
                                       const std::string& name, std::uint64_t max_bytes);

}  // namespace attnlaw::io
