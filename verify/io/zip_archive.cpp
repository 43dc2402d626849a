#include "verify/io/zip_archive.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>

#include "verify/io/safetensors_header.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::io {
namespace {

constexpr std::uint32_t kLocalHeader = 0x04034b50, kCentralHeader = 0x02014b50, kEndRecord = 0x06054b50,
                        kZip64EndRecord = 0x06064b50, kZip64Locator = 0x07064b50;
constexpr std::size_t kLocalHeaderSize = 30, kCentralHeaderSize = 46, kEndRecordSize = 22, kZip64EndRecordSize = 56,
                      kZip64LocatorSize = 20;
constexpr std::uint16_t kZip64ExtraId = 0x0001;

// Reads little-endian fields at offsets the caller has checked against the buffer.
class Reader {
 public:
  Reader(std::span<const unsigned char> bytes, std::string name) : bytes_(bytes), name_(std::move(name)) {}

  std::uint64_t le(std::size_t at, std::size_t width) const {
    std::uint64_t v = 0;
    for (std::size_t i = width; i-- > 0;) v = v << 8 | bytes_[at + i];
    return v;
  }
  std::uint16_t u16(std::size_t at) const { return static_cast<std::uint16_t>(le(at, 2)); }
  std::uint32_t u32(std::size_t at) const { return static_cast<std::uint32_t>(le(at, 4)); }
  std::uint64_t u64(std::size_t at) const { return le(at, 8); }

  // [at, at + length) lies inside the buffer; no overflow whatever the operands.
  bool holds(std::uint64_t at, std::uint64_t length) const {
    return at <= bytes_.size() && length <= bytes_.size() - at;
  }
  void require(std::uint64_t at, std::uint64_t length, const std::string& what) const {
    if (!holds(at, length)) fail("truncated archive: " + what + " lies beyond the end of the file");
  }

  [[noreturn]] void fail(const std::string& problem) const { throw InputError(name_ + ": " + problem); }

  std::size_t size() const { return bytes_.size(); }
  const unsigned char* data() const { return bytes_.data(); }

