#pragma once
// A report directory from its results.json: REPORT.md and figures/*.svg (`attnlaw report DIR`,
// and the last step of `attnlaw run`).
#include <nlohmann/json.hpp>

#include <filesystem>

#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {

// Reads dir/results.json, validates it (ReportInputError naming the file and the field) and
// renders it into dir.
void render_report_directory(const std::filesystem::path& dir);

// Validates `results`, renders the figures into dir/figures, then writes dir/REPORT.md, every
// file atomically. REPORT.md is written last so it never links a figure that failed to render.
void render_report(const nlohmann::json& results, const std::filesystem::path& dir);

}  // namespace attnlaw::report
