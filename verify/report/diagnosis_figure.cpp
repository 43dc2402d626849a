#include "verify/report/diagnosis_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "verify/diagnose/diagnosis.hpp"
#include "verify/report/gnuplot_process.hpp"
#include "verify/report/gnuplot_script.hpp"
#include "verify/report/number_format.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;
using namespace attnlaw::diagnose;

constexpr int kFitLineSegments = 32;
constexpr std::size_t kMostHeadsWithLines = 4;

// The fitted line from the shortest to the longest n of its points, evenly spaced in log n.
json fit_series(const HeadExponentFit& h) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  for (const FitPoint& p : h.points) {
    lo = std::min(lo, p.n_median);
    hi = std::max(hi, p.n_median);
  }
  json fx = json::array(), fy = json::array();
  for (int k = 0; k <= kFitLineSegments; ++k) {
    const double n = std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * k / double{kFitLineSegments});
    fx.push_back(n);
    fy.push_back(h.median_lambda_at(n));
  }
  return json{
      {"label", fmt::format("fit {}: xi = {:.3g}", h.group, h.line.slope)}, {"style", "lines"}, {"x", fx}, {"y", fy}};
}

}  // namespace

json diagnosis_figure(const Diagnosis& diagnosis) {
  json series = json::array();
  json xs = json::array(), ys = json::array();
  for (const TensorDiagnosis& t : diagnosis.tensors)
    for (const RowDiagnosis& r : t.rows) {
      xs.push_back(static_cast<double>(r.stats.n));
      ys.push_back(json_number_or_null(r.stats.scale.lambda));
    }
  series.push_back(json{{"label", "rows"}, {"style", "points"}, {"x", xs}, {"y", ys}});
  // One line of medians per group label, across the files in their order.
  std::map<std::string, std::pair<json, json>> medians;
  std::vector<std::string> order;
  for (const TensorDiagnosis& t : diagnosis.tensors)
    for (const RowGroup& g : t.groups) {
      if (!medians.contains(g.label)) order.push_back(g.label);
      auto& [mx, my] = medians[g.label];
      mx.push_back(g.n_median);
      my.push_back(json_number_or_null(g.lambda.q50));
    }
  for (const std::string& label : order)
    series.push_back(json{{"label", "median " + label},
                          {"style", "linespoints"},
                          {"x", medians[label].first},
                          {"y", medians[label].second}});
  const std::vector<HeadExponentFit>& heads = diagnosis.fit.heads;
  for (const HeadExponentFit& h : heads)
    if (heads.size() <= kMostHeadsWithLines || is_pooled_group_label(h.group)) series.push_back(fit_series(h));
  return json{{"id", "diagnose"},
              {"kind", "curves"},
              {"title", "upper-tail accumulation scale Lambda against the unmasked row length n"},
              {"xlabel", "n (unmasked keys)"},
              {"ylabel", "Lambda"},
              {"log_x", true},
              {"log_y", true},
              {"series", series}};
}

std::string diagnosis_svg(const Diagnosis& diagnosis) {
  return run_gnuplot(gnuplot_script(diagnosis_figure(diagnosis)));
}

}  // namespace attnlaw::report
