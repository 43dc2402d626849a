#pragma once
// Validation of results.json (schema_version 1, docs/results-json.md) before anything is
// rendered, so a malformed document fails with a message naming the field instead of producing a
// half-right report.
#include <nlohmann/json.hpp>

#include <string_view>

namespace attnlaw::report {

inline constexpr int kResultsSchemaVersion = 1;

// Throws ReportInputError "<source>: <field path> <what is wrong>" on the first problem found.
// Required: schema_version == 1, battery, seed, summary (whose counts must agree with the
// checks), checks (each with claim, paper, test, verdict). Optional but type-checked when present:
// tool, policy, provenance, claims, figures and every field the renderers read.
void validate_results(const nlohmann::json& results, std::string_view source);

// Figure ids become file names: letters, digits, '.', '_', '-', not starting with '.'.
bool is_safe_figure_id(std::string_view id);

}  // namespace attnlaw::report
