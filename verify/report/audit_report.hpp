#pragma once
// calibration.md and mutants.md: the audit of the harness itself (issue "Trust the harness"),
// rendered from the documents of verify/harness/audit.hpp (calibration: schema 2). Terse: a
// headline and the anomalies first, then every row.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace attnlaw::report {

std::string render_calibration_markdown(const nlohmann::json& calibration);
std::string render_mutants_markdown(const nlohmann::json& mutants);

// Writes calibration.json, calibration.md and figures/calibration-<paper>.svg (ECDF - u of each
// statistical check's p-values over the seeds, with the simultaneous band) into dir, each
// atomically; figures/ holds only these afterwards.
void write_calibration_report(const nlohmann::json& calibration, const std::filesystem::path& dir);
// The checkpoint of a calibration in progress, for --resume: its own file, so that a killed run
// never leaves a partial calibration.json beside a complete calibration.md; the final report
// replaces it.
inline constexpr const char* kCalibrationCheckpoint = "calibration.checkpoint.json";
// Writes the checkpoint alone.
void write_calibration_checkpoint(const nlohmann::json& calibration, const std::filesystem::path& dir);
// Writes mutants.json and mutants.md into dir.
void write_mutants_report(const nlohmann::json& mutants, const std::filesystem::path& dir);

}  // namespace attnlaw::report
