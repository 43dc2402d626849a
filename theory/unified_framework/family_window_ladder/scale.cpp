// family_window_ladder.hpp: the family scale h_n = n f(b_n) against the numeric hazard at b_n
// and an independently computed scale.
#include <fmt/core.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;

}  // namespace

double reference_hazard_scale(const ref::ScoreFamily& family, double n) {
  return ref::family_scale<double>(family, n).h;
}

harness::ExperimentResult family_scale_check(const ref::ScoreFamily& family, const ScaleFunction& scale,
                                             const std::vector<double>& ns) {
  harness::ExperimentResult out;
  double worst = 0;
  std::string where;
  for (double n : ns) {
    const auto reference = ref::family_scale<double>(family, n);
    const long double b = reference.b;
    const double numeric = static_cast<double>(reference::numeric_hazard_scale<long double>(family, n, b));
    const double independent = static_cast<double>(reference::independent_family_scale<long double>(family, n).h);
    const double used = scale(n);
    std::vector<std::pair<double, std::string>> errors{
        {std::abs(used / numeric - 1), "h_n used vs n f(b_n)"},
        {std::abs(used / independent - 1), "h_n used vs independent Newton/closed-form h_n"}};
    if (family.kind == ref::ScoreFamily::Kind::log2 && family.shape == 1) {
      const double closed = std::log(n) * std::log(n);
      errors.push_back({std::abs(used / closed - 1), "h_n used vs (log n)^2"});
      errors.push_back({std::abs(numeric / closed - 1), "numeric n f(b_n) vs (log n)^2"});
    }
    for (const auto& [e, what] : errors) {
      if (e > worst) {
        worst = e;
        where = fmt::format("{} at n = {:g}", what, n);
      }
    }
  }
  out.checks.push_back(harness::deterministic_check(
      "h_n = n f(b_n): the scale that sets beta = c h_n, against the numeric hazard at b_n and an "
      "independently computed scale" +
          std::string(family.kind == ref::ScoreFamily::Kind::log2 ? ", and (log n)^2 exactly" : ""),
      worst / 1e-9,
      fmt::format("worst relative error / 1e-9 over the n listed (worst: {}); pass iff <= 1",
                  where.empty() ? "none" : where)));
  return out;
}

}  // namespace attnlaw::theory::unified_framework
