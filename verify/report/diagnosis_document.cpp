#include "verify/report/diagnosis_document.hpp"

#include <fmt/format.h>

#include <cmath>

#include "verify/diagnose/diagnosis.hpp"
#include "verify/report/number_format.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;
using namespace attnlaw::diagnose;

json number(double x) { return json_number_or_null(x); }

json quantiles_json(const Quantiles& q) {
  return json{{"q10", number(q.q10)}, {"q50", number(q.q50)}, {"q90", number(q.q90)}};
}

// Why "Lambda" is what it is; "Lambda" is null exactly when this is not "finite".
const char* lambda_status(const attention::AccumulationScale<double>& scale) {
  if (scale.ties) return "tied";
  if (scale.overflows()) return "overflow";
  return "finite";
}

json row_json(const RowDiagnosis& row) {
  const attention::RowStatistics<double>& s = row.stats;
  json bound{{"quantity", s.regime.quantity}, {"relation", s.regime.relation}, {"value", number(s.regime.bound)}};
  return json{{"index", row.index},
              {"n", s.n},
              {"masked", s.masked},
              {"Lambda", number(s.scale.lambda)},
              {"log_Lambda", number(s.scale.log_lambda)},
              {"Lambda_status", lambda_status(s.scale)},
              {"ties", s.scale.ties},
              {"Delta_Lambda", s.scale.contact_gap},
              {"alpha_n", s.scale.alpha},
              {"C_n", s.scale.contact_entropy},
              {"beta_crit", number(s.regime.critical_beta)},
              {"entropy", s.softmax.entropy},
              {"top_weight", s.softmax.top_weight},
              {"top_two_difference", s.softmax.top_two_difference},
              {"max_minus_second", number(s.max_minus_second)},
              {"r", number(s.regime.ratio)},
              {"regime", attention::regime_name(s.regime.regime)},
              {"bound", bound}};
}

json summary_json(const TensorDiagnosis& t) {
  json groups = json::array();
  for (const RowGroup& g : t.groups) {
    groups.push_back(json{{"group", g.label},
                          {"rows", g.rows.size()},
                          {"ties", g.ties},
                          {"n_median", g.n_median},
                          {"Lambda", quantiles_json(g.lambda)},
                          {"alpha_n", quantiles_json(g.alpha)},
                          {"entropy", quantiles_json(g.entropy)},
                          {"top_weight", quantiles_json(g.top_weight)}});
  }
  return json{{"groups", groups}};
}

json head_json(const HeadExponentFit& h) {
  json doc{{"group", h.group}};
  json points = json::array();
  // The median as the fit saw it: exp of its logarithm.
  for (const FitPoint& p : h.points)
    points.push_back(
        json{{"file", p.file}, {"n_median", p.n_median}, {"median_Lambda", std::exp(p.log_median_lambda)}});
  doc["points"] = points;
  doc["xi"] = h.line.slope;
  doc["intercept"] = h.line.intercept;
  doc["standard_error"] = number(h.line.slope_std_error);
  doc["bootstrap_replicates"] = h.bootstrap.replicates;
  doc["bootstrap_dropped"] = h.bootstrap.dropped;
  if (h.bootstrap.ci) {
    doc["ci"] = json::array({h.bootstrap.ci->lo, h.bootstrap.ci->hi});
    doc["ci_excludes_1"] = h.ci_excludes_1;
  } else {
    doc["ci"] = nullptr;
  }
  return doc;
}

const char* skip_reason_text(SkipReason reason) {
  switch (reason) {
    case SkipReason::median_lambda_zero: return "median Lambda is 0";
    case SkipReason::median_lambda_infinite: return "median Lambda is infinite (ties, or beyond the largest double)";
    case SkipReason::log_log_n_not_positive: return "n <= e: log log n <= 0";
  }
  return "";
}

json fit_json(const ExponentFits& fits) {
  json fit{{"method", fit_method_text()}, {"ci_method", fit_ci_method_text()}, {"ci_level", kCiLevel}};
  json heads = json::array();
  for (const HeadExponentFit& h : fits.heads) heads.push_back(head_json(h));
  fit["heads"] = heads;
  fit["ci_excludes_1"] = json{{"heads_excluding_1", fits.heads_excluding_1},
                              {"heads_fitted", fits.heads_fitted},
                              {"ci_level", kCiLevel},
                              {"fraction", fits.heads_fitted == 0 ? json(nullptr)
                                                                  : json(static_cast<double>(fits.heads_excluding_1) /
                                                                         static_cast<double>(fits.heads_fitted))}};
  if (!fits.skipped.empty()) {
    json skipped = json::array();
    for (const SkippedGroup& s : fits.skipped)
      skipped.push_back(json{{"file", s.file}, {"group", s.group}, {"reason", skip_reason_text(s.reason)}});
    fit["skipped"] = skipped;
  }
  if (fits.heads.empty()) fit["note"] = "no head has files at two or more distinct n: nothing to fit";
  return fit;
}

json document(const Diagnosis& diagnosis, bool with_rows) {
  json files = json::array();
  for (const TensorDiagnosis& t : diagnosis.tensors) {
    json f{{"file", t.file}};
    if (!t.tensor.empty()) f["tensor"] = t.tensor;
    f["shape"] = t.shape;
    if (with_rows) {
      json rows = json::array();
      for (const RowDiagnosis& r : t.rows) rows.push_back(row_json(r));
      f["rows"] = rows;
    }
    f["summary"] = summary_json(t);
    files.push_back(f);
  }
  return json{
      {"beta", diagnosis.beta}, {"regimes", regimes_text()}, {"files", files}, {"fit", fit_json(diagnosis.fit)}};
}

}  // namespace

std::string regimes_text() {
  return fmt::format(
      "r = beta/Lambda; unseparated r < {0} (D <= r/(e(1-r))), collapsed r > {1} "
      "(H <= log(1+eps)+2eps+eps^2, eps = 1/(r-1)), critical window {0} <= r <= {1}, "
      "tied: Lambda infinite (H >= log N(0) at every beta)",
      attention::kCriticalWindowLow, attention::kCriticalWindowHigh);
}

std::string fit_method_text() {
  return "ordinary least squares of log(median Lambda) on log(log n), n = median unmasked row length of the head in "
         "each file";
}

std::string fit_ci_method_text() {
  return fmt::format(
      "percentile bootstrap over rows (rows resampled with replacement within each file), {} "
      "replicates, Philox seed {}; standard_error is the OLS standard error (needs >= 3 files)",
      kBootstrapReplicates, kBootstrapSeed);
}

json diagnosis_document(const Diagnosis& diagnosis) { return document(diagnosis, true); }

json diagnosis_summary(const Diagnosis& diagnosis, const std::string& command) {
  json summary = document(diagnosis, false);
  summary["command"] = command;
  return summary;
}

}  // namespace attnlaw::report
