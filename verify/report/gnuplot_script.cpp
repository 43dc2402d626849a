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
constexpr std::array<const char*, 8> kColours{"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                              "#e69f00", "#56b4e9", "#000000", "#f0e442"};

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

void preamble(std::string& s, const json& figure) {
  // noenhanced: titles are plain text, '_' and '^' must not turn into sub- and superscripts.
  s += "set terminal svg size 800,560 fixed font 'sans-serif,12' noenhanced background '#ffffff'\n";
  s += "set encoding utf8\n";
  s += "set decimalsign '.'\n";
  fmt::format_to(std::back_inserter(s), "set title {}\n",
                 gp_string(string_or(figure, "title", figure.at("id").get<std::string>())));
  s += "set grid lc rgb '#d9d9d9'\n";
}

// Said under the title (a string expression: '...' . "\n" . '...'), where no data can be.
void dropped_note(std::string& s, const json& figure, std::size_t dropped) {
  if (dropped == 0) return;
  fmt::format_to(std::back_inserter(s),
                 "set title {} . \"\\n\" . '({} point(s) not drawn: missing, or non-positive on a log axis)'\n",
                 gp_string(string_or(figure, "title", figure.at("id").get<std::string>())), dropped);
}

std::string pit_ecdf(const json& figure) {
  std::string s;
  preamble(s, figure);
  const json& u = figure.at("u");
  const json& ecdf = figure.at("ecdf");
  const double half = figure.at("band_halfwidth").get<double>();
  const double level = figure.at("band_level").get<double>();

  std::string data = "$pit << EOD\n# u ecdf band_lo band_hi\n";
  std::size_t dropped = 0, kept = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const auto x = finite_at(u, i), y = finite_at(ecdf, i);
    if (!x || !y) {
      ++dropped;
      continue;
    }
    ++kept;
    fmt::format_to(std::back_inserter(data), "{} {} {} {}\n", datum(*x), datum(*y), datum(std::max(0.0, *x - half)),
                   datum(std::min(1.0, *x + half)));
  }
  data += "EOD\n";
  if (kept == 0)
    throw ReportInputError(
        fmt::format("figure {}: no finite (u, ecdf) pair to plot", figure.at("id").get<std::string>()));

  s += data;
  dropped_note(s, figure, dropped);
  s += "set xlabel 'u'\nset ylabel 'fraction of PIT values <= u'\n";
  s += "set xrange [0:1]\nset yrange [0:1]\n";
  // An ECDF near the diagonal leaves the lower-right corner empty.
  s += "set key bottom right opaque box\n";
  std::string ecdf_title = "ECDF of the PIT";
  if (const auto n = figure.find("sample_size"); n != figure.end())
    ecdf_title += fmt::format(" (n = {})", format_json_scalar(*n));
  const std::string band_title =
      fmt::format("{}% simultaneous band (diagonal ± {})", format_significant(100 * level), format_significant(half));
  fmt::format_to(std::back_inserter(s),
                 "plot $pit using 1:3:4 with filledcurves fillstyle solid 1.0 noborder lc rgb '#c6dbef' title {}, \\\n"
                 "     $pit using 1:1 with lines dt 2 lw 1.5 lc rgb '#4d4d4d' title 'uniform (diagonal)', \\\n"
                 "     $pit using 1:2 with lines lw 2 lc rgb '{}' title {}\n",
                 gp_string(band_title), kColours[0], gp_string(ecdf_title));
  return s;
}

std::string plot_clause(const std::string& style, std::size_t index, const char* colour, const std::string& title) {
  const std::string block = fmt::format("$s{}", index);
  const std::string lc = fmt::format("lc rgb '{}'", colour);
  std::string with;
  if (style == "lines") {
    with = fmt::format("using 1:2 with lines lw 2 {}", lc);
  } else if (style == "points") {
    with = fmt::format("using 1:2 with points pt 7 ps 0.6 {}", lc);
  } else if (style == "linespoints") {
    with = fmt::format("using 1:2 with linespoints lw 2 pt 7 ps 0.6 {}", lc);
  } else if (style == "steps") {
    with = fmt::format("using 1:2 with steps lw 2 {}", lc);
  } else {  // errorbars, yerrorbars
    with = fmt::format("using 1:2:3 with yerrorbars pt 7 ps 0.6 lw 1.5 {}", lc);
  }
  return fmt::format("{} {} title {}", block, with, gp_string(title));
}

std::string curves(const json& figure) {
  std::string s;
  preamble(s, figure);
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
    clauses.push_back(
        plot_clause(style, k, kColours[k % kColours.size()], string_or(sr, "label", fmt::format("series {}", k + 1))));
  }
  if (clauses.empty())
    throw ReportInputError(
        fmt::format("figure {}: no series has a point that can be drawn", figure.at("id").get<std::string>()));
  dropped_note(s, figure, dropped);
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

std::string gnuplot_script(const json& figure) {
  const std::string kind = figure.at("kind").get<std::string>();
  if (kind == "pit-ecdf") return pit_ecdf(figure);
  if (kind == "curves") return curves(figure);
  throw ReportInputError(fmt::format("figure {}: unknown kind \"{}\"", figure.at("id").get<std::string>(), kind));
}

}  // namespace attnlaw::report
