#include "verify/report/diagnosis_table.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <iterator>

#include "verify/diagnose/diagnosis.hpp"
#include "verify/report/diagnosis_document.hpp"

namespace attnlaw::report {
namespace {

using namespace attnlaw::diagnose;

std::string text_number(double x) { return fmt::format("{:.5g}", x); }
// The fields that the JSON document writes as null when not finite.
std::string text_number_or_inf(double x) { return std::isfinite(x) ? text_number(x) : "inf"; }

std::string quantiles_text(const Quantiles& q) {
  return fmt::format("{} / {} / {}", text_number_or_inf(q.q10), text_number_or_inf(q.q50), text_number_or_inf(q.q90));
}

std::string lambda_text(const attention::AccumulationScale<double>& scale) {
  if (scale.ties) return "inf*";
  if (scale.overflows()) return fmt::format("exp({:.6g})^", scale.log_lambda);
  return text_number(scale.lambda);
}

void write_tensor(std::string& out, const TensorDiagnosis& t) {
  auto o = std::back_inserter(out);
  fmt::format_to(o, "\n{}{}  shape ({})\n", t.file, t.tensor.empty() ? "" : fmt::format("  tensor {}", t.tensor),
                 fmt::join(t.shape, ", "));
  fmt::format_to(o, "  {:<14} {:>8} {:>10} {:>12} {:>8} {:>10} {:>10}  {}\n", "row", "n", "Lambda", "Delta_Lambda",
                 "alpha_n", "entropy", "top_weight", "regime at beta (deciding bound)");
  bool any_ties = false;
  bool any_overflow = false;
  for (const RowDiagnosis& r : t.rows) {
    const attention::RowStatistics<double>& s = r.stats;
    const std::string quantity = s.regime.quantity;
    const std::string bound =
        quantity.empty() ? std::string("r = 1")
                         : fmt::format("{} {} {}", quantity, s.regime.relation, text_number_or_inf(s.regime.bound));
    fmt::format_to(o, "  {:<14} {:>8} {:>10} {:>12} {:>8} {:>10} {:>10}  {} ({})\n",
                   fmt::format("[{}]", fmt::join(r.index, ",")), s.n,
                   lambda_text(s.scale), text_number(s.scale.contact_gap),
                   text_number(s.scale.alpha), text_number(s.softmax.entropy), text_number(s.softmax.top_weight),
                   attention::regime_name(s.regime.regime), bound);
    any_ties = any_ties || s.scale.ties;
    any_overflow = any_overflow || s.scale.overflows();
  }
  if (any_ties) out += "  * ties at the maximum: Lambda = inf\n";
  if (any_overflow) out += "  ^ Lambda beyond the largest double (a subnormal gap): shown as exp(log Lambda)\n";
  out += "  quantiles 10% / 50% / 90% per head:\n";
  fmt::format_to(o, "  {:<20} {:>5} {:>5} {:>8}  {:<28} {:<28} {:<28} {:<28}\n", "head", "rows", "ties", "n", "Lambda",
                 "alpha_n", "entropy", "top_weight");
  for (const RowGroup& g : t.groups) {
    fmt::format_to(o, "  {:<20} {:>5} {:>5} {:>8}  {:<28} {:<28} {:<28} {:<28}\n", g.label, g.rows.size(), g.ties,
                   text_number(g.n_median), quantiles_text(g.lambda), quantiles_text(g.alpha),
                   quantiles_text(g.entropy), quantiles_text(g.top_weight));
  }
}

void write_fits(std::string& out, const ExponentFits& fits) {
  auto o = std::back_inserter(out);
  fmt::format_to(o, "\nexponent xi of median Lambda ~ (log n)^xi: {}\n{}\n", fit_method_text(), fit_ci_method_text());
  if (fits.heads.empty()) out += "  no head has files at two or more distinct n: nothing to fit\n";
  for (const HeadExponentFit& h : fits.heads) {
    const std::string ci =
        h.bootstrap.ci ? fmt::format("[{}, {}]", text_number(h.bootstrap.ci->lo), text_number(h.bootstrap.ci->hi))
                       : std::string("n/a");
    fmt::format_to(o, "  {:<20} xi = {:<9} 95% CI {:<22} s.e. {}  ({} files)\n", h.group, text_number(h.line.slope), ci,
                   text_number_or_inf(h.line.slope_std_error), h.points.size());
  }
  if (fits.heads_fitted > 0)
    fmt::format_to(o, "  heads whose CI excludes xi = 1: {} of {}\n", fits.heads_excluding_1, fits.heads_fitted);
}

}  // namespace

std::string diagnosis_table(const Diagnosis& diagnosis) {
  std::string out = fmt::format("beta = {}\n{}\n", text_number(diagnosis.beta), regimes_text());
  for (const TensorDiagnosis& t : diagnosis.tensors) write_tensor(out, t);
  write_fits(out, diagnosis.fit);
  return out;
}

}  // namespace attnlaw::report
