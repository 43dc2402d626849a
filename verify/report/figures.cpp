#include "verify/report/figures.hpp"

#include <fmt/format.h>

#include <set>
#include <stdexcept>

#include "verify/report/atomic_file.hpp"
#include "verify/report/gnuplot_script.hpp"
#include "verify/report/report_input_error.hpp"
#include "verify/report/results_schema.hpp"

namespace attnlaw::report {

std::vector<std::filesystem::path> render_figures(const nlohmann::json& results,
                                                  const std::filesystem::path& figures_dir) {
  return render_figures(results, figures_dir, "gnuplot");
}

std::vector<std::filesystem::path> render_figures(const nlohmann::json& results,
                                                  const std::filesystem::path& figures_dir,
                                                  const std::string& gnuplot_program) {
  validate_results(results, "results.json");
  std::vector<std::filesystem::path> written;
  const auto it = results.find("figures");
  if (it == results.end() || it->empty()) {
    if (std::filesystem::is_directory(figures_dir)) write_figure_set(figures_dir, {});
    return written;
  }

  // Every script and every SVG is made before the first file is written, so a figure gnuplot
  // rejects (or a missing gnuplot) leaves figures_dir as it was.
  std::vector<std::pair<std::filesystem::path, std::string>> svgs;
  for (const nlohmann::json& figure : *it) {
    const std::string id = figure.at("id").get<std::string>();
    std::string svg;
    try {
      svg = run_gnuplot(gnuplot_script(figure), gnuplot_program);
    } catch (const ReportInputError&) {
      throw;
    } catch (const GnuplotUnavailable&) {
      throw;
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("figure {}: {}", id, e.what()));
    }
    const bool opens = svg.starts_with("<?xml") || svg.starts_with("<svg");
    if (!opens || svg.find("</svg>") == std::string::npos)
      throw std::runtime_error(fmt::format("figure {}: gnuplot did not return a complete SVG document", id));
    svgs.emplace_back(figures_dir / (id + ".svg"), std::move(svg));
  }

  write_figure_set(figures_dir, svgs);
  for (const auto& [path, svg] : svgs) written.push_back(path);
  return written;
}

void write_figure_set(const std::filesystem::path& dir,
                      const std::vector<std::pair<std::filesystem::path, std::string>>& svgs) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot create {}: {}", dir.string(), ec.message()));
  std::set<std::filesystem::path> keep;
  for (const auto& [path, svg] : svgs) {
    write_file_atomically(path, svg);
    keep.insert(path.filename());
  }
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const auto& path = entry.path();
    if (entry.is_regular_file() && path.extension() == ".svg" && !keep.contains(path.filename())) {
      std::filesystem::remove(path);
    }
  }
}

}  // namespace attnlaw::report
