#include "verify/io/npy_reader.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "verify/io/file_bytes.hpp"
#include "verify/io/half_precision.hpp"
#include "verify/io/huge_pages.hpp"
#include "verify/io/shape.hpp"

namespace attnlaw::io {
namespace {

constexpr std::array<unsigned char, 6> kMagic{0x93, 'N', 'U', 'M', 'P', 'Y'};
constexpr std::array<unsigned char, 4> kZipMagic{'P', 'K', 0x03, 0x04};

enum class Kind { float16, float32, float64, int32 };

struct Dtype {
  Kind kind = Kind::float64;
  std::size_t size = 8;
  bool big_endian = false;
};

struct Header {
  std::optional<std::string> descr;
  std::optional<bool> fortran_order;
  std::optional<std::vector<std::size_t>> shape;
};

// The header is the repr() of a Python dict with three keys; this parses exactly the literals
// that can appear in it (strings, True/False, tuples of non-negative integers) and refuses the
// rest, so a hostile header can neither loop nor recurse.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& name) : text_(text), name_(name) {}

  Header parse() {
    Header h;
    skip_space();
    expect('{');
    for (;;) {
      skip_space();
      if (peek() == '}') break;
      const std::string key = string_literal();
      skip_space();
      expect(':');
      skip_space();
      if (key == "descr") {
        if (h.descr) fail("header: duplicate key 'descr'");
        if (peek() == '[') fail("header: structured (record) dtypes are not supported");
        h.descr = string_literal();
      } else if (key == "fortran_order") {
        if (h.fortran_order) fail("header: duplicate key 'fortran_order'");
        h.fortran_order = boolean_literal();
      } else if (key == "shape") {
        if (h.shape) fail("header: duplicate key 'shape'");
        h.shape = integer_tuple();
      } else {
        fail("header: unexpected key '" + printable(key) + "'");
      }
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') break;
      fail("header: expected ',' or '}' after the value of '" + key + "'");
    }
    ++pos_;  // '}'
    skip_space();
    if (pos_ != text_.size()) fail("header: unexpected text after the dictionary");
    if (!h.descr) fail("header: missing key 'descr'");
    if (!h.fortran_order) fail("header: missing key 'fortran_order'");
    if (!h.shape) fail("header: missing key 'shape'");
    return h;
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const { throw InputError(name_ + ": " + problem); }

  static std::string printable(std::string_view s) {
    std::string out;
    for (const char c : s.substr(0, 40)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
  }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  void expect(char c) {
    if (peek() != c) fail(std::string("unparsable header: expected '") + c + "' at offset " + std::to_string(pos_));
    ++pos_;
  }

  std::string string_literal() {
    const char quote = peek();
    if (quote != '\'' && quote != '"')
      fail("unparsable header: expected a quoted string at offset " + std::to_string(pos_));
    ++pos_;
    const std::size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) fail("unparsable header: unterminated string");
    std::string s(text_.substr(pos_, end - pos_));
    if (s.find('\\') != std::string::npos) fail("unparsable header: escape sequences are not expected");
    pos_ = end + 1;
    return s;
  }

  bool boolean_literal() {
    if (text_.substr(pos_, 4) == "True") {
      pos_ += 4;
      return true;
    }
    if (text_.substr(pos_, 5) == "False") {
      pos_ += 5;
      return false;
    }
    fail("unparsable header: fortran_order must be True or False");
  }

  std::vector<std::size_t> integer_tuple() {
    expect('(');
    std::vector<std::size_t> values;
    for (;;) {
      skip_space();
      if (peek() == ')') break;
      if (peek() < '0' || peek() > '9') fail("unparsable header: shape must be a tuple of non-negative integers");
      std::size_t v = 0;
      while (peek() >= '0' && peek() <= '9') {
        const auto digit = static_cast<std::size_t>(peek() - '0');
        if (v > (std::numeric_limits<std::size_t>::max() - digit) / 10) fail("header: a shape extent overflows");
        v = v * 10 + digit;
        ++pos_;
      }
      if (peek() == 'L') ++pos_;  // Python 2 wrote long integers as 3L
      values.push_back(v);
      if (values.size() > 64) fail("header: more than 64 dimensions");
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() != ')') fail("unparsable header: expected ',' or ')' in the shape");
    }
    ++pos_;
    return values;
  }

