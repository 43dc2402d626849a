#pragma once
// REPORT.md from results.json (schema 1). The renderer knows the schema, not the papers: every
// title, statement and threshold it prints comes from the document.
#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace attnlaw::report {

// The report's pages. REPORT.md (`summary`): a TestU01-style headline (all passed, or a table of
// only the anomalies) with the decision thresholds, what a PASS means and the provenance key, one
// table with a row per claim, how to regenerate, the provenance block. One page per paper
// (`papers`: file name, text): a section per claim, its checks grouped by experiment point with
// the parameters stated once, links to figures/<id>.svg and into the paper's theory document.
// Deterministic: equal documents give identical bytes; numbers are formatted without the locale.
// Throws ReportInputError if the document does not validate.
struct ReportPages {
  std::string summary;
  std::vector<std::pair<std::string, std::string>> papers;
};
ReportPages render_markdown(const nlohmann::json& results);

// REPORT-<tag>.md, the tag's characters outside [A-Za-z0-9_-] replaced by '_'.
std::string paper_page_name(const std::string& tag);

}  // namespace attnlaw::report
