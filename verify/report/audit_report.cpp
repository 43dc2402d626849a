#include "verify/report/audit_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "verify/report/atomic_file.hpp"
#include "verify/report/figures.hpp"
#include "verify/report/gnuplot_process.hpp"
#include "verify/report/gnuplot_script.hpp"
#include "verify/report/number_format.hpp"

namespace attnlaw::report {
namespace {

std::string slug(const std::string& text) {
  std::string s;
  for (char c : text) s += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '-';
  return s;
}

std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '<')
      out += "\\<";
    else
      out += c;
  }
  return out;
}

// Histogram of every p-value of one claim, 10 bins, with the uniform expectation.
nlohmann::json histogram_figure(const std::string& claim, const std::vector<double>& p) {
  constexpr int kBins = 10;
  std::vector<double> counts(kBins, 0);
  for (double v : p) counts[std::min(kBins - 1, static_cast<int>(v * kBins))] += 1;
  nlohmann::json x = nlohmann::json::array(), y = nlohmann::json::array(), expected = nlohmann::json::array();
  for (int b = 0; b < kBins; ++b) {
    x.push_back((b + 0.5) / kBins);
    y.push_back(counts[static_cast<std::size_t>(b)]);
    expected.push_back(static_cast<double>(p.size()) / kBins);
  }
  nlohmann::json series = nlohmann::json::array();
  series.push_back({{"label", "p-values"}, {"style", "points"}, {"x", x}, {"y", y}});
  series.push_back({{"label", "uniform"}, {"style", "lines"}, {"x", x}, {"y", expected}});
  return {{"id", "calibration-" + slug(claim)},
          {"claim", claim},
          {"kind", "curves"},
          {"title", fmt::format("{}: p-values of every check over all seeds ({} values)", claim, p.size())},
          {"xlabel", "p-value (bin centre)"},
          {"ylabel", "count"},
          {"log_x", false},
          {"log_y", false},
          {"series", series}};
}

}  // namespace

std::string render_calibration_markdown(const nlohmann::json& doc) {
  const auto& s = doc.at("summary");
  const std::size_t checks = s.at("checks"), outside = s.at("outside_band"), flagged = s.at("non_uniform");
  std::string md =
      fmt::format("# attnlaw audit: calibration of the {} battery\n\n", doc.at("battery").get<std::string>());
  if (outside == 0 && flagged == 0) {
    md += fmt::format(
        "All {} checks stayed inside their false-failure bands over {} seeds, and no check's p-values "
        "departed from their null law (KS, flag below {}).\n\n",
        checks, doc.at("seeds").get<std::size_t>(), format_p(doc.at("uniformity_alpha")));
  } else {
    md += fmt::format(
        "{} of {} checks outside their false-failure band, {} with non-uniform p-values, over {} seeds.\n\n", outside,
        checks, flagged, doc.at("seeds").get<std::size_t>());
    md += "| claim | test | params | fails | band | uniformity p |\n|---|---|---|---|---|---|\n";
    for (const auto& r : doc.at("checks")) {
      if (r.at("within_band") && !r.at("uniformity_flag")) continue;
      md += fmt::format("| {} | {} | {} | {} | [{}, {}] | {} |\n", r.at("claim").get<std::string>(),
                        r.at("test").get<std::string>(), cell(r.at("params").dump()), r.at("fails").get<std::size_t>(),
                        r.at("band")[0].get<std::size_t>(), r.at("band")[1].get<std::size_t>(),
                        r.at("uniformity_p").is_null() ? "-" : format_p(r.at("uniformity_p")));
    }
    md += "\n";
  }
  md += fmt::format(
      "Method: each check runs under {} seeds (seed rule: {}). A check fails a run when its Holm-adjusted p-value is "
      "below alpha = {}; the number of failing runs must lie in the two-sided binomial band of level {} at that alpha "
      "(NIST SP 800-22 proportion test, exact). The p-values of a check must follow its null law, flagged below {}: a "
      "check with a uniform null law (a continuous statistic, a point null) gets the two-sided Kolmogorov-Smirnov test "
      "against U(0,1); a conservative one (an exact test of a count, a composite null such as a tolerance band, or a "
      "reference whose own fixed Monte Carlo error is in the standard error) only guarantees P(p <= u) <= u, so it "
      "gets "
      "the one-sided test for an excess of small p-values (D+ of the ECDF over the diagonal, exact Smirnov law). A "
      "flag "
      "means the finite-n bias is more than the check tolerates. Deterministic checks must hold under every seed.\n\n",
      doc.at("seeds").get<std::size_t>(), doc.at("seed_rule").get<std::string>(), format_p(doc.at("alpha")),
      format_significant(doc.at("band_level")), format_p(doc.at("uniformity_alpha")));
  if (doc.contains("rerun_claims") && !doc.at("rerun_claims").empty()) {
    std::string names;
    for (const auto& n : doc.at("rerun_claims")) names += (names.empty() ? "" : ", ") + n.get<std::string>();
    md += fmt::format(
        "Claims rerun over all seeds with `--update` after a fix: {}. Every other row is from the earlier "
        "run and reproduced its last seed bit for bit in the whole battery; the Holm fails of every row "
        "were recounted from the p-values.\n\n",
        names);
  }
  md +=
      "| claim | test | target | params | seeds | fails | band | null law | uniformity p | verdict |\n"
      "|---|---|---|---|---|---|---|---|---|---|\n";
  std::set<std::string> claims;
  for (const auto& r : doc.at("checks")) {
    claims.insert(r.at("claim").get<std::string>());
    const bool ok = r.at("within_band") && !r.at("uniformity_flag");
    const bool deterministic = r.at("uniformity_p").is_null();
    md += fmt::format("| {} | {} | {} | {} | {} | {} | [{}, {}] | {} | {} | {} |\n", r.at("claim").get<std::string>(),
                      r.at("test").get<std::string>(), cell(r.at("target").get<std::string>()),
                      cell(r.at("params").dump()), r.at("seeds").get<std::size_t>(), r.at("fails").get<std::size_t>(),
                      r.at("band")[0].get<std::size_t>(), r.at("band")[1].get<std::size_t>(),
                      deterministic ? "-" : r.at("null_law").get<std::string>(),
                      r.at("uniformity_p").is_null() ? "-" : format_p(r.at("uniformity_p")), ok ? "ok" : "**ANOMALY**");
  }
  md += "\nFigures:\n\n";
  for (const std::string& c : claims) md += fmt::format("- [{}](figures/calibration-{}.svg)\n", c, slug(c));
  return md;
}

