#include "verify/report/gnuplot_script.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "verify/report/number_format.hpp"
#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;

// Colour-blind-safe and fixed, so the figure does not depend on gnuplot's default linetypes.
// Series k takes colour k mod 8, dash pattern k / 8 and point type k mod 10, so 20 series stay
// distinct and series drawn on top of one another (a collapse) still show their own markers.
constexpr std::array<const char*, 8> kColours{"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                              "#e69f00", "#56b4e9", "#000000", "#b8a000"};
constexpr std::array<int, 3> kDashes{1, 2, 4};
// Filled circle, then open shapes (which do not hide what lies under them).
constexpr std::array<int, 10> kPointTypes{7, 6, 4, 8, 12, 10, 1, 2, 3, 14};

struct SeriesStyle {
  std::string colour;
  int dash, point;
};
SeriesStyle series_style(std::size_t k) {
  return {kColours[k % kColours.size()], kDashes[(k / kColours.size()) % kDashes.size()],
          kPointTypes[k % kPointTypes.size()]};
}

// A title as lines of at most ~90 characters (the width of the plot at this font), broken at
// spaces, as a gnuplot string expression: 'line 1' . "\n" . 'line 2'.
std::string wrapped_title(const std::string& title) {
  constexpr std::size_t kWidth = 90;
  std::vector<std::string> lines;
  std::string rest = title;
  while (rest.size() > kWidth) {
    std::size_t cut = rest.rfind(' ', kWidth);
    if (cut == std::string::npos || cut == 0) cut = rest.find(' ', kWidth);
    if (cut == std::string::npos) break;
    lines.push_back(rest.substr(0, cut));
    rest = rest.substr(cut + 1);
  }
  lines.push_back(rest);
  std::vector<std::string> quoted;
  for (const std::string& line : lines) quoted.push_back(gp_string(line));
  return fmt::format("{}", fmt::join(quoted, " . \"\\n\" . "));
}

// Enough digits that the plotted position is exact to the pixel many times over; locale-free.
std::string datum(double x) { return fmt::format("{:.10g}", x == 0 ? 0.0 : x); }

std::optional<double> finite_at(const json& array, std::size_t i) {
  const json& v = array[i];
  if (!v.is_number()) return std::nullopt;
  const double x = v.get<double>();
  return std::isfinite(x) ? std::optional<double>(x) : std::nullopt;
}

std::string string_or(const json& obj, const char* key, std::string_view fallback) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string(fallback);
}

void preamble(std::string& s, const json& figure, Terminal terminal) {
  // noenhanced: titles are plain text, '_' and '^' must not turn into sub- and superscripts.
  if (terminal == Terminal::svg) {
    s += "set terminal svg size 800,560 fixed font 'sans-serif,12' noenhanced background '#ffffff'\n";
  } else {
    // 6.4 x 4.48 in, the SVG's proportions, at a size a LaTeX column scales down cleanly.
    s += "set terminal pdfcairo size 6.4in,4.48in font 'sans,10' noenhanced\n";
  }
  s += "set encoding utf8\n";
  s += "set decimalsign '.'\n";
  fmt::format_to(std::back_inserter(s), "set title {}\n",
                 wrapped_title(string_or(figure, "title", figure.at("id").get<std::string>())));
  s += "set grid lc rgb '#d9d9d9'\n";
}

// Said under the title (a string expression: '...' . "\n" . '...'), where no data can be.
void dropped_note(std::string& s, const json& figure, std::size_t dropped) {
  if (dropped == 0) return;
  fmt::format_to(std::back_inserter(s),
                 "set title {} . \"\\n\" . '({} point(s) not drawn: missing, or non-positive on a log axis)'\n",
                 wrapped_title(string_or(figure, "title", figure.at("id").get<std::string>())), dropped);
}

