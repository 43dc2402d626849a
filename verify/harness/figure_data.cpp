#include "verify/harness/figure_data.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <vector>

#include "verify/stats/power.hpp"

namespace attnlaw::harness {
namespace {

constexpr int kGridIntervals = 100;

// A number as a file name reads it: "1e12" for 1e+12 (not "1e-12", which reads as 10^-12),
// "1em6" for 1e-06 and "m0.5" for -0.5 ('m' for minus: '-' separates the fields of a slug).
std::string slug_number(double x) {
  std::string text = fmt::format("{:g}", x), out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') continue;
    if (text[i] == '-') {
      out += 'm';
      continue;
    }
    if (text[i] == '0' && i > 0 && (text[i - 1] == '-' || text[i - 1] == '+') && i > 1 && text[i - 2] == 'e') continue;
    out += text[i];
  }
  return out;
}

// A list as a file name reads it: up to four entries written out, "x" between them ('-' or '_'
// between digits would read as a decimal point); a longer one by its first and last entries, its
// length and a digest of all of them, so that two lists that differ anywhere get two names.
std::string slug_list(const std::vector<double>& list) {
  constexpr std::size_t kWrittenOut = 4;
  if (list.size() <= kWrittenOut) {
    std::string out;
    for (std::size_t k = 0; k < list.size(); ++k) {
      if (k > 0) out += 'x';
      out += slug_number(list[k]);
    }
    return out;
  }
  std::uint64_t digest = 14695981039346656037ULL;  // FNV-1a over the entries' shortest round-trip text
  for (double x : list)
    for (char c : fmt::format("{};", x)) digest = (digest ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return fmt::format("{}to{}k{}h{:08x}", slug_number(list.front()), slug_number(list.back()), list.size(),
                     static_cast<std::uint32_t>(digest ^ (digest >> 32)));
}

}  // namespace

std::string figure_slug(const std::string& claim, const std::string& suffix) {
  std::string slug;
  for (char c : claim + "-" + suffix) {
    const auto u = static_cast<unsigned char>(c);
    slug += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '-';
  }
  return slug;
}

std::string figure_slug(const std::string& claim, const std::string& kind, const Fields& point) {
  std::string suffix = kind;
  for (const Field& f : point) {
    if (f.name == "reps") continue;
    suffix += "-" + f.name;
    if (const auto* i = std::get_if<std::int64_t>(&f.value)) suffix += std::to_string(*i);
    if (const auto* x = std::get_if<double>(&f.value)) suffix += slug_number(*x);
    if (const auto* text = std::get_if<std::string>(&f.value)) suffix += *text;
    if (const auto* flag = std::get_if<bool>(&f.value)) suffix += *flag ? "1" : "0";
    if (const auto* list = std::get_if<std::vector<double>>(&f.value)) suffix += slug_list(*list);
  }
  std::string slug = figure_slug(claim, suffix);
  for (std::size_t i = 0; i < slug.size(); ++i) {
    // Keep decimal points readable: "gamma0.5" became "gamma0-5"; write it "gamma0p5".
    if (slug[i] == '-' && i > 0 && i + 1 < slug.size() && std::isdigit(static_cast<unsigned char>(slug[i - 1])) &&
        std::isdigit(static_cast<unsigned char>(slug[i + 1])))
      slug[i] = 'p';
  }
  return slug;
}

Figure pit_ecdf_figure(const std::string& id, const std::string& claim, const std::string& title,
                       std::span<const double> pit, double level) {
  std::vector<double> sorted(pit.begin(), pit.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> u, ecdf;
  for (int k = 0; k <= kGridIntervals; ++k) {
    const double x = static_cast<double>(k) / kGridIntervals;
    const auto below = std::upper_bound(sorted.begin(), sorted.end(), x) - sorted.begin();
    u.push_back(x);
    ecdf.push_back(static_cast<double>(below) / static_cast<double>(sorted.size()));
  }
  return {.id = id,
          .claim = claim,
          .kind = Figure::Kind::pit_ecdf,
          .title = title,
          .sample_size = sorted.size(),
          .u = std::move(u),
          .ecdf = std::move(ecdf),
          .band_level = level,
          .band_halfwidth = stats::dkw_band_halfwidth(sorted.size(), level)};
}

Figure cdf_comparison_figure(const std::string& id, const std::string& claim, const std::string& title,
                             const std::string& xlabel, std::span<const double> sample,
                             const std::function<double(double)>& reference_cdf) {
  std::vector<double> sorted(sample.begin(), sample.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t m = sorted.size();
  std::vector<double> x, difference;
  for (int k = 0; k <= kGridIntervals; ++k) {
    const std::size_t i = std::min(m - 1, static_cast<std::size_t>(k) * (m - 1) / kGridIntervals);
    x.push_back(sorted[i]);
    difference.push_back((static_cast<double>(i) + 0.5) / static_cast<double>(m) - reference_cdf(sorted[i]));
  }
  std::vector<Series> series{{fmt::format("ECDF - reference (m = {})", m), "lines", x, std::move(difference)}};
  for (Series& edge : dkw_band_series(m, sorted.front(), sorted.back())) series.push_back(std::move(edge));
  return {.id = id,
          .claim = claim,
          .title = title,
          .xlabel = xlabel,
          .ylabel = "ECDF minus reference CDF",
          .series = std::move(series)};
}

// An ECDF outside the band anywhere is a 1% event under the reference (whose own error is far
// below the band's width).
std::vector<Series> dkw_band_series(std::size_t m, double x_lo, double x_hi) {
  const double half = stats::dkw_band_halfwidth(m, 0.99);
  const std::vector<double> ends{x_lo, x_hi};
  return {{fmt::format("99% simultaneous band (DKW, +-{:.3g})", half), "lines", ends, {half, half}},
          {"", "lines", ends, {-half, -half}}};
}

}  // namespace attnlaw::harness