 private:
  std::span<const unsigned char> bytes_;
  std::string name_;
};

struct Directory {
  std::uint64_t entries = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

// The end-of-central-directory record ends the file, followed only by its comment, whose length
// it states; searching back over the longest comment and requiring the length to match refuses
// a stray signature inside the comment.
std::size_t find_end_record(const Reader& r) {
  if (r.size() < kEndRecordSize) {
    const bool local = r.size() >= 4 && r.u32(0) == kLocalHeader;
    r.fail(local ? "truncated zip archive (no end of central directory)" : "not a zip archive (too short)");
  }
  const std::size_t last = r.size() - kEndRecordSize;
  const std::size_t first = last > 0xffff ? last - 0xffff : 0;
  for (std::size_t at = last + 1; at-- > first;)
    if (r.u32(at) == kEndRecord && r.u16(at + 20) == r.size() - at - kEndRecordSize) return at;
  if (r.u32(0) == kLocalHeader) r.fail("truncated zip archive (no end of central directory)");
  r.fail("not a zip archive (no end of central directory record)");
}

Directory read_directory(const Reader& r) {
  const std::size_t end = find_end_record(r);
  if (r.u16(end + 4) != 0 || r.u16(end + 6) != 0 || r.u16(end + 8) != r.u16(end + 10))
    r.fail("multi-disk (split) zip archives are not supported");
  Directory d{r.u16(end + 10), r.u32(end + 16), r.u32(end + 12)};
  // All ones marks a value kept in the ZIP64 end record, except that exactly 65535 entries
  // may be written without one.
  const bool marked = d.entries == 0xffff || d.offset == 0xffffffff || d.size == 0xffffffff;
  const bool located = end >= kZip64LocatorSize && r.u32(end - kZip64LocatorSize) == kZip64Locator;
  std::uint64_t directory_end = end;
  if (marked && !located && (d.offset == 0xffffffff || d.size == 0xffffffff))
    r.fail("ZIP64 end of central directory locator missing");
  if (marked && located) {
    const std::size_t locator = end - kZip64LocatorSize;
    if (r.u32(locator + 4) != 0 || r.u32(locator + 16) != 1)
      r.fail("multi-disk (split) zip archives are not supported");
    const std::uint64_t record = r.u64(locator + 8);
    if (record > locator || locator - record < kZip64EndRecordSize ||
        r.u32(static_cast<std::size_t>(record)) != kZip64EndRecord)
      r.fail("ZIP64 end of central directory record missing or misplaced");
    const auto at = static_cast<std::size_t>(record);
    if (r.u32(at + 16) != 0 || r.u32(at + 20) != 0 || r.u64(at + 24) != r.u64(at + 32))
      r.fail("multi-disk (split) zip archives are not supported");
    d = {r.u64(at + 32), r.u64(at + 48), r.u64(at + 40)};
    directory_end = record;
  }
  if (d.offset > directory_end || d.size > directory_end - d.offset)
    r.fail("corrupt zip archive: the central directory lies outside the file");
  // Each entry takes at least its fixed header: a count beyond that is a lie, caught before
  // anything is reserved for it.
  if (d.entries > d.size / kCentralHeaderSize)
    r.fail("corrupt zip archive: " + std::to_string(d.entries) + " entries cannot fit in a " + std::to_string(d.size) +
           "-byte central directory");
  return d;
}

std::string method_name(std::uint16_t method) {
  switch (method) {
    case 9: return " (deflate64)";
    case 12: return " (bzip2)";
    case 14: return " (LZMA)";
    case 93: return " (Zstandard)";
    case 95: return " (xz)";
    default: return "";
  }
}

// Values the 32-bit fields mark with all ones live in the ZIP64 extra field, in this order.
void apply_zip64_extra(const Reader& r, std::size_t extra, std::size_t extra_length, ZipMember& m,
                       std::uint64_t& local_offset, const std::string& where) {
  const bool need_usize = m.uncompressed_size == 0xffffffff, need_csize = m.compressed_size == 0xffffffff,
             need_offset = local_offset == 0xffffffff;
  if (!need_usize && !need_csize && !need_offset) return;
  for (std::size_t at = extra; at + 4 <= extra + extra_length;) {
    const std::uint16_t id = r.u16(at);
    const std::size_t length = r.u16(at + 2);
    if (length > extra + extra_length - at - 4) break;
    if (id == kZip64ExtraId) {
      std::size_t field = at + 4;
      const auto take = [&](std::uint64_t& value) {
        if (field + 8 > at + 4 + length) r.fail(where + ": ZIP64 extra field too short");
        value = r.u64(field);
        field += 8;
      };
      if (need_usize) take(m.uncompressed_size);
      if (need_csize) take(m.compressed_size);
      if (need_offset) take(local_offset);
      return;
    }
    at += 4 + length;
  }
  r.fail(where + ": sizes marked as ZIP64 but no ZIP64 extra field");
}

void check_flags(const Reader& r, std::uint16_t flags, const std::string& where) {
  if (flags & 0x0001 || flags & 0x0040 || flags & 0x2000) r.fail(where + ": encrypted members are not supported");
}

std::string hex32(std::uint32_t v) {
  char text[11];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

// The local header repeats name, method and flags; its extra field (NumPy's ZIP64 one) may
// differ from the central directory's, so only its length matters, to find the data.
void locate_data(const Reader& r, ZipMember& m, std::uint64_t local, std::uint64_t directory_offset,
                 const std::string& where) {
  if (local > directory_offset || directory_offset - local < kLocalHeaderSize || r.u32(local) != kLocalHeader)
    r.fail(where + ": no local file header at offset " + std::to_string(local));
  const auto at = static_cast<std::size_t>(local);
  check_flags(r, r.u16(at + 6), where);
  if (r.u16(at + 8) != m.method) r.fail(where + ": the local header's compression method differs from the directory's");
  const std::size_t name_length = r.u16(at + 26), extra_length = r.u16(at + 28);
  r.require(local + kLocalHeaderSize, name_length + extra_length, where + ": local header");
  const std::string local_name(reinterpret_cast<const char*>(r.data()) + at + kLocalHeaderSize, name_length);
  if (local_name != m.name) r.fail(where + ": the local header names '" + shown_name(local_name) + "'");
  m.data_offset = local + kLocalHeaderSize + name_length + extra_length;
  if (m.data_offset > directory_offset || m.compressed_size > directory_offset - m.data_offset)
    r.fail(where + ": truncated archive: " + std::to_string(m.compressed_size) + " bytes of data at offset " +
           std::to_string(m.data_offset) + " run past the central directory");
}

// zlib counts in uInt; members past 4 GiB are fed to it in pieces.
constexpr std::size_t kZlibChunk = std::size_t{1} << 30;

std::uint32_t crc_of(const std::vector<unsigned char>& data) {
  uLong crc = crc32(0L, Z_NULL, 0);
  for (std::size_t at = 0; at < data.size(); at += kZlibChunk)
    crc = crc32(crc, data.data() + at, static_cast<uInt>(std::min(kZlibChunk, data.size() - at)));
  return static_cast<std::uint32_t>(crc);
}

// Raw deflate (no zlib or gzip wrapper) into exactly `out.size()` bytes; one byte more is tried
// so that a stream longer than its declared size is refused rather than cut.
void inflate_into(const Reader& r, const unsigned char* in, std::uint64_t in_size, std::vector<unsigned char>& out,
                  const std::string& where) {
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) r.fail(where + ": cannot initialise zlib");
  struct End {
    z_stream* z;
    ~End() { inflateEnd(z); }
  } end{&z};
  std::uint64_t in_used = 0, out_used = 0;
  unsigned char overflow = 0;
  for (;;) {
    if (z.avail_in == 0 && in_used < in_size) {
      z.next_in = const_cast<unsigned char*>(in + in_used);
      z.avail_in = static_cast<uInt>(std::min<std::uint64_t>(kZlibChunk, in_size - in_used));
      in_used += z.avail_in;
    }
    const bool beyond = out_used == out.size();
    if (beyond) {
      z.next_out = &overflow;
      z.avail_out = 1;
    } else {
      z.next_out = out.data() + out_used;
      z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(kZlibChunk, out.size() - out_used));
    }
    const uInt before = z.avail_out;
    const int status = inflate(&z, Z_NO_FLUSH);
    const uInt produced = before - z.avail_out;
    if (beyond && produced > 0)
      r.fail(where + ": inflates to more than the " + std::to_string(out.size()) + " bytes its header declares");
    out_used += produced;
    if (status == Z_STREAM_END) break;
    if (status == Z_DATA_ERROR)
      r.fail(where + ": corrupt deflate data (" + (z.msg ? std::string(z.msg) : std::string("zlib")) + ")");
    if (status == Z_MEM_ERROR) r.fail(where + ": out of memory inflating");
    if (status == Z_BUF_ERROR && z.avail_in == 0 && in_used == in_size) r.fail(where + ": truncated deflate data");
    if (status != Z_OK && status != Z_BUF_ERROR) r.fail(where + ": zlib error " + std::to_string(status));
  }
  if (out_used != out.size())
    r.fail(where + ": inflates to " + std::to_string(out_used) + " bytes, its header declares " +
           std::to_string(out.size()));
}

}  // namespace

