#include "verify/report/calibration_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "verify/report/gnuplot_script.hpp"
#include "verify/report/number_format.hpp"
#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {
namespace {

constexpr std::size_t kGrid = 200;  // 201 abscissae: ECDF steps of 1/S are drawn at the grid's resolution
constexpr std::size_t kWorst = 4;   // checks drawn in colour, with their names in the key
constexpr const char* kWorstColours[kWorst] = {"#d55e00", "#0072b2", "#009e73", "#cc79a7"};

std::string datum(double x) { return fmt::format("{:.6g}", x == 0 ? 0.0 : x); }

std::string label(const nlohmann::json& row) {
  std::string params;
  if (row.at("params").is_object()) {
    for (const auto& [k, v] : row.at("params").items()) {
      fmt::format_to(std::back_inserter(params), "{}{}={}", params.empty() ? "" : " ", k, format_json_scalar(v));
    }
  }
  return fmt::format("{} {} {} (p {})", row.at("claim").get<std::string>(), row.at("test").get<std::string>(), params,
                     format_p(row.at("uniformity").at("p").get<double>()));
}

// A data block of the grid abscissa and one column per curve.
std::string block(const std::string& name, const std::vector<std::vector<double>>& curves) {
  std::string s = fmt::format("${} << EOD\n", name);
  for (std::size_t j = 0; j <= kGrid; ++j) {
    fmt::format_to(std::back_inserter(s), "{}", datum(static_cast<double>(j) / kGrid));
    for (const auto& c : curves) fmt::format_to(std::back_inserter(s), " {}", datum(c[j]));
    s += '\n';
  }
  s += "EOD\n";
  return s;
}

}  // namespace

std::vector<double> ecdf_minus_uniform(std::vector<double> p, std::size_t points) {
  std::sort(p.begin(), p.end());
  std::vector<double> out(points + 1);
  const double n = static_cast<double>(p.size());
  for (std::size_t j = 0; j <= points; ++j) {
    const double u = static_cast<double>(j) / static_cast<double>(points);
    const auto below = static_cast<double>(std::upper_bound(p.begin(), p.end(), u) - p.begin());
    out[j] = (n > 0 ? below / n : 0) - u;
  }
  return out;
}

std::string calibration_ecdf_script(const nlohmann::json& doc, const std::string& paper) {
  std::vector<const nlohmann::json*> rows;
  for (const auto& r : doc.at("checks")) {
    if (r.at("paper") == paper && r.at("kind") == "statistical" && !r.at("p_values").empty()) rows.push_back(&r);
  }
  const auto band_it = doc.at("ecdf_bands").find(paper);
  if (rows.empty() || band_it == doc.at("ecdf_bands").end())
    throw ReportInputError(fmt::format("calibration figure {}: no statistical check or no band", paper));
  const double half = band_it->at("halfwidth").get<double>();
  const double level = band_it->at("level").get<double>();
  // The worst checks by raw uniformity p, drawn in colour; the rest in grey (uniform law) or tan.
  std::vector<const nlohmann::json*> order = rows;
  std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    return a->at("uniformity").at("p").template get<double>() < b->at("uniformity").at("p").template get<double>();
  });
  order.resize(std::min(order.size(), kWorst));
  std::vector<std::vector<double>> uniform, conservative, worst;
  for (const auto* r : rows) {
    auto curve = ecdf_minus_uniform(r->at("p_values").get<std::vector<double>>(), kGrid);
    if (std::find(order.begin(), order.end(), r) != order.end()) continue;
    (r->at("null_law") == "uniform" ? uniform : conservative).push_back(std::move(curve));
  }
  for (const auto* r : order) worst.push_back(ecdf_minus_uniform(r->at("p_values").get<std::vector<double>>(), kGrid));

  std::string s;
  s += "set terminal svg size 900,640 fixed font 'sans-serif,11' noenhanced background '#ffffff'\n";
  s += "set encoding utf8\nset decimalsign '.'\n";
  const std::size_t seeds = doc.at("seeds").get<std::size_t>();
  s += fmt::format("set title {}\n",
                   gp_string(fmt::format("{}: ECDF - uniform of each statistical check's p-values over {} seeds "
                                         "({} checks)",
                                         paper, seeds, rows.size())));
  s += "set grid lc rgb '#d9d9d9'\nset xlabel 'u'\nset ylabel 'ECDF(u) - u'\nset xrange [0:1]\n";
  s += "set key below spacing 1.1 font ',9'\n";
  std::string band = "$band << EOD\n";
  for (std::size_t j = 0; j <= kGrid; ++j) {
    const double u = static_cast<double>(j) / kGrid;
    band += fmt::format("{} {} {}\n", datum(u), datum(std::max(-half, -u)), datum(std::min(half, 1 - u)));
  }
  s += band + "EOD\n";
  std::vector<std::string> clauses;
  clauses.push_back(
      fmt::format("$band using 1:2:3 with filledcurves fillstyle solid 1.0 noborder lc rgb '#c6dbef' title {}",
                  gp_string(fmt::format("{}% simultaneous band over the paper's curves (exact KS, +-{})",
                                        format_significant(100 * level), format_significant(half)))));
  if (!uniform.empty()) {
    s += block("uni", uniform);
    clauses.push_back(
        fmt::format("for [i=2:{}] $uni using 1:i with lines lw 0.6 lc rgb '#8c8c8c' title (i == 2 ? {} : '')",
                    uniform.size() + 1, gp_string(fmt::format("uniform null law ({} checks)", uniform.size()))));
  }
  if (!conservative.empty()) {
    s += block("con", conservative);
    clauses.push_back(
        fmt::format("for [i=2:{}] $con using 1:i with lines lw 0.6 lc rgb '#d9b38c' title (i == 2 ? {} : '')",
                    conservative.size() + 1,
                    gp_string(fmt::format("conservative null law ({} checks; below 0 allowed)", conservative.size()))));
  }
  for (std::size_t k = 0; k < worst.size(); ++k) {
    s += block(fmt::format("w{}", k), {worst[k]});
    clauses.push_back(fmt::format("$w{} using 1:2 with lines lw 2 lc rgb '{}' title {}", k, kWorstColours[k],
                                  gp_string(label(*order[k]))));
  }
  clauses.push_back("0 with lines dt 2 lw 1 lc rgb '#4d4d4d' title 'uniform'");
  s += "plot " + fmt::format("{}", fmt::join(clauses, ", \\\n     ")) + "\n";
  return s;
}

}  // namespace attnlaw::report