// A log axis spanning less than two decades gets few or no labelled major ticks from gnuplot;
// label 1-2-5 values inside [lo, hi] instead, so every axis has numbers on it.
void log_axis_ticks(std::string& s, const char* axis, double lo, double hi) {
  if (!(lo > 0) || !(hi > lo) || hi / lo >= 100) return;
  std::vector<std::string> ticks;
  for (int e = static_cast<int>(std::floor(std::log10(lo))); e <= static_cast<int>(std::ceil(std::log10(hi))); ++e) {
    for (double m : {1.0, 2.0, 5.0}) {
      const double v = m * std::pow(10.0, e);
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) ticks.push_back(fmt::format("'{0:g}' {0:g}", v));
    }
  }
  if (ticks.size() < 2) {  // less than a 1-2-5 step: the ends and the geometric middle
    for (double v : {lo, std::sqrt(lo * hi), hi}) ticks.push_back(fmt::format("'{0:.3g}' {0:.17g}", v));
  }
  fmt::format_to(std::back_inserter(s), "set {}tics ({})\n", axis, fmt::join(ticks, ", "));
}

// The ECDF of the PIT minus the uniform CDF, inside its simultaneous band: the deviation is what
// a reader looks for, and on a [0,1] CDF scale a band of 0.02 is too thin to see.
std::string pit_ecdf(const json& figure, Terminal terminal) {
  std::string s;
  preamble(s, figure, terminal);
  const json& u = figure.at("u");
  const json& ecdf = figure.at("ecdf");
  const double half = figure.at("band_halfwidth").get<double>();
  const double level = figure.at("band_level").get<double>();

  std::string data = "$pit << EOD\n# u ecdf-u\n";
  std::size_t dropped = 0, kept = 0;
  double largest = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const auto x = finite_at(u, i), y = finite_at(ecdf, i);
    if (!x || !y) {
      ++dropped;
      continue;
    }
    ++kept;
    largest = std::max(largest, std::fabs(*y - *x));
    fmt::format_to(std::back_inserter(data), "{} {}\n", datum(*x), datum(*y - *x));
  }
  data += "EOD\n";
  if (kept == 0)
    throw ReportInputError(
        fmt::format("figure {}: no finite (u, ecdf) pair to plot", figure.at("id").get<std::string>()));

  s += data;
  dropped_note(s, figure, dropped);
  s += "set xlabel 'u' offset 0,0.3\nset ylabel 'ECDF of the PIT values minus u'\n";
  const double reach = 1.25 * std::max(half, largest);
  fmt::format_to(std::back_inserter(s), "set xrange [0:1]\nset yrange [{}:{}]\n", datum(-reach), datum(reach));
  s += "set key below spacing 1.3\n";
  std::string ecdf_title = "ECDF of the PIT minus u";
  if (const auto n = figure.find("sample_size"); n != figure.end())
    ecdf_title += fmt::format(" (n = {})", format_json_scalar(*n));
  const std::string band_title =
      fmt::format("{}% simultaneous band (DKW, ± {})", format_significant(100 * level), format_significant(half));
  fmt::format_to(std::back_inserter(s),
                 "plot $pit using 1:({0}):({1}) with filledcurves fillstyle solid 1.0 noborder lc rgb '#c6dbef' "
                 "title {2}, \\\n"
                 "     0 with lines dt 2 lw 1.5 lc rgb '#4d4d4d' title 'uniform (zero)', \\\n"
                 "     $pit using 1:2 with lines lw 2 lc rgb '{3}' title {4}\n",
                 datum(-half), datum(half), gp_string(band_title), kColours[0], gp_string(ecdf_title));
  return s;
}

// `look`: the index of the series' style; a series without a label continues the one before it
// (the other edge of a band), in its style and without a key entry.
std::string plot_clause(const std::string& style, std::size_t index, std::size_t look_index, const std::string& title) {
  const std::string block = fmt::format("$s{}", index);
  const SeriesStyle look = series_style(look_index);
  const std::string lc = fmt::format("lc rgb '{}' dt {}", look.colour, look.dash);
  std::string with;
  if (style == "lines") {
    with = fmt::format("using 1:2 with lines lw 2 {}", lc);
  } else if (style == "points") {
    with = fmt::format("using 1:2 with points pt {} ps 0.8 {}", look.point, lc);
  } else if (style == "linespoints") {
    with = fmt::format("using 1:2 with linespoints lw 1.5 pt {} ps 0.8 {}", look.point, lc);
  } else if (style == "steps") {
    with = fmt::format("using 1:2 with steps lw 2 {}", lc);
  } else {  // errorbars, yerrorbars
    with = fmt::format("using 1:2:3 with yerrorbars pt {} ps 0.8 lw 1.5 {}", look.point, lc);
  }
  return fmt::format("{} {} {}", block, with, title.empty() ? std::string("notitle") : "title " + gp_string(title));
}

