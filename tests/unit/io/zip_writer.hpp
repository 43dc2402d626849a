#pragma once
// Test helper: zip archives written here, member by member, stored or raw-deflated by zlib, with
// every header field open to tampering, so that the reader's refusals can be provoked one at a
// time. Only what the tests need: no ZIP64, one disk, no data descriptors.
#include <zlib.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attnlaw::testing {

struct ZipEntry {
  // method 0 stored, 8 deflate; any other is written stored but labelled so. crc and
  // declared_size (the uncompressed size) default to the content's.
  ZipEntry(std::string name_, std::string content_, std::uint16_t method_ = 0, std::uint16_t flags_ = 0,
           std::optional<std::uint32_t> crc_ = std::nullopt, std::optional<std::uint32_t> declared_size_ = std::nullopt)
      : name(std::move(name_)),
        content(std::move(content_)),
        method(method_),
        flags(flags_),
        crc(crc_),
        declared_size(declared_size_) {}
  std::string name;
  std::string content;
  std::uint16_t method;
  std::uint16_t flags;
  std::optional<std::uint32_t> crc;
  std::optional<std::uint32_t> declared_size;
};

inline std::string raw_deflate(const std::string& in) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2");
  std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("deflate");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

inline std::string zip_bytes(const std::vector<ZipEntry>& entries) {
  const auto put = [](std::string& s, std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) s += static_cast<char>((v >> (8 * i)) & 0xff);
  };
  std::string local, central;
  for (const ZipEntry& e : entries) {
    const std::string data = e.method == 8 ? raw_deflate(e.content) : e.content;
    const std::uint32_t crc =
        e.crc ? *e.crc
              : static_cast<std::uint32_t>(
                    crc32(0, reinterpret_cast<const Bytef*>(e.content.data()), static_cast<uInt>(e.content.size())));
    const std::uint32_t size = e.declared_size ? *e.declared_size : static_cast<std::uint32_t>(e.content.size());
    const std::size_t offset = local.size();
    std::string common;  // version needed .. name length, as both headers share them
    put(common, 20, 2);
    put(common, e.flags, 2);
    put(common, e.method, 2);
    put(common, 0, 4);  // time, date
    put(common, crc, 4);
    put(common, data.size(), 4);
    put(common, size, 4);
    put(common, e.name.size(), 2);
    put(common, 0, 2);  // extra length
    put(local, 0x04034b50, 4);
    local += common + e.name + data;
    put(central, 0x02014b50, 4);
    put(central, 20, 2);  // version made by
    central += common;
    put(central, 0, 2);  // comment length
    put(central, 0, 8);  // disk, internal and external attributes
    put(central, offset, 4);
    central += e.name;
  }
  std::string out = local + central;
  put(out, 0x06054b50, 4);
  put(out, 0, 4);  // disks
  put(out, entries.size(), 2);
  put(out, entries.size(), 2);
  put(out, central.size(), 4);
  put(out, local.size(), 4);
  put(out, 0, 2);  // comment length
  return out;
}

}  // namespace attnlaw::testing
