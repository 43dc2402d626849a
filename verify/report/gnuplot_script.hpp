#pragma once
// The gnuplot script of one figure of results.json, data inline ($data << EOD), for the svg
// terminal (or pdfcairo, for LaTeX) at a fixed size and font, so the same figure gives the same
// SVG bytes.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace attnlaw::report {

enum class Terminal { svg, pdf };

// `figure` must have passed validate_results. Titles are wrapped to the plot's width. Kinds:
//   pit-ecdf  the ECDF of the probability-integral transform minus u, inside the simultaneous
//             band ± band_halfwidth, labelled with its level;
//   curves    each series with its style (lines, points, linespoints, steps, errorbars), log axes
//             when log_x / log_y. Points that cannot be drawn (null, or non-positive on a log axis)
//             are left out and their number is printed on the plot. Series differ in colour,
//             dash pattern and marker; a log axis spanning under two decades gets 1-2-5 labels.
// Throws ReportInputError if nothing in the figure can be drawn.
std::string gnuplot_script(const nlohmann::json& figure, Terminal terminal = Terminal::svg);

// A gnuplot single-quoted string: no escapes inside except '' for a quote; one line.
std::string gp_string(std::string_view text);

}  // namespace attnlaw::report
