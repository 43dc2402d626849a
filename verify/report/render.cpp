#include "verify/report/render.hpp"

#include <fmt/format.h>

#include <fstream>
#include <set>
#include <sstream>

#include "verify/report/atomic_file.hpp"
#include "verify/report/figures.hpp"
#include "verify/report/real_attention.hpp"
#include "verify/report/report_markdown.hpp"
#include "verify/report/results_schema.hpp"

namespace attnlaw::report {
namespace {

void render_validated(const nlohmann::json& results, const std::filesystem::path& dir) {
  // The markdown is rendered in memory first: an input problem surfaces before any file changes.
  ReportPages pages = render_markdown(results);
  std::string& markdown = pages.summary;
  // The real-attention diagnosis (`attnlaw diagnose --report dir`) is not part of results.json:
  // it is linked when the directory holds it.
  if (const std::string section = real_attention_section(dir); !section.empty()) {
    markdown += '\n';
    markdown += section;
    while (markdown.size() >= 2 && markdown.ends_with("\n\n")) markdown.pop_back();
  }
  render_figures(results, dir / "figures");
  // The paper pages first and REPORT.md, which links them, last; pages of papers this run does
  // not hold are removed, so that no page of an earlier run is taken for this one's.
  std::set<std::string> written;
  for (const auto& [name, text] : pages.papers) {
    write_file_atomically(dir / name, text);
    written.insert(name);
  }
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("REPORT-") && name.ends_with(".md") && !written.contains(name))
      std::filesystem::remove(entry.path());
  }
  write_file_atomically(dir / "REPORT.md", markdown);
}

}  // namespace

void render_report(const nlohmann::json& results, const std::filesystem::path& dir) {
  validate_results(results, (dir / "results.json").string());
  render_validated(results, dir);
}

void render_report_directory(const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / "results.json";
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw ReportInputError(fmt::format("{}: cannot open (does the directory hold a run's output?)", file.string()));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ReportInputError(fmt::format("{}: read error", file.string()));

  nlohmann::json results;
  try {
    results = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw ReportInputError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
  validate_results(results, file.string());
  render_validated(results, dir);
}

}  // namespace attnlaw::report
