// REPORT.md rendered from the hand-written fixture tests/data/report/results_small.json. Expected
// strings are what the fixture's numbers give under the documented formats (%.4g, p-values %.3g),
// checked independently with Python's '%.4g' % x.
#include "verify/report/report_markdown.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tests/unit/report/report_test_support.hpp"
#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {
namespace {

using test_support::all_pass_fixture;
using test_support::load_fixture;

// The text between the headline and the thresholds: where the anomaly table is, if any.
std::string headline_block(const std::string& md) {
  const std::size_t begin = md.find("\n\n") + 2;  // after the title
  const std::size_t end = md.find("Thresholds:");
  return md.substr(begin, end - begin);
}

std::string summary(const nlohmann::json& j) { return render_markdown(j).summary; }

// The page of paper XA, the fixture's only paper.
std::string page(const nlohmann::json& j) {
  const ReportPages pages = render_markdown(j);
  EXPECT_EQ(pages.papers.size(), 1u);
  EXPECT_EQ(pages.papers.at(0).first, "REPORT-XA.md");
  return pages.papers.at(0).second;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(ReportMarkdown, AllPassHeadline) {
  const std::string md = summary(all_pass_fixture());
  EXPECT_EQ(md.rfind("# attnlaw report: smoke battery\n\n"
                     "All 4 checks passed (3 statistical, 1 deterministic) at family-wise alpha 1e-06 within each "
                     "paper (Holm; each check's adjusted alpha is on its paper's page).\n\n"
                     "Thresholds:",
                     0),
            0u)
      << md.substr(0, 400);
  EXPECT_EQ(headline_block(md).find('|'), std::string::npos) << "no anomaly table when everything passed";
}

TEST(ReportMarkdown, AnomalyHeadlineListsOnlyAnomalies) {
  const std::string md = summary(load_fixture());
  const std::string head = headline_block(md);
  EXPECT_EQ(head.rfind("1 of 4 checks (3 statistical, 1 deterministic) did not pass at family-wise alpha 1e-06 "
                       "within each paper (Holm; each check's adjusted alpha is on its paper's page): 1 FAIL.\n\n",
                       0),
            0u)
      << head;
  EXPECT_NE(head.find("| claim | test | params | statistic | p | adjusted alpha | verdict |"), std::string::npos);
  EXPECT_NE(head.find("| [XA.variance-fail](REPORT-XA.md#xavariance-fail) | chi-square | d=2, n=4000, reps=4000 | 97.5 "
                      "| 3.14e-09 (adj. 1.26e-08) | "
                      "2.5e-07 | **FAIL** |"),
            std::string::npos)
      << head;
  // Header, separator and exactly one anomaly row; the three PASS checks are not listed.
  EXPECT_EQ(count(head, "\n|"), 3u) << head;
  EXPECT_EQ(head.find("XA.mean-pass"), std::string::npos);
  EXPECT_EQ(head.find("anderson-darling"), std::string::npos);
}

TEST(ReportMarkdown, AnomaliesOrderedFailThenSuspect) {
  nlohmann::json j = load_fixture();
  j["checks"][1]["verdict"] = "SUSPECT";  // the z-test, listed before the FAIL in the document
  j["summary"]["pass"] = 2;
  j["summary"]["suspect"] = 1;
  const std::string head = headline_block(summary(j));
  EXPECT_NE(head.find("2 of 4 checks (3 statistical, 1 deterministic) did not pass"), std::string::npos);
  EXPECT_NE(head.find(": 1 FAIL, 1 SUSPECT.\n"), std::string::npos);
  EXPECT_LT(head.find("chi-square"), head.find("z-test"));
  EXPECT_EQ(count(head, "\n|"), 4u);
}

TEST(ReportMarkdown, PrintsThresholds) {
  const std::string md = summary(load_fixture());
  EXPECT_NE(md.find("**FAIL** when the Holm-adjusted p-value is below 1e-06"), std::string::npos);
  EXPECT_NE(md.find("**SUSPECT** when p < 0.001 without failing, or when the smallest detectable discrepancy exceeds "
                    "the claim's target"),
            std::string::npos);
}

TEST(ReportMarkdown, RunAndProvenance) {
  const std::string md = summary(load_fixture());
  EXPECT_NE(md.find("- battery: smoke\n- seed: 20261130\n"), std::string::npos);
  EXPECT_NE(md.find("`attnlaw run --battery smoke --seed 20261130 --out reports/smoke`"), std::string::npos);
  EXPECT_NE(md.find("`attnlaw report reports/smoke`"), std::string::npos);
  EXPECT_NE(md.find("- git revision: 0123456789abcdef0123456789abcdef01234567 (uncommitted changes)\n"),
            std::string::npos);
  EXPECT_NE(md.find("- libraries: boost 1.74.0, gsl 2.7.1, mpfr 4.2.0\n"), std::string::npos);
  EXPECT_NE(md.find("- threads: 2\n- ranks: 1\n"), std::string::npos);
}

// REPORT.md opens with what a PASS means, the provenance key and one row per claim.
TEST(ReportMarkdown, SummaryHasReadingGuideAndClaimTable) {
  const std::string md = summary(load_fixture());
  EXPECT_LT(md.find("## What a PASS means"), md.find("## Provenance tags"));
  EXPECT_LT(md.find("## Provenance tags"), md.find("## Claims"));
  EXPECT_LT(md.find("## Claims"), md.find("## Run"));
  EXPECT_NE(md.find("The papers' full texts were not available"), std::string::npos);
  EXPECT_NE(md.find("Here: 2 claims, 1 `derived`, 1 `paper`."), std::string::npos) << md;
  EXPECT_NE(
      md.find("- [XA](REPORT-XA.md) Example paper A (hand-written fixture): 2 claims, 4 checks: 3 PASS, 1 FAIL\n"),
      std::string::npos)
      << md;
  // The PASS claim: smallest p 0.211 of its two statistical checks (0.63 and 0.211), worst
  // deterministic ratio 0.875; its weakest power statement is the mean's (no target), 0.006123.
  EXPECT_NE(
      md.find("| [XA.mean-pass](REPORT-XA.md#xamean-pass) | The sample mean converges to the reference mean \\| "
              "at rate n^{-1/2}. | derived [derived][checked] | 3 | p 0.211; ratio 0.875 | mean: 0.006123 | PASS |"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| [XA.variance-fail](REPORT-XA.md#xavariance-fail) |"), std::string::npos);
  EXPECT_NE(md.find("| variance: 0.012 (target 0.02) | **FAIL** |"), std::string::npos) << md;
  // The per-check detail is on the paper's page, not here.
  EXPECT_EQ(md.find("| test | target |"), std::string::npos);
}

TEST(ReportMarkdown, PaperPageAndClaimSections) {
  const std::string md = page(load_fixture());
  EXPECT_EQ(md.rfind("# attnlaw report, smoke battery: XA\n\nExample paper A (hand-written fixture)\n\n", 0), 0u) << md;
  EXPECT_NE(md.find("[REPORT.md](REPORT.md)"), std::string::npos);
  EXPECT_NE(md.find("2 claims, 4 checks: 3 PASS, 1 FAIL.\n"), std::string::npos);
  EXPECT_NE(md.find("## XA.mean-pass\n\n"
                    "- Verdict: PASS\n"
                    "- Statement: The sample mean converges to the reference mean | at rate n^{-1/2}.\n"
                    "- Theorem: Theorem 1, fixture §1\n"
                    "- Provenance: derived [derived][checked]\n"
                    "- Checks: 3 (3 PASS)\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("## XA.variance-fail\n\n- Verdict: **FAIL**\n"), std::string::npos);
  EXPECT_LT(md.find("## XA.mean-pass"), md.find("## XA.variance-fail"));
  // Figure links; '<' in the title is escaped so a markdown renderer does not take "<n>" for HTML.
  EXPECT_NE(md.find("- [PIT of the sample mean, d = 3 (fixture) \\<n> & beta_n](figures/xa-mean-pass-pit.svg)\n"),
            std::string::npos);
  EXPECT_NE(md.find("- [Variance error against n (fixture)](figures/xa-variance-ladder.svg)\n"), std::string::npos);
}

// "THEORY.md §n" in a theorem reference links into the paper's theory document.
TEST(ReportMarkdown, TheoremLinksIntoTheTheoryDocument) {
  nlohmann::json j = load_fixture();
  j["claims"][0]["theorem"] = "THEORY.md §2.3 (the mean)";
  j["claims"][0]["theory_document"] = "theory/example/THEORY.md";
  const std::string md = page(j);
  EXPECT_NE(md.find("- Theorem: [THEORY.md §2.3](../../theory/example/THEORY.md) (the mean)\n"), std::string::npos)
      << md;
  EXPECT_NE(md.find("Theory: [theory/example/THEORY.md](../../theory/example/THEORY.md)."), std::string::npos);
}

TEST(ReportMarkdown, NumbersInCheckTables) {
  const std::string md = page(load_fixture());
  // statistic 0.61234567 -> 0.6123; p 0.63 -> 0.63; alpha 1e-6 and adjusted 3.333333e-7 ->
  // 1e-06 / 3.33e-07; effect -0.000123456 -> -0.0001235; CI bound 5.4e-05; delta 0.0061234 ->
  // 0.006123; params, stated once above the point's table: integers exact, beta 1.0 -> 1,
  // gamma 0.123456 -> 0.1235.
  EXPECT_NE(
      md.find("beta=1, d=3, gamma=0.1235, label=grid-a, n=100000\n\n"
              "| test | target | statistic | p | p-method | alpha / adjusted | effect [CI] | detectable (power) | "
              "verdict |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| anderson-darling | PIT of the sample mean ~ U(0,1) | 0.6123 | 0.63 | exact (Marsaglia 2004) | "
                    "1e-06 / 3.33e-07 | mean - reference = -0.0001235 [-0.0003, 5.4e-05] | mean: 0.006123 at power "
                    "0.99 | PASS |"),
            std::string::npos)
      << md;
  // Deterministic check: no p-value, so p is an em dash.
  EXPECT_NE(md.find("inputs=512\n\n"), std::string::npos);
  EXPECT_NE(md.find("| deterministic | worst ratio to the bound | 0.875 | \xE2\x80\x94 |"), std::string::npos);
  EXPECT_NE(md.find("| 3.14e-09 (adj. 1.26e-08) | chi-square tail (Boost.Math) | 1e-06 / 2.5e-07 | variance - "
                    "reference = 0.0512 [0.031, 0.0714] | variance: 0.012 at power 0.99 (target 0.02) | **FAIL** |"),
            std::string::npos);
}

TEST(ReportMarkdown, Deterministic) {
  const nlohmann::json j = load_fixture();
  for (const auto& render : {summary, page}) {
    const std::string first = render(j);
    EXPECT_EQ(first, render(j));
    // A dump/parse round trip (what `attnlaw run` then `attnlaw report` does) changes nothing.
    EXPECT_EQ(first, render(nlohmann::json::parse(j.dump(2))));
    EXPECT_EQ(first.back(), '\n');
    EXPECT_EQ(first.find("\n\n\n"), std::string::npos);
  }
}

TEST(ReportMarkdown, ChecksWithoutClaimRecordStillRendered) {
  nlohmann::json j = load_fixture();
  j.erase("claims");
  j.erase("policy");
  // Without a policy block the family alpha still heads the report, from the summary.
  EXPECT_NE(summary(j).find("1 of 4 checks (3 statistical, 1 deterministic) did not pass at family-wise alpha 1e-06: "
                            "1 FAIL."),
            std::string::npos)
      << summary(j);
  const std::string md = page(j);
  EXPECT_EQ(md.rfind("# attnlaw report, smoke battery: XA\n\n", 0), 0u);
  EXPECT_NE(md.find("## XA.variance-fail\n\n- Verdict: **FAIL**\n"), std::string::npos);
}

TEST(ReportMarkdown, RejectsInvalidDocument) {
  nlohmann::json j = load_fixture();
  j["schema_version"] = 2;
  EXPECT_THROW(render_markdown(j), ReportInputError);
}

// A paper's tables close its section, after its last claim; '|' in a cell is escaped.
TEST(ReportMarkdown, PaperTablesCloseTheirSection) {
  nlohmann::json j = load_fixture();
  j["tables"] = nlohmann::json::array(
      {nlohmann::json{{"id", "frontier"},
                      {"paper", "XA"},
                      {"title", "Frontier (fixture)"},
                      {"columns", {"setting", "measured"}},
                      {"rows", nlohmann::json::array({nlohmann::json::array({"noiseless", "10/10"}),
                                                      nlohmann::json::array({"a | b", "3/10"})})},
                      {"note", "rows from two points"}}});
  const std::string md = page(j);
  const std::size_t table = md.find("## Frontier (fixture)\n\nrows from two points\n\n| setting | measured |\n");
  ASSERT_NE(table, std::string::npos) << md;
  EXPECT_GT(table, md.find("## XA.variance-fail"));
  EXPECT_NE(md.find("| a \\| b | 3/10 |", table), std::string::npos) << md.substr(table);
}

// A subset run's regenerate line repeats its selection and says its Holm families differ.
TEST(ReportMarkdown, SubsetRunRegeneratesItsSelection) {
  nlohmann::json j = load_fixture();
  j["selection"] = {"XA.*", "XA.mean-pass"};
  const std::string md = summary(j);
  EXPECT_NE(md.find("--claim 'XA.*' --claim 'XA.mean-pass' --out"), std::string::npos) << md.substr(0, 1200);
  EXPECT_NE(md.find("- selection: a subset of the battery (2 claim ids or patterns given)"), std::string::npos);
  j["selection"] = {1};
  EXPECT_THROW(render_markdown(j), ReportInputError);
}

}  // namespace
}  // namespace attnlaw::report