  std::string_view text_;
  const std::string& name_;
  std::size_t pos_ = 0;
};

Dtype parse_dtype(const std::string& descr, const std::string& name) {
  const auto refuse = [&] {
    std::string shown;
    for (const char c : descr.substr(0, 32)) shown += (c >= 0x20 && c < 0x7f) ? c : '?';
    throw InputError(name + ": unsupported dtype '" + shown +
                     "' (supported: float16 '<f2'/'>f2', float32 '<f4'/'>f4', float64 '<f8'/'>f8', int32 '<i4'/'>i4')");
  };
  if (descr.size() < 2) refuse();
  std::string_view body = descr;
  bool big = std::endian::native == std::endian::big;
  if (body[0] == '<' || body[0] == '>' || body[0] == '=') {
    if (body[0] == '<') big = false;
    if (body[0] == '>') big = true;
    body.remove_prefix(1);
  }
  Dtype d;
  d.big_endian = big;
  if (body == "f2") {
    d.kind = Kind::float16;
    d.size = 2;
  } else if (body == "f4") {
    d.kind = Kind::float32;
    d.size = 4;
  } else if (body == "f8") {
    d.kind = Kind::float64;
    d.size = 8;
  } else if (body == "i4") {
    d.kind = Kind::int32;
    d.size = 4;
  } else {
    refuse();
  }
  return d;
}

template <class Word>
Word load(const unsigned char* p, bool big_endian) {
  std::array<unsigned char, sizeof(Word)> b;
  std::memcpy(b.data(), p, sizeof(Word));
  if (big_endian != (std::endian::native == std::endian::big)) std::reverse(b.begin(), b.end());
  return std::bit_cast<Word>(b);
}

double decode(const unsigned char* p, const Dtype& d) {
  switch (d.kind) {
    case Kind::float16: return static_cast<double>(Binary16{load<std::uint16_t>(p, d.big_endian)});
    case Kind::float32: return static_cast<double>(std::bit_cast<float>(load<std::uint32_t>(p, d.big_endian)));
    case Kind::float64: return std::bit_cast<double>(load<std::uint64_t>(p, d.big_endian));
    case Kind::int32: return static_cast<double>(std::bit_cast<std::int32_t>(load<std::uint32_t>(p, d.big_endian)));
  }
  return 0;
}

// The data in storage order, one loop per dtype and byte order so that the loop body has no
// branch; reserved, not resized, so that 8 bytes per value are written once, not zeroed first.
template <class Word, class Convert>
std::vector<double> decode_words(const unsigned char* data, std::size_t count, bool big_endian, Convert convert) {
  std::vector<double> values;
  values.reserve(count);
  advise_huge_pages(values.data(), count * sizeof(double));
  if (big_endian != (std::endian::native == std::endian::big)) {
    for (std::size_t i = 0; i < count; ++i) values.push_back(convert(load<Word>(data + i * sizeof(Word), big_endian)));
  } else {
    for (std::size_t i = 0; i < count; ++i) {
      Word w;
      std::memcpy(&w, data + i * sizeof(Word), sizeof(Word));
      values.push_back(convert(w));
    }
  }
  return values;
}

std::vector<double> decode_contiguous(const unsigned char* data, std::size_t count, const Dtype& d) {
  const bool big = d.big_endian;
  switch (d.kind) {
    case Kind::float16:
      return decode_words<std::uint16_t>(data, count, big, [](std::uint16_t w) { return double(Binary16{w}); });
    case Kind::float32:
      return decode_words<std::uint32_t>(data, count, big,
                                         [](std::uint32_t w) { return double(std::bit_cast<float>(w)); });
    case Kind::float64:
      return decode_words<std::uint64_t>(data, count, big, [](std::uint64_t w) { return std::bit_cast<double>(w); });
    case Kind::int32:
      return decode_words<std::uint32_t>(data, count, big,
                                         [](std::uint32_t w) { return double(std::bit_cast<std::int32_t>(w)); });
  }
  return {};
}

std::uint32_t little_endian_u32(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// The first bytes: an .npz archive or anything but \x93NUMPY is refused by them alone.
void check_magic(std::span<const unsigned char> bytes, const std::string& name) {
  if (bytes.size() >= kZipMagic.size() && std::equal(kZipMagic.begin(), kZipMagic.end(), bytes.begin()))
    throw InputError(name + ": not an .npy file (a .npz zip archive?)");
  if (bytes.size() < kMagic.size() || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    throw InputError(name + ": not an .npy file (wrong magic bytes, expected \\x93NUMPY)");
}

// The checked header and where the data lies: everything parse_npy and view_npy share.
struct Layout {
  std::vector<std::size_t> shape;
  Dtype dtype;
  bool fortran_order = false;
  std::size_t data_offset = 0;
  std::size_t count = 0;
};

Layout parse_layout(std::span<const unsigned char> bytes, const std::string& name) {
  check_magic(bytes, name);
  if (bytes.size() < 10)
    throw InputError(name + ": truncated .npy header (file is " + std::to_string(bytes.size()) + " bytes)");
  const unsigned major = bytes[6], minor = bytes[7];
  if (major < 1 || major > 3 || minor != 0)
    throw InputError(name + ": unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                     " (supported: 1.0, 2.0, 3.0)");
  std::size_t header_length = 0, prefix = 0;
  if (major == 1) {
    header_length = static_cast<std::size_t>(bytes[8]) | static_cast<std::size_t>(bytes[9]) << 8;
    prefix = 10;
  } else {
    if (bytes.size() < 12)
      throw InputError(name + ": truncated .npy header (file is " + std::to_string(bytes.size()) + " bytes)");
    header_length = little_endian_u32(bytes.data() + 8);
    prefix = 12;
  }
  if (header_length > bytes.size() - prefix)
    throw InputError(name + ": header longer than the file (header length " + std::to_string(header_length) +
                     " bytes, " + std::to_string(bytes.size() - prefix) + " bytes follow the prefix)");
  const std::string_view header_text(reinterpret_cast<const char*>(bytes.data() + prefix), header_length);
  const Header header = HeaderParser(header_text, name).parse();
  const Dtype dtype = parse_dtype(*header.descr, name);
  const std::vector<std::size_t>& shape = *header.shape;

  const std::size_t data_offset = prefix + header_length;
  const std::size_t available = bytes.size() - data_offset;
  const auto needed = checked_byte_count(shape, dtype.size);
  if (!needed) throw InputError(name + ": shape " + format_shape(shape) + " is too large (its byte count overflows)");
  if (*needed > available)
    throw InputError(name + ": truncated data: shape " + format_shape(shape) + " of '" + *header.descr + "' needs " +
                     std::to_string(*needed) + " bytes, the file holds " + std::to_string(available) +
                     " after the header");
  if (*needed < available)
    throw InputError(name + ": shape " + format_shape(shape) + " does not match the data size: it needs " +
                     std::to_string(*needed) + " bytes of '" + *header.descr + "', the file holds " +
                     std::to_string(available) + " after the header");

  return Layout{shape, dtype, *header.fortran_order, data_offset, *needed / dtype.size};
}

}  // namespace

std::optional<NpyView> view_npy(std::span<const unsigned char> bytes, const std::string& name) {
  const Layout layout = parse_layout(bytes, name);
  if ((layout.fortran_order && layout.shape.size() >= 2) ||
      layout.dtype.big_endian != (std::endian::native == std::endian::big) || layout.dtype.kind == Kind::int32)
    return std::nullopt;
  const unsigned char* data = bytes.data() + layout.data_offset;
  if (reinterpret_cast<std::uintptr_t>(data) % layout.dtype.size != 0) return std::nullopt;
  const NpyView::Type type = layout.dtype.kind == Kind::float16   ? NpyView::Type::float16
                             : layout.dtype.kind == Kind::float32 ? NpyView::Type::float32
                                                                  : NpyView::Type::float64;
  return NpyView{layout.shape, type, std::span<const unsigned char>(data, layout.count * layout.dtype.size)};
}

Tensor parse_npy(std::span<const unsigned char> bytes, const std::string& name) {
  const Layout layout = parse_layout(bytes, name);
  const std::vector<std::size_t>& shape = layout.shape;
  const Dtype& dtype = layout.dtype;
  const std::size_t data_offset = layout.data_offset;
  Tensor t;
  t.shape = shape;
  const std::size_t count = layout.count;
  const unsigned char* data = bytes.data() + data_offset;
  if (!layout.fortran_order || shape.size() < 2) {
    t.values = decode_contiguous(data, count, dtype);
    return t;
  }
  t.values.resize(count);
  // Column-major storage: the element with multi-index (i_0, ..., i_{k-1}) sits at
  // sum_j i_j * stride_j, stride_0 = 1, stride_j = shape_0 ... shape_{j-1}. Walk the row-major
  // order with an odometer and gather.
  const std::size_t rank = shape.size();
  std::vector<std::size_t> stride(rank, 1), index(rank, 0);
  for (std::size_t j = 1; j < rank; ++j) stride[j] = stride[j - 1] * shape[j - 1];
  std::size_t offset = 0;
  for (std::size_t i = 0; i < count; ++i) {
    t.values[i] = decode(data + offset * dtype.size, dtype);
    for (std::size_t j = rank; j-- > 0;) {
      if (++index[j] < shape[j]) {
        offset += stride[j];
        break;
      }
      offset -= (shape[j] - 1) * stride[j];
      index[j] = 0;
    }
  }
  return t;
}

Tensor read_npy(const std::filesystem::path& path, std::uint64_t max_bytes) {
  // The magic first, so that a file that is no .npy (or a device) is refused before it is read.
  check_magic(read_file_prefix(path, kMagic.size()), display_name(path));
  const std::vector<unsigned char> bytes = read_file_bytes(path, max_bytes);
  return parse_npy(bytes, display_name(path));
}

}  // namespace attnlaw::io
