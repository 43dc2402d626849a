#pragma once
// REPORT.md from results.json (schema 1). The renderer knows the schema, not the papers: every
// title, statement and threshold it prints comes from the document.
#include <nlohmann/json.hpp>

#include <string>

namespace attnlaw::report {

// The whole REPORT.md: a TestU01-style headline (all passed, or a table of only the anomalies)
// with the decision thresholds, how to regenerate, the provenance block, then one section per
// paper and one subsection per claim with its checks and links to figures/<id>.svg.
// Deterministic: equal documents give identical bytes; numbers are formatted without the locale.
// Throws ReportInputError if the document does not validate.
std::string render_markdown(const nlohmann::json& results);

}  // namespace attnlaw::report
