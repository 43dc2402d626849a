#include "verify/harness/figure_data.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "verify/harness/point_json.hpp"
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
  return figure_slug(claim, kind, to_json(point));
}

std::string figure_slug(const std::string& claim, const std::string& kind, const Json& params) {
  std::string suffix = kind;
  for (const auto& [key, value] : params.items()) {
    if (key == "reps") continue;
    suffix += "-" + key;
    if (value.is_number_integer()) suffix += std::to_string(value.get<long long>());
    if (value.is_number_float()) suffix += fmt::format("{:g}", value.get<double>());
    if (value.is_string()) suffix += value.get<std::string>();
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

Json pit_ecdf_figure(const std::string& id, const std::string& claim, const std::string& title,
                     std::span<const double> pit, double level) {
  std::vector<double> sorted(pit.begin(), pit.end());
  std::sort(sorted.begin(), sorted.end());
  Json u = Json::array(), ecdf = Json::array();
  for (int k = 0; k <= kGridIntervals; ++k) {
    const double x = static_cast<double>(k) / kGridIntervals;
    const auto below = std::upper_bound(sorted.begin(), sorted.end(), x) - sorted.begin();
    u.push_back(x);
    ecdf.push_back(static_cast<double>(below) / static_cast<double>(sorted.size()));
  }
  return Json{{"id", id},
              {"claim", claim},
              {"kind", "pit-ecdf"},
              {"title", title},
              {"sample_size", sorted.size()},
              {"u", std::move(u)},
              {"ecdf", std::move(ecdf)},
              {"band_level", level},
              {"band_halfwidth", stats::dkw_band_halfwidth(sorted.size(), level)}};
}

Json cdf_comparison_figure(const std::string& id, const std::string& claim, const std::string& title,
                           const std::string& xlabel, std::span<const double> sample,
                           const std::function<double(double)>& reference_cdf) {
  std::vector<double> sorted(sample.begin(), sample.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t m = sorted.size();
  Json x = Json::array(), empirical = Json::array(), reference = Json::array();
  for (int k = 0; k <= kGridIntervals; ++k) {
    const std::size_t i = std::min(m - 1, static_cast<std::size_t>(k) * (m - 1) / kGridIntervals);
    x.push_back(sorted[i]);
    empirical.push_back((static_cast<double>(i) + 0.5) / static_cast<double>(m));
    reference.push_back(reference_cdf(sorted[i]));
  }
  Json series = Json::array();
  series.push_back({{"label", "empirical"}, {"style", "lines"}, {"x", x}, {"y", std::move(empirical)}});
  series.push_back({{"label", "reference"}, {"style", "lines"}, {"x", std::move(x)}, {"y", std::move(reference)}});
  return Json{{"id", id},       {"claim", claim},          {"kind", "curves"}, {"title", title},
              {"xlabel", xlabel}, {"ylabel", "CDF"},        {"log_x", false},   {"log_y", false},
              {"series", std::move(series)}};
}

}  // namespace attnlaw::harness
