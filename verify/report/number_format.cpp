#include "verify/report/number_format.hpp"

#include <fmt/format.h>

#include <cmath>

namespace attnlaw::report {

std::string format_significant(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) x = 0;  // a negative zero would print as "-0"
  // fmt's presentation types are locale-independent unless 'L' is given.
  return fmt::format("{:.{}g}", x, digits);
}

std::string format_p(double p) { return format_significant(p, 3); }

std::string format_minus_log10_p(double p) {
  if (p <= 0) return "inf";
  return format_significant(-std::log10(p), 4);
}

nlohmann::json json_number_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

std::string format_json_scalar(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null: return kAbsent;
    case nlohmann::json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case nlohmann::json::value_t::number_integer: return fmt::format("{}", value.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned: return fmt::format("{}", value.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float: return format_significant(value.get<double>());
    case nlohmann::json::value_t::string: return value.get<std::string>();
    default:
      // Arrays and objects are not scalars; their compact JSON text is still deterministic.
      return value.dump();
  }
}

}  // namespace attnlaw::report
