#pragma once
// The data of one figure, as a claim produces it. It travels in results.json (figure_json.hpp),
// so `attnlaw report` can redraw every figure without rerunning anything; verify/report draws it.
#include <cstddef>
#include <string>
#include <vector>

namespace attnlaw::harness {

struct Series {
  std::string label;
  std::string style = "lines";  // lines, points, linespoints, steps or errorbars
  std::vector<double> x, y;
  std::vector<double> yerr = {};  // errorbars only: the half-width at each point
};

struct Figure {
  enum class Kind { curves, pit_ecdf };

  std::string id;  // file-name safe (figure_slug), unique in a report
  std::string claim;
  Kind kind = Kind::curves;
  std::string title;

  // curves
  std::string xlabel = {}, ylabel = {};
  bool log_x = false, log_y = false;
  std::vector<Series> series = {};

  // pit_ecdf: the ECDF of PIT values on a grid u, with the DKW band at band_level
  std::size_t sample_size = 0;
  std::vector<double> u = {}, ecdf = {};
  double band_level = 0, band_halfwidth = 0;
};

}  // namespace attnlaw::harness
