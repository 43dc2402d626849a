#include "verify/harness/exact_value_checks.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "verify/harness/standard_checks.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/power.hpp"

namespace attnlaw::harness {
namespace {

// The confidence of the reported intervals: 1 - alpha at the strictest per-paper alpha, 1e-6.
constexpr double kConfidence = 0.999999;

}  // namespace

Check mean_against(std::span<const double> values, double exact, const std::string& what, double target,
                   double reference_se) {
  stats::MeanTest t = stats::z_test_mean_sample_sigma(values, exact, kConfidence);
  if (reference_se == 0) {
    const double sd = t.std_error * std::sqrt(static_cast<double>(values.size()));
    return mean_check(t, exact, what, sd, values.size(), "mean - exact finite-n value", 1, target);
  }
  const double se = std::hypot(t.std_error, reference_se);
  const double z = (t.estimate - exact) / se;
  t.result.statistic = z;
  t.result.p_value = std::erfc(std::abs(z) / std::numbers::sqrt2);
  t.result.p_method += fmt::format("; the reference's own s.e. {:.2g} added in quadrature", reference_se);
  const double zc = stats::normal_quantile(0.5 + 0.5 * kConfidence);
  t.ci = {t.estimate - zc * se, t.estimate + zc * se};
  const double sd = se * std::sqrt(static_cast<double>(values.size()));
  Check c = mean_check(t, exact, what, sd, values.size(), "mean - reference value", 1, target);
  c.null_law = NullLaw::conservative;
  return c;
}

Check cdf_cells_against(std::span<const double> values, const std::vector<std::pair<double, double>>& cdf,
                        const std::string& what) {
  std::vector<double> edges, probabilities;
  double previous = 0;
  for (const auto& [w, f] : cdf) {
    edges.push_back(w);
    probabilities.push_back(std::max(0.0, f - previous));
    previous = f;
  }
  probabilities.push_back(std::max(0.0, 1 - previous));
  double total = 0;
  for (double p : probabilities) total += p;
  for (double& p : probabilities) p /= total;  // quadrature error of a few 1e-6 at most
  std::vector<std::uint64_t> counts(probabilities.size(), 0);
  for (double v : values) {
    const auto cell = std::lower_bound(edges.begin(), edges.end(), v) - edges.begin();
    ++counts[static_cast<std::size_t>(cell)];
  }
  return chi_square_check(stats::chi_square_gof(counts, probabilities), what);
}

void ladder_check(const FigureSource& source, std::span<const double> n, std::span<const double> exact, double limit,
                  double theory_slope, double tolerance, const std::string& quantity, ExperimentResult& out) {
  const std::size_t k = n.size();
  std::vector<double> error(k), x(k);
  for (std::size_t i = 0; i < k; ++i) {
    error[i] = std::abs(exact[i] - limit);
    x[i] = std::log(n[i]);
  }
  const stats::LinearFit fit = stats::log_log_fit(n, error);
  const double y0 = std::log(error[0]);

  out.checks.push_back(
      rate_check(fmt::format("n-ladder of exact {}: fitted slope of log|theta_n - theta_inf| vs theory {:.4g} (+-{:g})",
                             quantity, theory_slope, tolerance),
                 fit.slope, theory_slope, tolerance, "exact finite-n values (no sampling)"));

  std::vector<double> fitted(k), theory(k);
  for (std::size_t i = 0; i < k; ++i) {
    fitted[i] = std::exp(fit.intercept + fit.slope * x[i]);
    theory[i] = std::exp(y0 + theory_slope * (x[i] - x[0]));
  }
  const std::vector<double> ns(n.begin(), n.end());
  out.figures.push_back({.id = source.id,
                         .claim = source.claim,
                         .title = fmt::format("{}: n-ladder of {} ({})", source.claim, quantity, source.point_label),
                         .xlabel = "n",
                         .ylabel = "|theta_n - theta_inf|",
                         .log_x = true,
                         .log_y = true,
                         .series = {{fmt::format("theory slope {:.3f}", theory_slope), "lines", ns, theory},
                                    {fmt::format("fitted slope {:.3f}", fit.slope), "lines", ns, fitted},
                                    {"|exact finite-n - limit|", "points", ns, error}}});
}

}  // namespace attnlaw::harness