std::vector<ZipMember> zip_members(std::span<const unsigned char> bytes, const std::string& name) {
  const Reader r(bytes, name);
  const Directory d = read_directory(r);
  std::vector<ZipMember> members;
  members.reserve(static_cast<std::size_t>(d.entries));
  std::uint64_t at = d.offset;
  const std::uint64_t directory_end = d.offset + d.size;
  for (std::uint64_t i = 0; i < d.entries; ++i) {
    const std::string where = "central directory entry " + std::to_string(i);
    if (directory_end - at < kCentralHeaderSize || r.u32(static_cast<std::size_t>(at)) != kCentralHeader)
      r.fail("corrupt zip archive: " + where + " is missing");
    const auto e = static_cast<std::size_t>(at);
    const std::size_t name_length = r.u16(e + 28), extra_length = r.u16(e + 30), comment_length = r.u16(e + 32);
    if (directory_end - at - kCentralHeaderSize < std::uint64_t{name_length} + extra_length + comment_length)
      r.fail("corrupt zip archive: " + where + " runs past the central directory");
    ZipMember m;
    m.name.assign(reinterpret_cast<const char*>(bytes.data()) + e + kCentralHeaderSize, name_length);
    const std::string member = "member '" + shown_name(m.name) + "'";
    check_flags(r, r.u16(e + 8), member);
    m.method = r.u16(e + 10);
    if (m.method != 0 && m.method != 8)
      r.fail(member + ": unsupported compression method " + std::to_string(m.method) + method_name(m.method) +
             " (supported: 0 stored, 8 deflate)");
    if (r.u16(e + 34) != 0 && r.u16(e + 34) != 0xffff) r.fail("multi-disk (split) zip archives are not supported");
    m.crc32 = r.u32(e + 16);
    m.compressed_size = r.u32(e + 20);
    m.uncompressed_size = r.u32(e + 24);
    std::uint64_t local = r.u32(e + 42);
    apply_zip64_extra(r, e + kCentralHeaderSize + name_length, extra_length, m, local, member);
    if (m.method == 0 && m.compressed_size != m.uncompressed_size)
      r.fail(member + ": stored member with different compressed and uncompressed sizes");
    locate_data(r, m, local, d.offset, member);
    members.push_back(std::move(m));
    at += kCentralHeaderSize + name_length + extra_length + comment_length;
  }
  return members;
}

std::vector<unsigned char> zip_extract(std::span<const unsigned char> bytes, const ZipMember& member,
                                       const std::string& name, std::uint64_t max_bytes) {
  const Reader r(bytes, name);
  const std::string where = "member '" + shown_name(member.name) + "'";
  if (member.uncompressed_size > max_bytes)
    throw InputTooLarge(name + ": " + where + " inflates to " + std::to_string(member.uncompressed_size) +
                        " bytes, beyond the limit of " + std::to_string(max_bytes) + " bytes on one input file");
  r.require(member.data_offset, member.compressed_size, where + "'s data");
  if (member.uncompressed_size > std::numeric_limits<std::size_t>::max()) r.fail(where + ": too large for memory");
  std::vector<unsigned char> out(static_cast<std::size_t>(member.uncompressed_size));
  const unsigned char* data = bytes.data() + member.data_offset;
  if (member.method == 0)
    std::copy(data, data + member.compressed_size, out.begin());
  else
    inflate_into(r, data, member.compressed_size, out, where);
  const std::uint32_t crc = crc_of(out);
  if (crc != member.crc32)
    r.fail(where + ": CRC-32 mismatch (the directory says " + hex32(member.crc32) + ", the data gives " + hex32(crc) +
           ")");
  return out;
}

}  // namespace attnlaw::io
