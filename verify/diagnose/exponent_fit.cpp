#include "verify/diagnose/exponent_fit.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/quantile.hpp"

namespace attnlaw::diagnose {
namespace {

// A point of the fit before its head is fitted: where its rows are, for the bootstrap.
struct PendingPoint {
  FitPoint point;
  const TensorDiagnosis* tensor;
  const RowGroup* group;
};

std::vector<double> lambdas_of(const PendingPoint& p) {
  std::vector<double> v;
  v.reserve(p.group->rows.size());
  for (const std::size_t r : p.group->rows) v.push_back(p.tensor->rows[r].stats.scale.lambda);
  return v;
}

// A median that has a logarithm: not 0 (a single-key row) and not +infinity (ties).
bool has_logarithm(double median) { return median > 0 && !std::isinf(median); }

HeadExponentFit fit_head(const std::string& label, const std::vector<PendingPoint>& pending) {
  HeadExponentFit fit;
  fit.group = label;
  std::vector<double> x, y;
  std::vector<std::vector<double>> strata;
  for (const PendingPoint& p : pending) {
    fit.points.push_back(p.point);
    x.push_back(p.point.log_log_n);
    y.push_back(p.point.log_median_lambda);
    strata.push_back(lambdas_of(p));
  }
  fit.line = stats::least_squares(x, y);
  // Rows resampled within each file, every median Lambda and the slope recomputed; a replicate
  // with a median that has no logarithm is dropped (counted in bootstrap.dropped).
  const auto slope = [&x](std::span<const std::vector<double>> resampled) -> std::optional<double> {
    std::vector<double> yb;
    for (const std::vector<double>& stratum : resampled) {
      const double median = stats::median(stratum);
      if (!has_logarithm(median)) return std::nullopt;
      yb.push_back(std::log(median));
    }
    return stats::least_squares(x, yb).slope;
  };
  const rng::StreamKey key = rng::make_key(kBootstrapSeed, "diagnose", "bootstrap/" + label);
  fit.bootstrap = stats::stratified_percentile_bootstrap(strata, slope, key, kBootstrapReplicates, kCiLevel);
  if (fit.bootstrap.ci) fit.ci_excludes_1 = fit.bootstrap.ci->lo > 1 || fit.bootstrap.ci->hi < 1;
  return fit;
}

}  // namespace

double HeadExponentFit::median_lambda_at(double n) const {
  return std::exp(line.intercept + line.slope * std::log(std::log(n)));
}

ExponentFits fit_exponents(std::span<const TensorDiagnosis> tensors) {
  ExponentFits fits;
  std::map<std::string, std::vector<PendingPoint>> by_label;
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
      by_label[g.label].push_back(
          PendingPoint{FitPoint{t.file, g.n_median, std::log(std::log(g.n_median)), std::log(median)}, &t, &g});
    }
  }
  for (const std::string& label : order) {
    // In order of n, so that the bootstrap streams (indexed by position) do not depend on the
    // order the files were given in.
    std::vector<PendingPoint>& pending = by_label[label];
    std::stable_sort(pending.begin(), pending.end(), [](const PendingPoint& a, const PendingPoint& b) {
      return a.point.log_log_n < b.point.log_log_n;
    });
    if (pending.front().point.log_log_n == pending.back().point.log_log_n) continue;  // needs two distinct n
    fits.heads.push_back(fit_head(label, pending));
  }
  for (const HeadExponentFit& h : fits.heads) {
    if (is_pooled_group_label(h.group) || !h.bootstrap.ci) continue;
    ++fits.heads_fitted;
    fits.heads_excluding_1 += h.ci_excludes_1;
  }
  return fits;
}

}  // namespace attnlaw::diagnose