std::string render_mutants_markdown(const nlohmann::json& doc) {
  const auto& rows = doc.at("mutants");
  std::size_t killed = 0;
  for (const auto& r : rows) killed += r.at("killed").get<bool>();
  std::string md = fmt::format("# attnlaw audit: planted bugs ({} battery, seed {})\n\n",
                               doc.at("battery").get<std::string>(), doc.at("seed").get<std::uint32_t>());
  if (killed == rows.size()) {
    md += fmt::format("All {} mutants were killed (kill rate {}).\n\n", rows.size(),
                      format_significant(doc.at("kill_rate")));
  } else {
    md += fmt::format("{} of {} mutants survived (kill rate {}): each is a finding.\n\n", rows.size() - killed,
                      rows.size(), format_significant(doc.at("kill_rate")));
    for (const auto& r : rows) {
      if (!r.at("killed"))
        md += fmt::format("- **{}**: {}\n", r.at("name").get<std::string>(), r.at("description").get<std::string>());
    }
    md += "\n";
  }
  md +=
      "Each mutant is a realistic bug compiled into the binary, off unless named with `attnlaw run --mutant NAME`; "
      "it runs the battery on the claims it touches, and is killed when at least one check FAILs.\n\n";
  if (doc.contains("rerun") && !doc.at("rerun").empty()) {
    std::string names;
    for (const auto& n : doc.at("rerun")) names += (names.empty() ? "" : ", ") + n.get<std::string>();
    md += fmt::format(
        "Rows rerun with `--update` (a new mutant, or claims whose checks changed): {}. The other rows "
        "are from the earlier full audit.\n\n",
        names);
  }
  // Kill matrix: mutants by the claims any mutant touches.
  std::vector<std::string> claims;
  for (const auto& r : rows) {
    for (const auto& c : r.at("claims")) {
      if (std::find(claims.begin(), claims.end(), c.get<std::string>()) == claims.end()) claims.push_back(c);
    }
  }
  md += "| mutant | killed |";
  for (const auto& c : claims) md += " " + c + " |";
  md += "\n|---|---|";
  for (std::size_t i = 0; i < claims.size(); ++i) md += "---|";
  md += "\n";
  for (const auto& r : rows) {
    md += fmt::format("| {} | {} |", r.at("name").get<std::string>(), r.at("killed").get<bool>() ? "yes" : "**no**");
    for (const auto& c : claims) {
      const auto& touched = r.at("claims");
      const auto& by = r.at("killed_by");
      const bool t = std::find(touched.begin(), touched.end(), c) != touched.end();
      const bool k = std::find(by.begin(), by.end(), c) != by.end();
      md += t ? (k ? " FAIL |" : " pass |") : " |";
    }
    md += "\n";
  }
  md += "\n| mutant | description | failing checks |\n|---|---|---|\n";
  for (const auto& r : rows) {
    std::string failing;
    for (const auto& f : r.at("failing_checks"))
      failing += (failing.empty() ? "" : "<br>") + cell(f.get<std::string>());
    md += fmt::format("| {} | {} | {} |\n", r.at("name").get<std::string>(),
                      cell(r.at("description").get<std::string>()), failing.empty() ? "-" : failing);
  }
  return md;
}

void write_calibration_report(const nlohmann::json& doc, const std::filesystem::path& dir) {
  std::map<std::string, std::vector<double>> by_claim;
  for (const auto& r : doc.at("checks")) {
    auto& p = by_claim[r.at("claim").get<std::string>()];
    for (double v : r.at("p_values")) p.push_back(v);
  }
  std::vector<std::pair<std::filesystem::path, std::string>> svgs;
  for (const auto& [claim, p] : by_claim) {
    const auto figure = histogram_figure(claim, p);
    svgs.emplace_back(dir / "figures" / (figure.at("id").get<std::string>() + ".svg"),
                      run_gnuplot(gnuplot_script(figure)));
  }
  write_figure_set(dir / "figures", svgs);
  write_file_atomically(dir / "calibration.json", doc.dump(2) + "\n");
  write_file_atomically(dir / "calibration.md", render_calibration_markdown(doc));
}

void write_calibration_checkpoint(const nlohmann::json& doc, const std::filesystem::path& dir) {
  write_file_atomically(dir / "calibration.json", doc.dump(2) + "\n");
}

void write_mutants_report(const nlohmann::json& doc, const std::filesystem::path& dir) {
  write_file_atomically(dir / "mutants.json", doc.dump(2) + "\n");
  write_file_atomically(dir / "mutants.md", render_mutants_markdown(doc));
}

}  // namespace attnlaw::report
