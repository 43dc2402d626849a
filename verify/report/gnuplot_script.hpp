#pragma once
// The gnuplot script of one figure of results.json, data inline ($data << EOD), for the svg
// terminal at a fixed size and font, so the same figure gives the same SVG bytes.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace attnlaw::report {

// `figure` must have passed validate_results. Kinds:
//   pit-ecdf  the ECDF of the probability-integral transform against the diagonal, inside the
//             simultaneous band diagonal ± band_halfwidth clipped to [0,1], labelled with its level;
//   curves    each series with its style (lines, points, linespoints, steps, errorbars), log axes
//             when log_x / log_y. Points that cannot be drawn (null, or non-positive on a log axis)
//             are left out and their number is printed on the plot.
// Throws ReportInputError if nothing in the figure can be drawn.
std::string gnuplot_script(const nlohmann::json& figure);

// A gnuplot single-quoted string: no escapes inside except '' for a quote; one line.
std::string gp_string(std::string_view text);

}  // namespace attnlaw::report
