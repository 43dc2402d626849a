#include "verify/report/real_attention.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string_view>
#include <vector>

#include "verify/report/atomic_file.hpp"
#include "verify/report/diagnosis_document.hpp"
#include "verify/report/diagnosis_figure.hpp"
#include "verify/report/number_format.hpp"
#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;

std::string number_or_absent(const json& v) { return v.is_number() ? format_significant(v.get<double>()) : kAbsent; }

std::string interval_text(const json& head, const char* key) {
  const auto it = head.find(key);
  if (it == head.end() || !it->is_array() || it->size() != 2) return kAbsent;
  return fmt::format("[{}, {}]", number_or_absent((*it)[0]), number_or_absent((*it)[1]));
}

std::string rejects_text(const json& head) {
  const auto it = head.find("rejects_xi_1");
  if (it == head.end() || !it->is_boolean()) return kAbsent;
  return it->get<bool>() ? "**yes**" : "no";
}

// Table cells are file names and labels: '|' would end the cell.
std::string cell(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '|' || ch == '<') out += '\\';
    out += ch;
  }
  return out;
}

const json& required(const json& obj, const char* key, const std::string& where) {
  const auto it = obj.find(key);
  if (it == obj.end()) throw ReportInputError(fmt::format("{}: missing field '{}'", where, key));
  return *it;
}

// What the fit shows, and what one model cannot: from the summary block diagnose writes,
// validated by the caller.
std::string headline(const json& test, std::size_t context_lengths) {
  const auto k = test.at("heads_rejecting_1").get<std::size_t>();
  const auto m = test.at("heads_fitted").get<std::size_t>();
  if (m == 0) return no_fit_text() + ".";
  return fmt::format(
      "{} of {} heads reject xi = 1 (the log n law) at family-wise {} (Holm). Each head's interval is a regression "
      "interval through {} context lengths ({} degrees of freedom), so it is wide, and it assumes the medians scatter "
      "independently about a line in log log n. These are the rows of one small trained model on one text window: "
      "they say how its heads scale over these context lengths, not whether xi = 1 holds for attention in general.",
      k, m, format_significant(test.at("family_wise_alpha").get<double>(), 3), context_lengths,
      context_lengths >= 2 ? context_lengths - 2 : 0);
}

std::size_t context_lengths_of(const json& summary) {
  std::vector<double> lengths;
  for (const json& f : summary.at("files"))
    for (const json& g : f.at("summary").at("groups")) lengths.push_back(g.at("n_median").get<double>());
  std::sort(lengths.begin(), lengths.end());
  return static_cast<std::size_t>(std::unique(lengths.begin(), lengths.end()) - lengths.begin());
}

void write_head_table(std::string& out, const json& heads, bool with_points) {
  out += with_points ? "| head | median Lambda (n) per file | xi | s.e. | 95% CI | simultaneous CI | Holm p | rejects "
                       "xi = 1 |\n|---|---|---|---|---|---|---|---|\n"
                     : "| head | xi | 95% CI | Holm p | rejects xi = 1 |\n|---|---|---|---|---|\n";
  for (const json& h : heads) {
    const std::string label = cell(h.at("group").get<std::string>());
    const std::string holm = number_or_absent(h.value("p_xi_1_holm", json()));
    if (with_points) {
      std::string points;
      for (const json& p : h.at("points")) {
        if (!points.empty()) points += "; ";
        points += fmt::format("{} ({})", number_or_absent(p.at("median_Lambda")), number_or_absent(p.at("n_median")));
      }
      fmt::format_to(std::back_inserter(out), "| {} | {} | {} | {} | {} | {} | {} | {} |\n", label, points,
                     number_or_absent(h.at("xi")), number_or_absent(h.value("standard_error", json())),
                     interval_text(h, "ci"), interval_text(h, "simultaneous_ci"), holm, rejects_text(h));
    } else {
      fmt::format_to(std::back_inserter(out), "| {} | {} | {} | {} | {} |\n", label, number_or_absent(h.at("xi")),
                     interval_text(h, "ci"), holm, rejects_text(h));
    }
  }
}

std::string regime_counts_text(const json& group) {
  const auto it = group.find("regimes");
  if (it == group.end() || !it->is_object()) return kAbsent;
  std::string out;
  for (const char* regime : {"unseparated", "critical window", "collapsed", "tied"})
    out += (out.empty() ? "" : " / ") + it->value(regime, json()).dump();
  return out;
}

