#include "verify/report/audit_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "verify/report/atomic_file.hpp"
#include "verify/report/calibration_figure.hpp"
#include "verify/report/figures.hpp"
#include "verify/report/gnuplot_process.hpp"
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

std::string params_cell(const nlohmann::json& row) { return cell(row.at("params").dump()); }

std::string count_cell(const nlohmann::json& t) {
  const bool inside = t.at("inside_band").get<bool>();
  return fmt::format("{}{} [{}, {}]{}", inside ? "" : "**", t.at("count").get<std::size_t>(),
                     t.at("band")[0].get<std::size_t>(), t.at("band")[1].get<std::size_t>(), inside ? "" : "**");
}

std::string statistical_verdict(const nlohmann::json& r) {
  if (r.at("flagged").get<bool>()) return "**FLAGGED**";
  if (r.at("flagged_within_paper").get<bool>()) return "**flagged within paper**";
  return "ok";
}

std::vector<std::string> papers_of(const nlohmann::json& doc) {
  std::vector<std::string> papers;
  for (const auto& r : doc.at("checks")) {
    const std::string p = r.at("paper").get<std::string>();
    if (std::find(papers.begin(), papers.end(), p) == papers.end()) papers.push_back(p);
  }
  return papers;
}

}  // namespace

std::string render_calibration_markdown(const nlohmann::json& doc) {
  const auto& s = doc.at("summary");
  const auto& mult = doc.at("multiplicity");
  const std::size_t seeds = doc.at("seeds").get<std::size_t>();
  std::string md =
      fmt::format("# attnlaw audit: calibration of the {} battery\n\n", doc.at("battery").get<std::string>());
  md += doc.at("headline").get<std::string>() + ".\n\n";

  // Anomalies first: flagged statistical checks, deterministic checks that did not hold, and
  // policy FAILs (a false FAIL of the battery, rare by design: at most alpha per run).
  std::string anomalies;
  for (const auto& r : doc.at("checks")) {
    const bool statistical = r.at("kind") == "statistical";
    std::string what;
    if (statistical) {
      if (r.at("flagged") || r.at("flagged_within_paper")) what = statistical_verdict(r);
      if (r.at("fails").get<std::size_t>() > 0)
        what += fmt::format("{}{} policy FAIL(s)", what.empty() ? "" : "; ", r.at("fails").get<std::size_t>());
    } else if (r.at("fails").get<std::size_t>() > 0) {
      what = fmt::format("**did not hold under {} seed(s)**", r.at("fails").get<std::size_t>());
    }
    if (what.empty()) continue;
    anomalies += fmt::format(
        "| {} | {} | {} | {} | {} | {} | {} | {} |\n", r.at("claim").get<std::string>(),
        r.at("test").get<std::string>(), params_cell(r), r.at("seed_set").get<std::string>(),
        statistical ? format_p(r.at("uniformity").at("p")) + " (" + format_p(r.at("uniformity").at("p_holm")) + ")"
                    : std::string("-"),
        statistical ? count_cell(r.at("counts")[0]) : std::string("-"),
        statistical ? count_cell(r.at("counts")[1]) : std::string("-"), what);
  }
  if (anomalies.empty()) {
    md +=
        "No anomalies: no statistical check flagged (over all or within its paper), no deterministic check that "
        "failed under a seed, no policy FAIL.\n\n";
  } else {
    md +=
        "Anomalies:\n\n| claim | test | params | seed set | uniformity p (Holm) | p <= 0.05 [band] | p <= 0.01 [band] "
        "| what |\n|---|---|---|---|---|---|---|---|\n" +
        anomalies + "\n";
  }

  std::string content;
  for (const auto& c : doc.at("band_content")) {
    content += fmt::format("{}{} seeds at {}", content.empty() ? "" : ", ", c.at("seeds_needed").get<std::size_t>(),
                           format_p(c.at("level")));
  }
  md += "## Method\n\n";
  md += fmt::format(
      "Each check ran under {} seeds of a named seed set (rule: {}). Statistical checks ({}) are tested against the "
      "null law each states. **Uniformity**: a uniform null law (a continuous statistic against a point null) gets "
      "the Anderson-Darling test of its p-values against U(0,1) with the finite-n law, two-sided by construction: an "
      "excess of small p-values and a pile-up near 1 (a check that cannot fail, as TestU01 treats it) both count; a "
      "conservative null law (a discrete count, a tolerance band, a reference with its own fixed Monte Carlo error) "
      "promises only P(p <= u) <= u, so only an excess of small p-values is tested (one-sided Smirnov D+, exact). "
      "**Counts**: the number of seeds with raw p <= 0.05 and with p <= 0.01 against Binomial(seeds, level), exact: "
      "two-sided (central p-value) for a uniform law, one-sided (too many) for a conservative one. **Multiplicity**: "
      "{} over the {} tests of the family ({}) at family-wise alpha {}; the same within each paper is reported "
      "beside it. A count's band is the counts whose exact p is at least the Bonferroni level alpha/{} = {} "
      "(Holm's first threshold), so a count outside it is flagged. A band has a lower end only with enough seeds: {} "
      "(for this family; `--seeds` defaults to the largest). Policy FAILs (Holm-adjusted p < alpha = {} within the "
      "paper at one seed) are counted for the record: {} in all, against at most {} expected (alpha per statistical "
      "run). **Deterministic checks** ({}) have no p-value and are not calibrated: they must hold under every seed, "
      "and {} did not.\n\n",
      seeds, doc.at("seed_rule").get<std::string>(), s.at("statistical").get<std::size_t>(),
      mult.at("method").get<std::string>(), mult.at("tests").get<std::size_t>(), mult.at("family").get<std::string>(),
      format_p(doc.at("family_alpha")), mult.at("tests").get<std::size_t>(), format_p(mult.at("band_level")), content,
      format_p(doc.at("alpha")), s.at("policy_fails").get<std::size_t>(), format_significant(s.at("policy_fail_bound")),
      s.at("deterministic").get<std::size_t>(), s.at("deterministic_failed").get<std::size_t>());

  md += "## Seed sets\n\n| set | indices | seeds | purpose | claims |\n|---|---|---|---|---|\n";
  for (const auto& set : doc.at("seed_sets")) {
    std::string claims;
    for (const auto& c : set.at("claims")) claims += (claims.empty() ? "" : ", ") + c.get<std::string>();
    md += fmt::format("| {} | {}..{} | {} | {} | {} |\n", set.at("name").get<std::string>(),
                      set.at("first_index").get<std::size_t>(), set.at("last_index").get<std::size_t>(),
                      set.at("count").get<std::size_t>(), set.at("purpose").get<std::string>(), claims);
  }
  md += "\n";
  if (!doc.at("updates").empty()) {
    md +=
        "Updates (`--update`: claims changed after the calibration, rerun on held-out seeds never used "
        "before; every other claim's rows reproduced the last seed of their own set bit for bit; policy FAILs "
        "recounted run by run):\n\n";
    for (const auto& u : doc.at("updates")) {
      std::string claims, replaced;
      for (const auto& c : u.at("claims")) claims += (claims.empty() ? "" : ", ") + c.get<std::string>();
      for (const auto& c : u.at("replaced")) replaced += (replaced.empty() ? "" : ", ") + c.get<std::string>();
      md += fmt::format("- {} on {} (replacing rows from {})\n", claims, u.at("seed_set").get<std::string>(),
                        replaced.empty() ? "-" : replaced);
    }
    md += "\n";
  }

  md +=
      "## Per paper\n\n| paper | statistical checks | flagged (Holm over all) | flagged (Holm within paper) | "
      "deterministic checks | did not hold | figure |\n|---|---|---|---|---|---|---|\n";
  for (const std::string& paper : papers_of(doc)) {
    const auto& p = s.at("by_paper").at(paper);
    const bool figure = doc.at("ecdf_bands").contains(paper);
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", paper, p.at("statistical").get<std::size_t>(),
                      p.at("flagged").get<std::size_t>(), p.at("flagged_within_paper").get<std::size_t>(),
                      p.at("deterministic").get<std::size_t>(), p.at("deterministic_failed").get<std::size_t>(),
                      figure ? fmt::format("[ECDF - u](figures/calibration-{}.svg)", slug(paper)) : "-");
  }
  md +=
      "\n## Statistical checks\n\n"
      "| claim | test | target | params | seed set | null law | uniformity p (Holm) | p <= 0.05 [band] | p <= 0.01 "
      "[band] | policy FAILs | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : doc.at("checks")) {
    if (r.at("kind") != "statistical") continue;
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} ({}) | {} | {} | {} | {} |\n",
                      r.at("claim").get<std::string>(), r.at("test").get<std::string>(),
                      cell(r.at("target").get<std::string>()), params_cell(r), r.at("seed_set").get<std::string>(),
                      r.at("null_law").get<std::string>(), format_p(r.at("uniformity").at("p")),
                      format_p(r.at("uniformity").at("p_holm")), count_cell(r.at("counts")[0]),
                      count_cell(r.at("counts")[1]), r.at("fails").get<std::size_t>(), statistical_verdict(r));
  }
  md +=
      "\n## Deterministic checks (not calibrated: no randomness)\n\n"
      "| claim | test | target | params | seed set | seeds | did not hold under | verdict |\n"
      "|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : doc.at("checks")) {
    if (r.at("kind") != "deterministic") continue;
    const std::size_t fails = r.at("fails").get<std::size_t>();
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", r.at("claim").get<std::string>(),
                      r.at("test").get<std::string>(), cell(r.at("target").get<std::string>()), params_cell(r),
                      r.at("seed_set").get<std::string>(), r.at("seeds").get<std::size_t>(), fails,
                      fails == 0 ? "held under every seed" : "**DID NOT HOLD**");
  }
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
  std::vector<std::pair<std::filesystem::path, std::string>> svgs;
  for (const std::string& paper : papers_of(doc)) {
    if (!doc.at("ecdf_bands").contains(paper)) continue;  // no statistical check
    svgs.emplace_back(dir / "figures" / ("calibration-" + slug(paper) + ".svg"),
                      run_gnuplot(calibration_ecdf_script(doc, paper)));
  }
  write_figure_set(dir / "figures", svgs);
  write_file_atomically(dir / "calibration.json", doc.dump(2) + "\n");
  write_file_atomically(dir / "calibration.md", render_calibration_markdown(doc));
}

void write_calibration_checkpoint(const nlohmann::json& doc, const std::filesystem::path& dir) {
  write_file_atomically(dir / kCalibrationCheckpoint, doc.dump(2) + "\n");
}

void write_mutants_report(const nlohmann::json& doc, const std::filesystem::path& dir) {
  write_file_atomically(dir / "mutants.json", doc.dump(2) + "\n");
  write_file_atomically(dir / "mutants.md", render_mutants_markdown(doc));
}

}  // namespace attnlaw::report