std::string curves(const json& figure, Terminal terminal) {
  std::string s;
  preamble(s, figure, terminal);
  const bool log_x = figure.value("log_x", false), log_y = figure.value("log_y", false);
  if (const auto it = figure.find("xlabel"); it != figure.end()) {
    // Raised a little: the key sits right under it.
    fmt::format_to(std::back_inserter(s), "set xlabel {} offset 0,0.3\n", gp_string(it->get<std::string>()));
  }
  if (const auto it = figure.find("ylabel"); it != figure.end())
    fmt::format_to(std::back_inserter(s), "set ylabel {}\n", gp_string(it->get<std::string>()));
  if (log_x) s += "set logscale x 10\n";
  if (log_y) s += "set logscale y 10\n";
  // Axes end at the data plus a margin (not at the next tick, which on log axes can waste a
  // decade), so points at the ends of a ladder are not cut by the border.
  s += "set autoscale fix\nset offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05\n";
  s += "set key below spacing 1.3\n";

  std::vector<std::string> clauses;
  std::size_t dropped = 0;
  std::size_t looks = 0;
  double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY;
  const json& series = figure.at("series");
  for (std::size_t k = 0; k < series.size(); ++k) {
    const json& sr = series[k];
    const std::string style = sr.at("style").get<std::string>();
    const bool with_err = style == "errorbars" || style == "yerrorbars";
    const json& x = sr.at("x");
    const json& y = sr.at("y");
    std::string data = fmt::format("$s{} << EOD\n", k);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const auto xi = finite_at(x, i), yi = finite_at(y, i);
      const auto ei = with_err ? finite_at(sr.at("yerr"), i) : std::optional<double>(0.0);
      if (!xi || !yi || !ei || (log_x && *xi <= 0) || (log_y && *yi <= 0)) {
        ++dropped;
        continue;
      }
      ++kept;
      x_lo = std::min(x_lo, *xi), x_hi = std::max(x_hi, *xi);
      y_lo = std::min(y_lo, *yi - (with_err ? std::fabs(*ei) : 0.0)),
      y_hi = std::max(y_hi, *yi + (with_err ? std::fabs(*ei) : 0.0));
      if (with_err) {
        fmt::format_to(std::back_inserter(data), "{} {} {}\n", datum(*xi), datum(*yi), datum(std::fabs(*ei)));
      } else {
        fmt::format_to(std::back_inserter(data), "{} {}\n", datum(*xi), datum(*yi));
      }
    }
    data += "EOD\n";
    // gnuplot refuses to plot an empty data block; the dropped count on the plot says why it is gone.
    if (kept == 0) continue;
    s += data;
    const std::string label = string_or(sr, "label", fmt::format("series {}", k + 1));
    if (!label.empty() || looks == 0) ++looks;
    clauses.push_back(plot_clause(style, k, looks - 1, label));
  }
  if (clauses.empty())
    throw ReportInputError(
        fmt::format("figure {}: no series has a point that can be drawn", figure.at("id").get<std::string>()));
  dropped_note(s, figure, dropped);
  if (log_x) log_axis_ticks(s, "x", x_lo, x_hi);
  if (log_y) log_axis_ticks(s, "y", y_lo, y_hi);
  fmt::format_to(std::back_inserter(s), "plot {}\n", fmt::join(clauses, ", \\\n     "));
  return s;
}

}  // namespace

std::string gp_string(std::string_view text) {
  std::string out = "'";
  for (char ch : text) {
    if (ch == '\'') {
      out += "''";
    } else if (ch == '\n' || ch == '\r' || ch == '\t') {
      out += ' ';
    } else {
      out += ch;
    }
  }
  out += '\'';
  return out;
}

std::string gnuplot_script(const json& figure, Terminal terminal) {
  const std::string kind = figure.at("kind").get<std::string>();
  if (kind == "pit-ecdf") return pit_ecdf(figure, terminal);
  if (kind == "curves") return curves(figure, terminal);
  throw ReportInputError(fmt::format("figure {}: unknown kind \"{}\"", figure.at("id").get<std::string>(), kind));
}

}  // namespace attnlaw::report
