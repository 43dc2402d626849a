#include "verify/harness/point.hpp"

#include <array>
#include <charconv>
#include <stdexcept>

namespace attnlaw::harness {
namespace {

std::string shortest(double x) {
  std::array<char, 64> buffer{};
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), x);
  if (error != std::errc{}) throw std::logic_error("canonical_label: a double did not format");
  return std::string(buffer.data(), end);
}

std::string text(const FieldValue& value) {
  struct Visitor {
    std::string operator()(std::int64_t v) const { return std::to_string(v); }
    std::string operator()(double v) const { return shortest(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return v; }
    std::string operator()(const std::vector<double>& v) const {
      std::string out = "[";
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (i > 0) out += ',';
        out += shortest(v[i]);
      }
      out += ']';
      return out;
    }
  };
  return std::visit(Visitor{}, value);
}

}  // namespace

std::string canonical_label(const Fields& fields) {
  std::string label;
  for (const Field& f : fields) {
    if (!label.empty()) label += ' ';
    label += f.name;
    label += '=';
    label += text(f.value);
  }
  return label;
}

const FieldValue* find_field(const Fields& fields, std::string_view name) noexcept {
  for (const Field& f : fields) {
    if (f.name == name) return &f.value;
  }
  return nullptr;
}

}  // namespace attnlaw::harness
