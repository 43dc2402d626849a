#include "verify/report/figures.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>
#include <stdexcept>
#include <string_view>

#include "verify/report/atomic_file.hpp"
#include "verify/report/gnuplot_script.hpp"
#include "verify/report/report_input_error.hpp"
#include "verify/report/results_schema.hpp"

namespace attnlaw::report {
namespace {

// cairo stamps each PDF with its creation time; a fixed stamp of the same length (the xref
// offsets stay valid) makes the same figure give the same bytes, as the SVG does.
void fix_creation_date(std::string& pdf) {
  constexpr std::string_view kKey = "/CreationDate (D:";
  const std::size_t at = pdf.find(kKey);
  if (at == std::string::npos) return;
  const std::size_t begin = at + kKey.size(), end = pdf.find(')', begin);
  if (end == std::string::npos) return;
  for (std::size_t i = begin; i < end; ++i) {
    if (std::isdigit(static_cast<unsigned char>(pdf[i])))
      pdf[i] = i - begin < 4 ? "1970"[i - begin] : i - begin < 8 ? "0101"[i - begin - 4] : '0';
  }
}

}  // namespace

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

  // Every script, SVG and PDF is made before the first file is written, so a figure gnuplot
  // rejects (or a missing gnuplot) leaves figures_dir as it was.
  std::vector<std::pair<std::filesystem::path, std::string>> files;
  for (const nlohmann::json& figure : *it) {
    const std::string id = figure.at("id").get<std::string>();
    const auto draw = [&](Terminal terminal) {
      try {
        return run_gnuplot(gnuplot_script(figure, terminal), gnuplot_program);
      } catch (const ReportInputError&) {
        throw;
      } catch (const GnuplotUnavailable&) {
        throw;
      } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("figure {}: {}", id, e.what()));
      }
    };
    std::string svg = draw(Terminal::svg);
    const bool opens = svg.starts_with("<?xml") || svg.starts_with("<svg");
    if (!opens || svg.find("</svg>") == std::string::npos)
      throw std::runtime_error(fmt::format("figure {}: gnuplot did not return a complete SVG document", id));
    std::string pdf = draw(Terminal::pdf);
    fix_creation_date(pdf);
    if (!pdf.starts_with("%PDF-") || pdf.find("%%EOF") == std::string::npos)
      throw std::runtime_error(fmt::format("figure {}: gnuplot did not return a complete PDF document", id));
    files.emplace_back(figures_dir / (id + ".svg"), std::move(svg));
    written.push_back(files.back().first);
    files.emplace_back(figures_dir / (id + ".pdf"), std::move(pdf));
  }

  write_figure_set(figures_dir, files);
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
    const bool drawn = path.extension() == ".svg" || path.extension() == ".pdf";
    if (entry.is_regular_file() && drawn && !keep.contains(path.filename())) {
      std::filesystem::remove(path);
    }
  }
}

}  // namespace attnlaw::report
