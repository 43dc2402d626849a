#include "verify/harness/detectable_law.hpp"

#include <array>
#include <cmath>
#include <utility>

#include "verify/stats/power.hpp"

namespace attnlaw::harness {
namespace {

using Formula = DetectableLaw::Formula;

constexpr std::array<std::pair<Formula, const char*>, 7> kNames{{
    {Formula::cdf_distance, "cdf_distance"},
    {Formula::chi_square_effect, "chi_square_effect"},
    {Formula::mean_shift, "mean_shift"},
    {Formula::standard_error, "standard_error"},
    {Formula::variance_ratio, "variance_ratio"},
    {Formula::proportion_shift, "proportion_shift"},
    {Formula::proportion_shortfall, "proportion_shortfall"},
}};

// The smallest Delta with m >= ((z_{1-a} sqrt(p0 q0) + z_power sqrt(p1 q1)) / Delta)^2,
// p1 = level - Delta (normal approximation, by bisection); the whole level when none is.
double proportion_shortfall(double level, std::size_t m, double alpha, double power) {
  const double za = stats::normal_quantile(1 - alpha), zp = stats::normal_quantile(power);
  const double count = static_cast<double>(m);
  const auto needed = [&](double delta) {
    const double p1 = level - delta;
    const double root = (za * std::sqrt(level * (1 - level)) + zp * std::sqrt(p1 * (1 - p1))) / delta;
    return root * root;
  };
  double lo = 0, hi = level;
  if (needed(hi) > count) return hi;
  for (int k = 0; k < 60; ++k) (needed((lo + hi) / 2) > count ? lo : hi) = (lo + hi) / 2;
  return hi;
}

double delta_of(const DetectableLaw& law, double alpha) {
  switch (law.formula) {
    case Formula::cdf_distance: return stats::detectable_cdf_distance(law.m, alpha, law.power);
    case Formula::chi_square_effect: return stats::detectable_chi_square_effect(law.df, law.m, alpha, law.power);
    case Formula::mean_shift:
      return law.offset + stats::detectable_mean_shift(law.sigma, law.m, alpha, law.power) / law.scale;
    case Formula::standard_error:
      return (stats::normal_quantile(1 - alpha / 2) + stats::normal_quantile(law.power)) * law.sigma;
    case Formula::variance_ratio: return stats::detectable_variance_ratio(law.m, alpha, law.power) - 1;
    case Formula::proportion_shift:
      return law.offset + stats::detectable_proportion_shift(law.p0, law.m, alpha, law.power);
    case Formula::proportion_shortfall: return proportion_shortfall(law.p0, law.m, alpha, law.power);
  }
  return NAN;
}

}  // namespace

const char* to_string(Formula formula) noexcept {
  for (const auto& [f, name] : kNames)
    if (f == formula) return name;
  return "?";
}

bool parse_formula(const std::string& name, Formula& formula) noexcept {
  for (const auto& [f, text] : kNames) {
    if (name == text) {
      formula = f;
      return true;
    }
  }
  return false;
}

Detectable evaluate(const DetectableLaw& law, double alpha) {
  return Detectable{law.name, delta_of(law, alpha), law.power};
}

}  // namespace attnlaw::harness
