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
  json bound{{"quantity", s.regime.quantity},
             {"relation", s.regime.relation},
             {"value", number(s.regime.bound)},
             {"informative", attention::bound_is_informative(s.regime, s.n)}};
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
    json regimes = json::object();
    for (std::size_t k = 0; k < attention::kRegimeCount; ++k)
      regimes[attention::regime_name(static_cast<attention::Regime>(k))] = g.regimes[k];
    groups.push_back(json{{"group", g.label},
                          {"rows", g.rows.size()},
                          {"ties", g.ties},
                          {"n_median", g.n_median},
                          {"regimes", regimes},
                          {"beta_crit", quantiles_json(g.lambda)},
                          {"Lambda", quantiles_json(g.lambda)},
                          {"alpha_n", quantiles_json(g.alpha)},
                          {"entropy", quantiles_json(g.entropy)},
                          {"top_weight", quantiles_json(g.top_weight)}});
  }
  return json{{"groups", groups}};
}

json interval_json(const stats::Interval& i) { return json::array({number(i.lo), number(i.hi)}); }

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
  doc["degrees_of_freedom"] = h.degrees_of_freedom;
  doc["ci"] = interval_json(h.ci);
  doc["p_xi_1"] = h.p_value_xi_1;
  if (h.p_holm) {
    doc["p_xi_1_holm"] = *h.p_holm;
    doc["simultaneous_ci"] = interval_json(*h.simultaneous_ci);
    doc["rejects_xi_1"] = h.rejects_xi_1;
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
  fit["xi_1_test"] = json{{"heads_rejecting_1", fits.heads_rejecting_1},
                          {"heads_fitted", fits.heads_fitted},
                          {"family_wise_alpha", kFamilyWiseAlpha},
                          {"adjustment", "Holm over the heads fitted (pooled groups left out)"}};
  if (!fits.unfitted.empty()) {
    json unfitted = json::array();
    for (const UnfittedHead& u : fits.unfitted)
      unfitted.push_back(json{{"group", u.group}, {"context_lengths", u.context_lengths}});
    fit["unfitted"] = unfitted;
  }
  if (!fits.skipped.empty()) {
    json skipped = json::array();
    for (const SkippedGroup& s : fits.skipped)
      skipped.push_back(json{{"file", s.file}, {"group", s.group}, {"reason", skip_reason_text(s.reason)}});
    fit["skipped"] = skipped;
  }
  if (fits.heads.empty()) fit["note"] = no_fit_text();
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
      "Student t interval from the residuals about the line (k context lengths, k - 2 degrees of freedom; needs "
      "k >= {}): it carries the scatter across n, and assumes independent equal-variance errors, which 3 or 4 points "
      "cannot check. The test of xi = 1 is Holm-adjusted over the heads at family-wise {}; simultaneous_ci is the "
      "Bonferroni interval at the same level",
      kMinContextLengths, kFamilyWiseAlpha);
}

std::string no_fit_text() {
  return fmt::format("no head has files at {} or more distinct context lengths: no exponent is fitted",
                     kMinContextLengths);
}

json diagnosis_document(const Diagnosis& diagnosis) { return document(diagnosis, true); }

json diagnosis_summary(const Diagnosis& diagnosis, const std::string& command) {
  json summary = document(diagnosis, false);
  summary["command"] = command;
  return summary;
}

}  // namespace attnlaw::report
