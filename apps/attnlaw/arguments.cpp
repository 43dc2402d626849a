#include "apps/attnlaw/arguments.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "apps/attnlaw/usage_error.hpp"

namespace attnlaw::cli {

std::uint64_t parse_integer(const std::string& name, const std::string& text, std::uint64_t min, std::uint64_t max) {
  const std::string expected =
      max == UINT64_MAX ? fmt::format("an integer >= {}", min) : fmt::format("an integer in [{}, {}]", min, max);
  std::uint64_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  // Accept 1e6-style powers of ten too: scripts write n = 1e6.
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec == std::errc() && ptr == last && !text.empty()) {
    if (value < min || value > max) throw UsageError(fmt::format("{}: expected {}, got '{}'", name, expected, text));
    return value;
  }
  if (ec == std::errc() && ptr != last && (*ptr == 'e' || *ptr == 'E')) {
    std::uint64_t exponent = 0;
    const auto [eptr, eec] = std::from_chars(ptr + 1, last, exponent);
    if (eec == std::errc() && eptr == last && exponent <= 19) {
      long double v = static_cast<long double>(value);
      for (std::uint64_t k = 0; k < exponent; ++k) v *= 10;
      if (v <= static_cast<long double>(UINT64_MAX)) {
        const auto result = static_cast<std::uint64_t>(v);
        if (result >= min && result <= max) return result;
      }
    }
  }
  throw UsageError(fmt::format("{}: expected {}, got '{}'", name, expected, text));
}

double parse_real(const std::string& name, const std::string& text, double min, double max) {
  const std::string expected = std::isinf(max) ? fmt::format("a finite number >= {}", min)
                                               : fmt::format("a finite number in [{}, {}]", min, max);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) || errno == ERANGE || value < min ||
      value > max) {
    throw UsageError(fmt::format("{}: expected {}, got '{}'", name, expected, text));
  }
  return value;
}

std::vector<double> parse_real_list(const std::string& name, const std::string& text, double min, double max) {
  std::vector<double> values;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    try {
      values.push_back(parse_real(name, item, min, max));
    } catch (const UsageError&) {
      throw UsageError(
          fmt::format("{}: expected numbers in [{}, {}] separated by commas, got '{}'", name, min, max, text));
    }
    if (comma == std::string::npos) return values;
    start = comma + 1;
  }
}

reference::ScoreFamily parse_family_arguments(const std::string& name, const std::string& shape) {
  using Kind = reference::ScoreFamily::Kind;
  const std::pair<const char*, Kind> kinds[] = {{"exponential", Kind::exponential},
                                                {"gaussian", Kind::gaussian},
                                                {"weibull", Kind::weibull},
                                                {"log2", Kind::log2},
                                                {"uniform", Kind::uniform}};
  reference::ScoreFamily family;
  const auto it = std::find_if(std::begin(kinds), std::end(kinds), [&](const auto& k) { return name == k.first; });
  if (it == std::end(kinds)) {
    throw UsageError(fmt::format("--family: expected exponential, gaussian, weibull, log2 or uniform, got '{}'", name));
  }
  family.kind = it->second;
  const bool shaped = family.kind == Kind::weibull || family.kind == Kind::log2;
  if (!shape.empty()) {
    if (!shaped) throw UsageError(fmt::format("--shape: family '{}' takes no shape", name));
    family.shape = parse_real("--shape", shape, 0.0, 1e6);
    if (!(family.shape > 0)) throw UsageError(fmt::format("--shape: expected a number > 0, got '{}'", shape));
  } else if (family.kind == Kind::weibull) {
    throw UsageError("--shape: the weibull family needs its exponent p (e.g. --shape 1.5)");
  }
  return family;
}

}  // namespace attnlaw::cli
