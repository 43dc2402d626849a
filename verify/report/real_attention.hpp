#pragma once
// The real-attention diagnosis of a report directory: the
// per-head exponent xi of median Lambda ~ (log n)^xi fitted by `attnlaw diagnose` over files of
// several context lengths, and how many heads have a confidence interval that excludes xi = 1
// (the paper's qualitative claim "xi_beta = 1 is not universal").
//
// `attnlaw diagnose --report DIR` writes DIR/real_attention.{json,md,svg}; the standard report's
// REPORT.md links them through real_attention_section when DIR/real_attention.json exists.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace attnlaw::diagnose {
struct Diagnosis;
}

namespace attnlaw::report {

inline constexpr const char* kRealAttentionStem = "real_attention";

// Writes dir/real_attention.{svg,json,md} (the JSON is diagnosis_summary with `command`), each
// atomically and the markdown last, so that it never links a figure that failed. dir must exist.
void write_real_attention_report(const std::filesystem::path& dir, const diagnose::Diagnosis& diagnosis,
                                 const std::string& command);

// The whole real_attention.md from the summary document that diagnose writes as
// real_attention.json (its "fit" block and per-file summaries). Deterministic, locale-free.
std::string real_attention_markdown(const nlohmann::json& summary);

// The "## Real attention" section of REPORT.md: the xi table, the fraction of heads whose CI
// excludes 1, and links to real_attention.md and real_attention.svg. Empty when dir holds no
// real_attention.json; throws ReportInputError if it exists but is not a diagnose summary.
std::string real_attention_section(const std::filesystem::path& dir);

}  // namespace attnlaw::report
