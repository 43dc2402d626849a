#pragma once
// Test helper: zip archives written here, member by member, stored or raw-deflated by zlib, with
// every header field open to tampering, so that the reader's refusals can be provoked one at a
// time. Only what the tests need: one disk, no data descriptors.
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

// zip64: the central directory's sizes and offsets and the end record's counts are all ones,
// their values in ZIP64 extra fields and a ZIP64 end record, as an archive past 4 GiB has them.
inline std::string zip_bytes(const std::vector<ZipEntry>& entries, bool zip64 = false) {
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
    put(central, zip64 ? 45 : 20, 2);  // version made by
    if (zip64) {
      std::string extra;
      put(extra, 1, 2);
      put(extra, 24, 2);
      put(extra, size, 8);
      put(extra, data.size(), 8);
      put(extra, offset, 8);
      common.replace(14, 8, std::string(8, '\xff'));  // compressed and uncompressed sizes
      common.replace(24, 2, std::string{static_cast<char>(extra.size()), 0});
      central += common;
      put(central, 0, 2);  // comment length
      put(central, 0, 4);  // disk, internal attributes
      put(central, 0, 4);  // external attributes
      put(central, 0xffffffff, 4);
      central += e.name + extra;
    } else {
      central += common;
      put(central, 0, 2);  // comment length
      put(central, 0, 8);  // disk, internal and external attributes
      put(central, offset, 4);
      central += e.name;
    }
  }
  std::string out = local + central;
  if (zip64) {
    const std::size_t record = out.size();
    put(out, 0x06064b50, 4);
    put(out, 44, 8);  // size of the rest of the record
    put(out, 45, 2);
    put(out, 45, 2);
    put(out, 0, 8);  // disks
    put(out, entries.size(), 8);
    put(out, entries.size(), 8);
    put(out, central.size(), 8);
    put(out, local.size(), 8);
    put(out, 0x07064b50, 4);  // locator
    put(out, 0, 4);
    put(out, record, 8);
    put(out, 1, 4);
  }
  put(out, 0x06054b50, 4);
  put(out, 0, 4);  // disks
  put(out, zip64 ? 0xffff : entries.size(), 2);
  put(out, zip64 ? 0xffff : entries.size(), 2);
  put(out, zip64 ? 0xffffffff : central.size(), 4);
  put(out, zip64 ? 0xffffffff : local.size(), 4);
  put(out, 0, 2);  // comment length
  return out;
}

}  // namespace attnlaw::testing