void validate(const json& summary, const std::string& where) {
  if (!summary.is_object()) throw ReportInputError(where + ": not a JSON object");
  const json& fit = required(summary, "fit", where);
  const json& heads = required(fit, "heads", where + ": fit");
  if (!heads.is_array()) throw ReportInputError(where + ": fit.heads is not an array");
  for (const json& h : heads) {
    if (!h.is_object() || !h.contains("group") || !h.at("group").is_string() || !h.contains("xi") ||
        !h.contains("points") || !h.at("points").is_array())
      throw ReportInputError(where + ": fit.heads: an entry lacks group, xi or points");
  }
  const json& test = required(fit, "xi_1_test", where + ": fit");
  for (const char* key : {"heads_rejecting_1", "heads_fitted", "family_wise_alpha"})
    if (!test.contains(key) || !test.at(key).is_number())
      throw ReportInputError(fmt::format("{}: fit.xi_1_test.{} missing or not a number", where, key));
  const json& files = required(summary, "files", where);
  if (!files.is_array()) throw ReportInputError(where + ": files is not an array");
  for (const json& f : files) {
    if (!f.is_object() || !f.contains("summary") || !f.at("summary").contains("groups") ||
        !f.at("summary").at("groups").is_array())
      throw ReportInputError(where + ": files: an entry lacks summary.groups");
    for (const json& g : f.at("summary").at("groups"))
      if (!g.is_object() || !g.contains("n_median") || !g.at("n_median").is_number())
        throw ReportInputError(where + ": files: a group lacks n_median");
  }
}

}  // namespace

std::string real_attention_markdown(const json& summary) {
  validate(summary, "real_attention.json");
  const json& fit = summary.at("fit");
  std::string out = "# Real attention: the exponent of the accumulation scale\n\n";
  out +=
      "Pre-softmax logits of a trained transformer (tests/data/fixtures/real-attention/README.md), analysed by "
      "`attnlaw diagnose` (theory/unified_framework/THEORY.md: Lambda = sup_t log N(t)/t per row; across context "
      "lengths, the exponent xi of median Lambda ~ (log n)^xi).\n\n";
  out += headline(fit.at("xi_1_test"), context_lengths_of(summary)) + "\n\n";
  fmt::format_to(std::back_inserter(out), "- fit: {}\n- CI: {}\n", fit.value("method", std::string()),
                 fit.value("ci_method", std::string()));
  if (summary.contains("command"))
    fmt::format_to(std::back_inserter(out), "- regenerate: `{}`\n", summary.at("command").get<std::string>());
  out += "- figure: [Lambda against n](real_attention.svg)\n\n";
  out += "## Exponent per head\n\n";
  write_head_table(out, fit.at("heads"), true);
  out += '\n';
  fmt::format_to(std::back_inserter(out),
                 "## Files\n\n| file | shape | head | rows | unseparated / window / collapsed / tied at beta = {} | n "
                 "(median) | beta_crit = Lambda q10 / q50 / q90 |\n|---|---|---|---|---|---|---|\n",
                 number_or_absent(summary.value("beta", json())));
  for (const json& f : summary.at("files")) {
    std::string shape;
    for (const json& s : f.value("shape", json::array())) shape += (shape.empty() ? "" : ", ") + s.dump();
    for (const json& g : f.at("summary").at("groups")) {
      const json& q = g.at("Lambda");
      fmt::format_to(std::back_inserter(out), "| {} | ({}) | {} | {} | {} | {} | {} / {} / {} |\n",
                     cell(f.at("file").get<std::string>()), shape, cell(g.at("group").get<std::string>()),
                     g.at("rows").dump(), regime_counts_text(g), number_or_absent(g.at("n_median")),
                     number_or_absent(q.at("q10")), number_or_absent(q.at("q50")), number_or_absent(q.at("q90")));
    }
  }
  return out;
}

void write_real_attention_report(const std::filesystem::path& dir, const diagnose::Diagnosis& diagnosis,
                                 const std::string& command) {
  const std::string stem = kRealAttentionStem;
  const json summary = diagnosis_summary(diagnosis, command);
  write_file_atomically(dir / (stem + ".svg"), diagnosis_svg(diagnosis));
  write_file_atomically(dir / (stem + ".json"), summary.dump(2) + "\n");
  write_file_atomically(dir / (stem + ".md"), real_attention_markdown(summary));
}

std::string real_attention_section(const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / (std::string(kRealAttentionStem) + ".json");
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  json summary;
  try {
    summary = json::parse(text.str());
  } catch (const json::parse_error& e) {
    throw ReportInputError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
  validate(summary, file.string());
  const json& fit = summary.at("fit");
  std::string out = "## Real attention\n\n";
  out += "`attnlaw diagnose` on the real-attention fixtures (one trained transformer, context lengths ";
  std::string lengths;
  for (const json& f : summary.at("files")) {
    const json& shape = f.value("shape", json::array());
    if (!shape.empty()) lengths += (lengths.empty() ? "" : ", ") + shape.back().dump();
  }
  out += lengths.empty() ? std::string(kAbsent) : lengths;
  out += "): the exponent xi of median Lambda ~ (log n)^xi per head. ";
  out += headline(fit.at("xi_1_test"), context_lengths_of(summary)) + "\n\n";
  write_head_table(out, fit.at("heads"), false);
  out +=
      "\nDetails: [real_attention.md](real_attention.md), data: [real_attention.json](real_attention.json), "
      "figure: [Lambda against n](real_attention.svg).\n\n";
  return out;
}

}  // namespace attnlaw::report
