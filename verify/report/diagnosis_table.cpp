#include "verify/report/diagnosis_table.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
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

// The bound that decided the regime, where it says more than D <= 1 or H <= log n.
std::string bound_text(const attention::RowStatistics<double>& s) {
  if (!attention::bound_is_informative(s.regime, s.n)) return "";
  return fmt::format(" ({} {} {})", s.regime.quantity, s.regime.relation, text_number_or_inf(s.regime.bound));
}

void write_rows(std::string& out, const TensorDiagnosis& t) {
  auto o = std::back_inserter(out);
  fmt::format_to(o, "  {:<14} {:>8} {:>10} {:>12} {:>8} {:>10} {:>10}  {}\n", "row", "n", "beta_crit", "Delta_Lambda",
                 "alpha_n", "entropy", "top_weight", "regime at beta (bound, where it says something)");
  bool any_ties = false;
  bool any_overflow = false;
  for (const RowDiagnosis& r : t.rows) {
    const attention::RowStatistics<double>& s = r.stats;
    fmt::format_to(o, "  {:<14} {:>8} {:>10} {:>12} {:>8} {:>10} {:>10}  {}{}\n",
                   fmt::format("[{}]", fmt::join(r.index, ",")), s.n, lambda_text(s.scale),
                   text_number(s.scale.contact_gap), text_number(s.scale.alpha), text_number(s.softmax.entropy),
                   text_number(s.softmax.top_weight), attention::regime_name(s.regime.regime), bound_text(s));
    any_ties = any_ties || s.scale.ties;
    any_overflow = any_overflow || s.scale.overflows();
  }
  if (any_ties) out += "  * ties at the maximum: Lambda = inf\n";
  if (any_overflow) out += "  ^ Lambda beyond the largest double (a subnormal gap): shown as exp(log Lambda)\n";
}

// A padded line without its trailing blanks.
void end_line(std::string& out, std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  out += line;
  out += '\n';
}

void write_heads(std::string& out, const TensorDiagnosis& t, bool with_quantiles_of_all) {
  std::string header = fmt::format("  {:<20} {:>6} {:>8} {:>7} {:>8} {:>9} {:>5}  {:<28}", "head", "rows", "n",
                                   "unsep.", "window", "collapsed", "tied", "beta_crit = Lambda 10/50/90%");
  if (with_quantiles_of_all)
    header += fmt::format(" {:<28} {:<28} {:<28}", "alpha_n 10/50/90%", "entropy 10/50/90%", "top_weight 10/50/90%");
  end_line(out, header);
  using attention::Regime;
  for (const RowGroup& g : t.groups) {
    const auto count = [&g](Regime r) { return g.regimes[static_cast<std::size_t>(r)]; };
    std::string line = fmt::format("  {:<20} {:>6} {:>8} {:>7} {:>8} {:>9} {:>5}  {:<28}", g.label, g.rows.size(),
                                   text_number(g.n_median), count(Regime::unseparated), count(Regime::critical_window),
                                   count(Regime::collapsed), count(Regime::tied), quantiles_text(g.lambda));
    if (with_quantiles_of_all)
      line += fmt::format(" {:<28} {:<28} {:<28}", quantiles_text(g.alpha), quantiles_text(g.entropy),
                          quantiles_text(g.top_weight));
    end_line(out, line);
  }
}

void write_tensor(std::string& out, const TensorDiagnosis& t, TableStyle style) {
  fmt::format_to(std::back_inserter(out), "\n{}{}  shape ({})\n", t.file,
                 t.tensor.empty() ? "" : fmt::format("  tensor {}", t.tensor), fmt::join(t.shape, ", "));
  if (style == TableStyle::rows) {
    write_rows(out, t);
    out += "  per head: rows in each regime at beta, quantiles 10% / 50% / 90%\n";
  }
  write_heads(out, t, style == TableStyle::rows);
}

std::string interval_text(const stats::Interval& i) {
  return fmt::format("[{}, {}]", text_number_or_inf(i.lo), text_number_or_inf(i.hi));
}

void write_fits(std::string& out, const ExponentFits& fits) {
  auto o = std::back_inserter(out);
  fmt::format_to(o, "\nexponent xi of median Lambda ~ (log n)^xi: {}\n{}\n", fit_method_text(), fit_ci_method_text());
  if (fits.heads.empty()) {
    std::size_t most = 0;
    for (const UnfittedHead& u : fits.unfitted) most = std::max(most, u.context_lengths);
    fmt::format_to(o, "  {}", no_fit_text());
    if (most > 0) fmt::format_to(o, " (at most {} here)", most);
    out += '\n';
    return;
  }
  for (const UnfittedHead& u : fits.unfitted)
    fmt::format_to(o, "  {:<20} not fitted: {} context length{}, {} needed\n", u.group, u.context_lengths,
                   u.context_lengths == 1 ? "" : "s", kMinContextLengths);
  fmt::format_to(o, "  {:<20} {:>9} {:>9} {:>4}  {:<24} {:<24} {:>9}\n", "head", "xi", "s.e.", "df", "95% CI",
                 "simultaneous CI", "Holm p");
  for (const HeadExponentFit& h : fits.heads) {
    fmt::format_to(o, "  {:<20} {:>9} {:>9} {:>4}  {:<24} {:<24} {:>9}{}\n", h.group, text_number(h.line.slope),
                   text_number_or_inf(h.line.slope_std_error), h.degrees_of_freedom, interval_text(h.ci),
                   h.simultaneous_ci ? interval_text(*h.simultaneous_ci) : std::string("(pooled)"),
                   h.p_holm ? text_number(*h.p_holm) : std::string("-"), h.rejects_xi_1 ? "  rejects xi = 1" : "");
  }
  if (fits.heads_fitted > 0)
    fmt::format_to(o, "  heads rejecting xi = 1 at family-wise {} (Holm): {} of {}\n", kFamilyWiseAlpha,
                   fits.heads_rejecting_1, fits.heads_fitted);
}

}  // namespace

std::string diagnosis_table(const Diagnosis& diagnosis, TableStyle style) {
  std::string out = fmt::format("beta = {}\n{}\n", text_number(diagnosis.beta), regimes_text());
  for (const TensorDiagnosis& t : diagnosis.tensors) write_tensor(out, t, style);
  write_fits(out, diagnosis.fit);
  return out;
}

}  // namespace attnlaw::report
