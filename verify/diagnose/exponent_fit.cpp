#include "verify/diagnose/exponent_fit.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <map>

#include "verify/stats/multiplicity.hpp"

namespace attnlaw::diagnose {
namespace {

// A median that has a logarithm: not 0 (a single-key row) and not +infinity (ties).
bool has_logarithm(double median) { return median > 0 && !std::isinf(median); }

std::size_t distinct_lengths(const std::vector<FitPoint>& points) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) k += i == 0 || points[i].log_log_n != points[i - 1].log_log_n;
  return k;
}

// slope +- t_{df, (1+level)/2} s.e.; a residual of 0 (the points on a line) gives a point interval.
stats::Interval t_interval(const stats::LinearFit& line, std::size_t df, double level) {
  const boost::math::students_t_distribution<double> t(static_cast<double>(df));
  const double half = boost::math::quantile(t, (1 + level) / 2) * line.slope_std_error;
  return {line.slope - half, line.slope + half};
}

double p_value_of_xi_1(const stats::LinearFit& line, std::size_t df) {
  if (line.slope_std_error == 0) return line.slope == 1 ? 1.0 : 0.0;
  const boost::math::students_t_distribution<double> t(static_cast<double>(df));
  return 2 * boost::math::cdf(boost::math::complement(t, std::fabs(line.slope - 1) / line.slope_std_error));
}

HeadExponentFit fit_head(const std::string& label, std::vector<FitPoint> points) {
  HeadExponentFit fit;
  fit.group = label;
  fit.points = std::move(points);
  std::vector<double> x, y;
  for (const FitPoint& p : fit.points) {
    x.push_back(p.log_log_n);
    y.push_back(p.log_median_lambda);
  }
  fit.line = stats::least_squares(x, y);
  fit.degrees_of_freedom = fit.points.size() - 2;
  fit.ci = t_interval(fit.line, fit.degrees_of_freedom, kCiLevel);
  fit.p_value_xi_1 = p_value_of_xi_1(fit.line, fit.degrees_of_freedom);
  return fit;
}

}  // namespace

double HeadExponentFit::median_lambda_at(double n) const {
  return std::exp(line.intercept + line.slope * std::log(std::log(n)));
}

ExponentFits fit_exponents(std::span<const TensorDiagnosis> tensors) {
  ExponentFits fits;
  std::map<std::string, std::vector<FitPoint>> by_label;
  std::vector<std::string> order;
  for (const TensorDiagnosis& t : tensors) {
    for (const RowGroup& g : t.groups) {
      const double median = g.lambda.q50;
      if (!has_logarithm(median) || g.n_median <= std::exp(1.0)) {
        const SkipReason reason = !(median > 0)        ? SkipReason::median_lambda_zero
                                  : std::isinf(median) ? SkipReason::median_lambda_infinite
                                                       : SkipReason::log_log_n_not_positive;
        fits.skipped.push_back(SkippedGroup{t.file, g.label, reason});
        continue;
      }
      if (!by_label.contains(g.label)) order.push_back(g.label);
      by_label[g.label].push_back(FitPoint{t.file, g.n_median, std::log(std::log(g.n_median)), std::log(median)});
    }
  }
  for (const std::string& label : order) {
    std::vector<FitPoint>& points = by_label[label];
    std::stable_sort(points.begin(), points.end(),
                     [](const FitPoint& a, const FitPoint& b) { return a.log_log_n < b.log_log_n; });
    const std::size_t lengths = distinct_lengths(points);
    if (lengths < kMinContextLengths) {
      fits.unfitted.push_back(UnfittedHead{label, lengths});
      continue;
    }
    fits.heads.push_back(fit_head(label, std::move(points)));
  }

  // The family: every fitted head but the pooled groups.
  std::vector<std::size_t> family;
  std::vector<double> p;
  for (std::size_t i = 0; i < fits.heads.size(); ++i) {
    if (is_pooled_group_label(fits.heads[i].group)) continue;
    family.push_back(i);
    p.push_back(fits.heads[i].p_value_xi_1);
  }
  fits.heads_fitted = family.size();
  if (family.empty()) return fits;
  const std::vector<double> adjusted = stats::holm_adjust(p);
  const double simultaneous_level = 1 - kFamilyWiseAlpha / static_cast<double>(family.size());
  for (std::size_t j = 0; j < family.size(); ++j) {
    HeadExponentFit& h = fits.heads[family[j]];
    h.p_holm = adjusted[j];
    h.simultaneous_ci = t_interval(h.line, h.degrees_of_freedom, simultaneous_level);
    h.rejects_xi_1 = adjusted[j] <= kFamilyWiseAlpha;
    fits.heads_rejecting_1 += h.rejects_xi_1;
  }
  return fits;
}

}  // namespace attnlaw::diagnose
