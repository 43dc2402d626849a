// Score-family names and the double instantiation of reference/extreme_value/score_families.hpp.
#include "reference/extreme_value/score_families.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "reference/extreme_value/detail/score_families_impl.hpp"

namespace attnlaw::reference {
namespace {

// Shortest round-trip text of a shape, so that name() and parse_score_family() invert each other.
std::string shape_text(double shape) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, shape);
  return std::string(buffer, result.ptr);
}

double parse_shape(std::string_view text, const std::string& whole) {
  double value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (result.ec != std::errc() || result.ptr != text.data() + text.size() || !(value > 0) || !std::isfinite(value)) {
    throw std::invalid_argument("unknown score family '" + whole + "': shape must be a finite number > 0");
  }
  return value;
}

}  // namespace

std::string ScoreFamily::name() const {
  switch (kind) {
    case Kind::exponential: return "exponential";
    case Kind::gaussian: return "gaussian";
    case Kind::weibull: return "weibull(p=" + shape_text(shape) + ")";
    case Kind::log2: return "log2(eta=" + shape_text(shape) + ")";
    case Kind::uniform: return "uniform";
  }
  return "unknown";
}

// Accepts "weibull:1.5" / "log2:1" and the name() spellings "weibull(p=1.5)" / "log2(eta=1)";
// a bare "log2" is the eta = 1 family, (log n)^2 exactly. Weibull has no default shape.
ScoreFamily parse_score_family(const std::string& text) {
  const std::string_view view(text);
  if (view == "exponential") return {ScoreFamily::Kind::exponential, 1};
  if (view == "gaussian") return {ScoreFamily::Kind::gaussian, 1};
  if (view == "uniform") return {ScoreFamily::Kind::uniform, 1};
  if (view == "log2") return {ScoreFamily::Kind::log2, 1};
  const auto shaped = [&](std::string_view stem, std::string_view key,
                          ScoreFamily::Kind kind) -> std::optional<ScoreFamily> {
    if (view.substr(0, stem.size()) != stem) return std::nullopt;
    std::string_view rest = view.substr(stem.size());
    if (!rest.empty() && rest.front() == ':') return ScoreFamily{kind, parse_shape(rest.substr(1), text)};
    std::string open(1, '(');
    open.append(key).push_back('=');
    if (rest.substr(0, open.size()) == open && rest.size() > open.size() + 1 && rest.back() == ')') {
      return ScoreFamily{kind, parse_shape(rest.substr(open.size(), rest.size() - open.size() - 1), text)};
    }
    return std::nullopt;
  };
  if (const auto family = shaped("weibull", "p", ScoreFamily::Kind::weibull)) return *family;
  if (const auto family = shaped("log2", "eta", ScoreFamily::Kind::log2)) return *family;
  throw std::invalid_argument("unknown score family '" + text +
                              "' (expected exponential, gaussian, uniform, weibull:P, log2[:ETA])");
}

// Ordinary least squares slope of y = log h_n on x = log log n, centred for stability.
double fitted_exponent(const ScoreFamily& family, const double* n_values, int count) {
  if (n_values == nullptr || count < 2) throw std::invalid_argument("fitted_exponent: needs at least two n");
  double mean_x = 0;
  double mean_y = 0;
  for (int i = 0; i < count; ++i) {
    mean_x += std::log(std::log(n_values[i]));
    mean_y += std::log(family_scale<double>(family, n_values[i]).h);
  }
  mean_x /= count;
  mean_y /= count;
  double sxx = 0;
  double sxy = 0;
  for (int i = 0; i < count; ++i) {
    const double dx = std::log(std::log(n_values[i])) - mean_x;
    sxx += dx * dx;
    sxy += dx * (std::log(family_scale<double>(family, n_values[i]).h) - mean_y);
  }
  if (!(sxx > 0)) throw std::invalid_argument("fitted_exponent: the n values must not all be equal");
  return sxy / sxx;
}

// Rounding of pow(log n, e) in long double: relative error about (1 + |e log log n|) u_ld; after
// the final rounding to double the bound below holds with a factor 4 to spare (measured against
// mpfr_float_50 over n in [2, 1e18], shapes 1e-6..1e6: largest ratio 0.3 of this bound).
double family_scale_relative_error(const ScoreFamily& family, double n) {
  detail::require_context_length(n);
  detail::require_shape(family);
  const double u = std::numeric_limits<double>::epsilon() / 2;
  const double u_work = std::numeric_limits<long double>::epsilon() / 2;
  const double log_log_n = std::abs(std::log(std::log(n)));
  switch (family.kind) {
    case ScoreFamily::Kind::exponential: return 2 * u;
    case ScoreFamily::Kind::gaussian: return 1e-14;
    case ScoreFamily::Kind::weibull:
    case ScoreFamily::Kind::log2: {
      const double e = 1 + 1 / family.shape;
      return 4 * (u + 8 * u_work * (1 + e * log_log_n));
    }
    case ScoreFamily::Kind::uniform: return 4 * u;
  }
  return 1e-14;
}

template FamilyScale<double> family_scale<double>(const ScoreFamily&, double);
template FamilyLogScale<double> family_log_scale<double>(const ScoreFamily&, double);
template double local_exponent<double>(const ScoreFamily&, double);

}  // namespace attnlaw::reference
