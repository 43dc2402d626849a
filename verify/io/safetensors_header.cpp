#include "verify/io/safetensors_header.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_set>

#include "verify/io/tensor.hpp"

namespace attnlaw::io {
namespace {

using nlohmann::json;

// Where the parser is: the top object (depth 1), an entry (2), an array inside an entry (3), or
// anything deeper or inside __metadata__, which is skipped (skip_depth counts its nesting).
class HeaderReader : public nlohmann::json_sax<json> {
 public:
  explicit HeaderReader(const std::string& name) : name_(name) {}

  std::vector<SafetensorsEntry> entries;
  std::optional<std::string> problem;  // the first one found; parsing stops there

  bool null() override { return scalar("null"); }
  bool boolean(bool) override { return scalar("a boolean"); }
  bool number_integer(number_integer_t) override { return number(std::nullopt); }
  bool number_unsigned(number_unsigned_t v) override { return number(v); }
  bool number_float(number_float_t, const string_t&) override { return number(std::nullopt); }
  bool binary(binary_t&) override { return scalar("binary data"); }

  bool string(string_t& s) override {
    if (skipping()) return true;
    if (depth_ == 2 && field_ == "dtype") {
      entries.back().dtype = std::move(s);
      have_dtype_ = true;
      return true;
    }
    return scalar("a string");
  }

  bool start_object(std::size_t) override {
    if (skipping()) return enter_skip();
    if (depth_ == 0) return ++depth_, true;
    if (depth_ == 1) {
      if (metadata_) return enter_skip();
      ++depth_;
      have_dtype_ = have_shape_ = false;
      offsets_ = 0;
      return true;
    }
    if (depth_ == 2) return enter_skip();  // an unknown field's object value
    return fail(entry_where() + ": " + field_ + " must hold numbers");
  }

  bool end_object() override {
    if (skipping()) return leave_skip();
    if (depth_ == 2) {
      const std::string where = entry_where();
      if (!have_dtype_) return fail(where + ": missing string field 'dtype'");
      if (!have_shape_) return fail(where + ": missing array field 'shape'");
      if (offsets_ != 2) return fail(where + ": 'data_offsets' must be [begin, end]");
    }
    --depth_;
    return true;
  }

  bool start_array(std::size_t) override {
    if (skipping()) return enter_skip();
    if (depth_ == 0) return fail(name_ + ": the safetensors header is not a JSON object");
    if (depth_ == 1) return metadata_ ? enter_skip() : fail(entry_where() + ": header entry is not an object");
    if (depth_ == 2) {
      if (field_ == "shape") {
        have_shape_ = true;
      } else if (field_ == "data_offsets") {
        offsets_ = 0;
      } else {
        return enter_skip();
      }
      ++depth_;
      return true;
    }
    return fail(entry_where() + ": " + field_ + " must hold numbers");
  }

  bool end_array() override {
    if (skipping()) return leave_skip();
    --depth_;
    return true;
  }

  bool key(string_t& k) override {
    if (skipping()) return true;
    if (depth_ == 1) {
      metadata_ = k == "__metadata__";
      if (metadata_) return true;
      if (!names_.insert(k).second) return fail(name_ + ": tensor '" + shown_name(k) + "' appears twice in the header");
      entries.push_back({});
      entries.back().name = std::move(k);
      return true;
    }
    field_ = std::move(k);
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return fail(name_ + ": the safetensors header is not valid JSON");
  }

 private:
  bool skipping() const { return skip_depth_ > 0; }
  bool enter_skip() { return ++skip_depth_, true; }
  bool leave_skip() { return --skip_depth_, true; }

  std::string entry_where() const {
    return name_ + ": tensor '" + (entries.empty() ? std::string("?") : shown_name(entries.back().name)) + "'";
  }

  bool fail(std::string message) {
    if (!problem) problem = std::move(message);
    return false;
  }

  // A scalar: skipped inside __metadata__ or an unknown field; an entry that is a scalar, or a
  // known field with the wrong type, is refused.
  bool scalar(const char* what) {
    if (skipping()) return true;
    if (depth_ == 0) return fail(name_ + ": the safetensors header is not a JSON object");
    if (depth_ == 1) return metadata_ ? true : fail(entry_where() + ": header entry is not an object");
    if (depth_ == 2) {
      if (field_ == "dtype") return fail(entry_where() + ": missing string field 'dtype'");
      if (field_ == "shape") return fail(entry_where() + ": missing array field 'shape'");
      if (field_ == "data_offsets") return fail(entry_where() + ": 'data_offsets' must be [begin, end]");
      return true;
    }
    return fail(entry_where() + ": " + field_ + " holds " + what + ", expected a non-negative integer");
  }

  bool number(std::optional<std::uint64_t> value) {
    if (skipping() || depth_ < 3) return scalar("a number");
    const bool in_shape = field_ == "shape";
    const std::string what =
        entry_where() + (in_shape ? ": shape extent" : ": data_offsets[" + std::to_string(offsets_) + "]");
    if (!value) return fail(what + " must be a non-negative integer");
    if (*value > std::numeric_limits<std::size_t>::max()) return fail(what + " is too large");
    const auto v = static_cast<std::size_t>(*value);
    SafetensorsEntry& e = entries.back();
    if (in_shape) {
      e.shape.push_back(v);
    } else if (offsets_ < 2) {
      (offsets_++ == 0 ? e.begin : e.end) = v;
    } else {
      return fail(entry_where() + ": 'data_offsets' must be [begin, end]");
    }
    return true;
  }

  const std::string& name_;
  int depth_ = 0;
  int skip_depth_ = 0;
  bool metadata_ = false;
  bool have_dtype_ = false, have_shape_ = false;
  int offsets_ = 0;
  std::string field_;
  std::unordered_set<std::string> names_;
};

}  // namespace

std::string shown_name(const std::string& s) {
  std::string out;
  for (const char c : s.substr(0, 64)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (s.size() > 64) out += "...";
  return out;
}

std::vector<SafetensorsEntry> parse_safetensors_header(const unsigned char* first, std::size_t length,
                                                       const std::string& name) {
  HeaderReader reader(name);
  const bool ok = json::sax_parse(first, first + length, &reader);
  if (reader.problem) throw InputError(*reader.problem);
  if (!ok) throw InputError(name + ": the safetensors header is not valid JSON");
  return std::move(reader.entries);
}

}  // namespace attnlaw::io
