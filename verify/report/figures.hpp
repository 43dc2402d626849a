#pragma once
// figures/<id>.svg for every figure of results.json, drawn by gnuplot.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "verify/report/gnuplot_process.hpp"  // GnuplotUnavailable

namespace attnlaw::report {

// Writes <id>.svg and <id>.pdf (for LaTeX) per entry of results["figures"] into figures_dir
// (created if needed), each atomically, and returns the SVGs' paths in document order. Throws ReportInputError if the document
// does not validate, GnuplotUnavailable if gnuplot cannot be started (checked before any file is
// written), std::runtime_error if gnuplot fails or does not return a complete SVG document.
std::vector<std::filesystem::path> render_figures(const nlohmann::json& results,
                                                  const std::filesystem::path& figures_dir);

// Makes `dir` hold exactly the figures `svgs` (paths inside `dir`, contents): creates it if needed,
// writes each atomically, and removes every other *.svg and *.pdf there, since a figure an earlier run drew
// and this one no longer does would otherwise sit beside the report as if it were current.
void write_figure_set(const std::filesystem::path& dir,
                      const std::vector<std::pair<std::filesystem::path, std::string>>& svgs);

// The same with an explicit gnuplot executable (name on PATH or path).
std::vector<std::filesystem::path> render_figures(const nlohmann::json& results,
                                                  const std::filesystem::path& figures_dir,
                                                  const std::string& gnuplot_program);

}  // namespace attnlaw::report
