#include "verify/io/safetensors_reader.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#include "verify/io/file_bytes.hpp"
#include "verify/io/shape.hpp"

namespace attnlaw::io {
namespace {

using nlohmann::json;

struct Entry {
  std::string name;
  std::string dtype;
  std::vector<std::size_t> shape;
  std::size_t begin = 0;
  std::size_t end = 0;
};

std::string shown(std::string_view s) {
  std::string out;
  for (const char c : s.substr(0, 64)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (s.size() > 64) out += "...";
  return out;
}

std::size_t unsigned_value(const json& v, const std::string& where) {
  if (!v.is_number_unsigned()) throw InputError(where + " must be a non-negative integer");
  const auto x = v.get<std::uint64_t>();
  if (x > std::numeric_limits<std::size_t>::max()) throw InputError(where + " is too large");
  return static_cast<std::size_t>(x);
}

Entry parse_entry(const std::string& key, const json& value, const std::string& name, std::size_t buffer_size) {
  const std::string where = name + ": tensor '" + shown(key) + "'";
  if (!value.is_object()) throw InputError(where + ": header entry is not an object");
  Entry e;
  e.name = key;
  const auto dtype = value.find("dtype");
  if (dtype == value.end() || !dtype->is_string()) throw InputError(where + ": missing string field 'dtype'");
  e.dtype = dtype->get<std::string>();
  const auto shape = value.find("shape");
  if (shape == value.end() || !shape->is_array()) throw InputError(where + ": missing array field 'shape'");
  for (const json& extent : *shape) e.shape.push_back(unsigned_value(extent, where + ": shape extent"));
  const auto offsets = value.find("data_offsets");
  if (offsets == value.end() || !offsets->is_array() || offsets->size() != 2)
    throw InputError(where + ": 'data_offsets' must be [begin, end]");
  e.begin = unsigned_value((*offsets)[0], where + ": data_offsets[0]");
  e.end = unsigned_value((*offsets)[1], where + ": data_offsets[1]");
  if (e.begin > e.end || e.end > buffer_size)
    throw InputError(where + ": data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                     "] lie outside the " + std::to_string(buffer_size) + "-byte data buffer");
  return e;
}

Tensor decode(const Entry& e, const unsigned char* buffer, const std::string& name) {
  const std::string where = name + ": tensor '" + shown(e.name) + "'";
  std::size_t item = 0;
  if (e.dtype == "F32") {
    item = 4;
  } else if (e.dtype == "F64") {
    item = 8;
  } else {
    throw InputError(where + ": unsupported dtype '" + shown(e.dtype) + "' (supported: F32, F64)");
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
  const bool swap = std::endian::native == std::endian::big;
  for (std::size_t i = 0; i < count; ++i, p += item) {
    unsigned char b[8];
    std::memcpy(b, p, item);
    if (swap) std::reverse(b, b + item);
    if (item == 4) {
      float f;
      std::memcpy(&f, b, 4);
      t.values[i] = static_cast<double>(f);
    } else {
      std::memcpy(&t.values[i], b, 8);
    }
  }
  return t;
}

}  // namespace

std::vector<Tensor> parse_safetensors(std::span<const unsigned char> bytes, const std::string& name,
                                      const std::optional<std::string>& only) {
  if (bytes.size() < 8)
    throw InputError(name + ": not a safetensors file (" + std::to_string(bytes.size()) +
                     " bytes, shorter than the 8-byte header length)");
  std::uint64_t header_length = 0;
  for (int i = 7; i >= 0; --i) header_length = header_length << 8 | bytes[static_cast<std::size_t>(i)];
  if (header_length > bytes.size() - 8)
    throw InputError(name + ": header longer than the file (header length " + std::to_string(header_length) +
                     " bytes, " + std::to_string(bytes.size() - 8) + " bytes follow)");
  if (header_length > kMaxSafetensorsHeader)
    throw InputError(name + ": header of " + std::to_string(header_length) + " bytes exceeds the 100 MB limit");
  const auto* first = bytes.data() + 8;
  const json header = json::parse(first, first + header_length, nullptr, /*allow_exceptions=*/false);
  if (header.is_discarded()) throw InputError(name + ": the safetensors header is not valid JSON");
  if (!header.is_object()) throw InputError(name + ": the safetensors header is not a JSON object");

  const std::size_t buffer_size = bytes.size() - 8 - static_cast<std::size_t>(header_length);
  const unsigned char* buffer = first + header_length;
  std::vector<Entry> entries;
  for (const auto& [key, value] : header.items()) {
    if (key == "__metadata__") continue;
    entries.push_back(parse_entry(key, value, name, buffer_size));
  }
  if (entries.empty()) throw InputError(name + ": the file holds no tensors");
  // As the reference implementation requires: the tensors tile the buffer, back to back and
  // without overlap, so no byte is read twice and the total read is the file size.
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.begin < b.begin; });
  std::size_t expected_begin = 0;
  for (const Entry& e : entries) {
    if (e.begin != expected_begin)
      throw InputError(name + ": tensor '" + shown(e.name) + "': data_offsets start at " + std::to_string(e.begin) +
                       ", expected " + std::to_string(expected_begin) + " (tensors must be stored back to back)");
    expected_begin = e.end;
  }
  if (expected_begin != buffer_size)
    throw InputError(name + ": the tensors cover " + std::to_string(expected_begin) + " bytes of the " +
                     std::to_string(buffer_size) + "-byte data buffer");
  if (only) {
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.name == *only; });
    if (it == entries.end()) {
      std::string names;
      for (std::size_t i = 0; i < entries.size() && i < 8; ++i) names += (i ? ", " : "") + shown(entries[i].name);
      if (entries.size() > 8) names += ", ...";
      throw InputError(name + ": no tensor named '" + shown(*only) + "' (it holds " + names + ")");
    }
    std::vector<Tensor> one;
    one.push_back(decode(*it, buffer, name));
    return one;
  }
  std::vector<Tensor> tensors;
  tensors.reserve(entries.size());
  for (const Entry& e : entries) tensors.push_back(decode(e, buffer, name));
  return tensors;
}

std::vector<Tensor> read_safetensors(const std::filesystem::path& path, const std::optional<std::string>& only) {
  const std::vector<unsigned char> bytes = read_file_bytes(path);
  return parse_safetensors(bytes, display_name(path), only);
}

}  // namespace attnlaw::io
