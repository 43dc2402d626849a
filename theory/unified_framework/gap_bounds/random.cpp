// UF.gap.bounds, experiment "random": random rows of every score family.
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <vector>

#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_bounds/experiments.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"

namespace attnlaw::theory::unified_framework::gap_bounds_claim {
namespace {

harness::Figure bounds_figure(const harness::PointContext& at, const std::string& family,
                              const std::vector<std::array<double, 3>>& sample) {
  std::vector<double> dx, dy, hx, hy;
  for (const auto& [r, d, h] : sample) {
    if (d > 0) {
      dx.push_back(r);
      dy.push_back(d);
    }
    if (h > 0) {
      hx.push_back(r);
      hy.push_back(h);
    }
  }
  std::vector<double> bx, by_d, cx, by_h;
  for (int k = 0; k < 60; ++k) {
    const double below = std::pow(10.0, -3 + 3.0 * k / 60);  // 1e-3 ... 0.89
    bx.push_back(below);
    by_d.push_back(top_two_bound(below));
    const double above = std::pow(10.0, 3.0 * (k + 1) / 60);  // 1.12 ... 1e3
    cx.push_back(above);
    by_h.push_back(entropy_bound(above));
  }
  std::vector<harness::Series> series;
  series.push_back({"D, r < 1", "points", dx, dy});
  series.push_back({"H, r > 1", "points", hx, hy});
  series.push_back({"e^{-1} r/(1-r)", "lines", bx, by_d});
  series.push_back({"log(1+eps) + 2 eps + eps^2", "lines", cx, by_h});
  return harness::Figure{
      .id = harness::figure_slug(at.claim.id, "bounds", at.fields),
      .claim = at.claim.id,
      .title = fmt::format("{}: D and H at beta = r Lambda against the bounds, {} rows", at.claim.id, family),
      .xlabel = "r = beta / Lambda",
      .ylabel = "D (r < 1), H (r > 1)",
      .log_x = true,
      .log_y = true,
      .series = std::move(series)};
}

}  // namespace

harness::ExperimentResult bounds_on_family_rows(const FamilyRowsPoint& p, const harness::NoModel&,
                                                const harness::PointContext& at) {
  const auto family = gap_family(p.family);
  const RowStreams streams = row_streams(at.streams, p.family);
  constexpr std::size_t kChunks = 64;
  constexpr std::size_t kFigureRows = 1000;
  std::vector<Tally> tallies(kChunks);
  std::vector<std::array<double, 3>> sample(std::min(p.count, kFigureRows), {0, -1, -1});  // r, D, H
  harness::for_each_replicate(kChunks, [&](std::size_t chunk) {
    for (std::size_t i = chunk; i < p.count; i += kChunks) {
      const auto index = static_cast<std::uint32_t>(i);
      const std::vector<double> logits = random_family_row(family, streams, index, p.n_max);
      const auto profile = attention::gap_profile(std::span<const double>(logits));
      // One r log-uniform on [1e-3, 1e3] and one beta log-uniform on [1e-12, 1e15] per row.
      const double r = std::pow(10.0, 6 * row_uniform(streams, index, kFirstFreeSlot) - 3);
      const double beta = std::pow(10.0, 27 * row_uniform(streams, index, kFirstFreeSlot + 1) - 12);
      const double ratios[] = {r, 0.01, 0.1, 10, 100};
      tally_row(tallies[chunk], profile, ratios, std::span<const double>(&beta, 1),
                [&] { return fmt::format("{} row {} (n = {})", family.name(), i, profile.size()); });
      if (i < sample.size()) {
        const auto scale = attention::accumulation_scale(profile);
        if (!scale.ties) {
          const auto s = attention::softmax_summary(profile, r * scale.lambda);
          sample[i] = {r, r < 1 ? s.top_two_difference : -1, r > 1 ? s.entropy : -1};
        }
      }
    }
  });
  Tally tally;
  for (const Tally& t : tallies) tally.merge(t);
  harness::ExperimentResult out = bounds_checks(tally);
  out.figures.push_back(bounds_figure(at, family.name(), sample));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::gap_bounds_claim
