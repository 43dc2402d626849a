#include "verify/harness/figure_data.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "verify/stats/power.hpp"

namespace attnlaw::harness {
namespace {
constexpr int kGridIntervals = 100;
}

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
    if (const auto* x = std::get_if<double>(&f.value)) suffix += fmt::format("{:g}", *x);
    if (const auto* text = std::get_if<std::string>(&f.value)) suffix += *text;
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
  std::vector<double> x, empirical, reference;
  for (int k = 0; k <= kGridIntervals; ++k) {
    const std::size_t i = std::min(m - 1, static_cast<std::size_t>(k) * (m - 1) / kGridIntervals);
    x.push_back(sorted[i]);
    empirical.push_back((static_cast<double>(i) + 0.5) / static_cast<double>(m));
    reference.push_back(reference_cdf(sorted[i]));
  }
  return {.id = id,
          .claim = claim,
          .title = title,
          .xlabel = xlabel,
          .ylabel = "CDF",
          .series = {{"empirical", "lines", x, std::move(empirical)}, {"reference", "lines", x, std::move(reference)}}};
}

}  // namespace attnlaw::harness
