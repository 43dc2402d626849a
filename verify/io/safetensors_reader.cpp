#include "verify/io/safetensors_reader.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#include "verify/io/file_bytes.hpp"
#include "verify/io/half_precision.hpp"
#include "verify/io/safetensors_header.hpp"
#include "verify/io/shape.hpp"

namespace attnlaw::io {
namespace {

// The entry's offsets checked against the data buffer, before any byte of it is read.
void check_offsets(const SafetensorsEntry& e, const std::string& name, std::size_t buffer_size) {
  if (e.begin > e.end || e.end > buffer_size)
    throw InputError(name + ": tensor '" + shown_name(e.name) + "': data_offsets [" + std::to_string(e.begin) + ", " +
                     std::to_string(e.end) + "] lie outside the " + std::to_string(buffer_size) + "-byte data buffer");
}

enum class Kind { f16, bf16, f32, f64 };

// The format is little-endian whatever the host.
template <std::size_t Width>
std::uint64_t little_endian(const unsigned char* p) {
  std::uint64_t v = 0;
  for (std::size_t i = Width; i-- > 0;) v = v << 8 | p[i];
  return v;
}

double decode_one(const unsigned char* p, Kind kind) {
  switch (kind) {
    case Kind::f16: return static_cast<double>(Binary16{static_cast<std::uint16_t>(little_endian<2>(p))});
    case Kind::bf16: return static_cast<double>(BFloat16{static_cast<std::uint16_t>(little_endian<2>(p))});
    case Kind::f32: return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(little_endian<4>(p))));
    case Kind::f64: return std::bit_cast<double>(little_endian<8>(p));
  }
  return 0;
}

Tensor decode(const SafetensorsEntry& e, const unsigned char* buffer, const std::string& name) {
  const std::string where = name + ": tensor '" + shown_name(e.name) + "'";
  Kind kind = Kind::f64;
  std::size_t item = 0;
  if (e.dtype == "F16") {
    kind = Kind::f16;
    item = 2;
  } else if (e.dtype == "BF16") {
    kind = Kind::bf16;
    item = 2;
  } else if (e.dtype == "F32") {
    kind = Kind::f32;
    item = 4;
  } else if (e.dtype == "F64") {
    kind = Kind::f64;
    item = 8;
  } else {
    throw InputError(where + ": unsupported dtype '" + shown_name(e.dtype) + "' (supported: F16, BF16, F32, F64)");
  }
  const auto needed = checked_byte_count(e.shape, item);
  if (!needed || *needed != e.end - e.begin)
    throw InputError(where + ": shape " + format_shape(e.shape) + " of " + e.dtype + " does not match data_offsets [" +
                     std::to_string(e.begin) + ", " + std::to_string(e.end) + "]");
  Tensor t;
  t.name = e.name;
  t.shape = e.shape;
  const std::size_t count = *needed / item;
  t.values.resize(count);
  const unsigned char* p = buffer + e.begin;
  for (std::size_t i = 0; i < count; ++i, p += item) t.values[i] = decode_one(p, kind);
  return t;
}

}  // namespace

std::vector<Tensor> parse_safetensors(std::span<const unsigned char> bytes, const std::string& name,
                                      const std::optional<std::string>& only) {
  if (bytes.size() < 8)
    throw InputError(name + ": not a safetensors file (" + std::to_string(bytes.size()) +
                     " bytes, shorter than the 8-byte header length)");
  const std::uint64_t header_length = little_endian<8>(bytes.data());
  if (header_length > bytes.size() - 8)
    throw InputError(name + ": header longer than the file (header length " + std::to_string(header_length) +
                     " bytes, " + std::to_string(bytes.size() - 8) + " bytes follow)");
  if (header_length > kMaxSafetensorsHeader)
    throw InputError(name + ": header of " + std::to_string(header_length) + " bytes exceeds the 100 MB limit");
  const auto* first = bytes.data() + 8;
  std::vector<SafetensorsEntry> entries =
      parse_safetensors_header(first, static_cast<std::size_t>(header_length), name);
  const std::size_t buffer_size = bytes.size() - 8 - static_cast<std::size_t>(header_length);
  const unsigned char* buffer = first + header_length;
  for (const SafetensorsEntry& e : entries) check_offsets(e, name, buffer_size);
  if (entries.empty()) throw InputError(name + ": the file holds no tensors");
  // As the reference implementation requires: the tensors tile the buffer, back to back and
  // without overlap, so no byte is read twice and the total read is the file size.
  std::stable_sort(entries.begin(), entries.end(),
                   [](const SafetensorsEntry& a, const SafetensorsEntry& b) { return a.begin < b.begin; });
  std::size_t expected_begin = 0;
  for (const SafetensorsEntry& e : entries) {
    if (e.begin != expected_begin)
      throw InputError(name + ": tensor '" + shown_name(e.name) + "': data_offsets start at " +
                       std::to_string(e.begin) + ", expected " + std::to_string(expected_begin) +
                       " (tensors must be stored back to back)");
    expected_begin = e.end;
  }
  if (expected_begin != buffer_size)
    throw InputError(name + ": the tensors cover " + std::to_string(expected_begin) + " bytes of the " +
                     std::to_string(buffer_size) + "-byte data buffer");
  if (only) {
    const auto it =
        std::find_if(entries.begin(), entries.end(), [&](const SafetensorsEntry& e) { return e.name == *only; });
    if (it == entries.end()) {
      std::string names;
      for (std::size_t i = 0; i < entries.size() && i < 8; ++i) names += (i ? ", " : "") + shown_name(entries[i].name);
      if (entries.size() > 8) names += ", ...";
      throw InputError(name + ": no tensor named '" + shown_name(*only) + "' (it holds " + names + ")");
    }
    std::vector<Tensor> one;
    one.push_back(decode(*it, buffer, name));
    return one;
  }
  std::vector<Tensor> tensors;
  tensors.reserve(entries.size());
  for (const SafetensorsEntry& e : entries) tensors.push_back(decode(e, buffer, name));
  return tensors;
}

std::vector<Tensor> read_safetensors(const std::filesystem::path& path, const std::optional<std::string>& only,
                                     std::uint64_t max_bytes) {
  // The header length and the header's first byte first, so that a file that is no
  // safetensors (or a device) is refused before it is read.
  const std::string name = display_name(path);
  const std::vector<unsigned char> head = read_file_prefix(path, 9);
  if (head.size() == 9) {
    const std::uint64_t header_length = little_endian<8>(head.data());
    if (header_length > kMaxSafetensorsHeader)
      throw InputError(name + ": header of " + std::to_string(header_length) + " bytes exceeds the 100 MB limit");
    if (head[8] != '{') throw InputError(name + ": the safetensors header is not a JSON object");
  }
  const std::vector<unsigned char> bytes = read_file_bytes(path, max_bytes);
  return parse_safetensors(bytes, name, only);
}

}  // namespace attnlaw::io
