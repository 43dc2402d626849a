// UF.gap.lambda, experiment "random": accumulation_scale on random rows of every family against
// the O(n^2) definition, and N(t) <= e^{Lambda t} probed between and just below the gaps (claim.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "theory/unified_framework/gap_lambda/experiments.hpp"
#include "verify/harness/parallel.hpp"

namespace attnlaw::theory::unified_framework::gap_lambda_claim {
namespace {

struct BruteForce {
  double lambda = 0, contact_gap = 0, alpha = 0;
};

// Straight from the definition, on the unsorted gaps: O(n^2).
BruteForce brute_force_scale(const std::vector<double>& gaps) {
  const auto count_within = [&](double t) {
    std::size_t c = 0;
    for (double g : gaps) c += g <= t ? 1 : 0;
    return c;
  };
  BruteForce b;
  std::vector<double> ratio(gaps.size(), 0);
  std::vector<std::size_t> counts(gaps.size(), 0);
  for (std::size_t j = 0; j < gaps.size(); ++j) {
    if (gaps[j] > 0) {
      counts[j] = count_within(gaps[j]);
      ratio[j] = std::log(static_cast<double>(counts[j])) / gaps[j];
      b.lambda = std::max(b.lambda, ratio[j]);
    }
  }
  std::size_t contact_count = 1;
  for (std::size_t j = 0; j < gaps.size(); ++j) {
    if (gaps[j] > 0 && ratio[j] >= b.lambda * (1 - 16 * std::numeric_limits<double>::epsilon()) &&
        gaps[j] > b.contact_gap) {
      b.contact_gap = gaps[j];
      contact_count = counts[j];
    }
  }
  b.alpha = std::log(static_cast<double>(contact_count)) / std::log(static_cast<double>(gaps.size()));
  return b;
}

}  // namespace

harness::ExperimentResult scale_of_random_rows(const RandomRowsPoint& p, const harness::NoModel&,
                                               const harness::PointContext& at) {
  harness::ExperimentResult out;
  const std::string ratio = "relative error / 1e-14";
  const auto& families = gap_families();
  std::vector<Tally> slots(families.size());
  harness::for_each_replicate(families.size(), [&](std::size_t f) {
    const RowStreams streams = row_streams(at.streams, families[f].name());
    Tally& t = slots[f];
    for (std::size_t i = 0; i < p.count_per_family; ++i) {
      const auto logits = random_family_row(families[f], streams, static_cast<std::uint32_t>(i), p.n_max);
      const auto profile = attention::gap_profile(std::span<const double>(logits));
      const auto scale = attention::accumulation_scale(profile);
      if (scale.ties || profile.size() < 2) continue;  // Lambda infinite or zero
      ++t.rows;
      // The definition on the gaps in row order, not the sorted profile.
      std::vector<double> gaps;
      double top = -std::numeric_limits<double>::infinity();
      for (double s : logits) top = std::max(top, s);
      for (double s : logits) {
        if (!std::isinf(s)) gaps.push_back(top - s);
      }
      const BruteForce b = brute_force_scale(gaps);
      const auto where = [&] { return fmt::format("{} row {} (n = {})", families[f].name(), i, gaps.size()); };
      t.lambda.add_lazy(relative_error(scale.lambda, b.lambda) / kTolerance, where);
      t.contact.add_lazy(relative_error(scale.contact_gap, b.contact_gap) / kTolerance, where);
      t.alpha.add_lazy(relative_error(scale.alpha, b.alpha) / kTolerance, where);
      const double n = static_cast<double>(gaps.size());
      t.identity.add_lazy(relative_error(scale.alpha * std::log(n) / scale.contact_gap, scale.lambda) / kTolerance,
                          where);
      // N(t) <= e^{Lambda t}: log N(t) / (Lambda t) <= 1 just below every gap and midway between gaps.
      const std::vector<double>& sorted = profile.gaps;
      double worst = 0;
      for (std::size_t k = 1; k < sorted.size(); ++k) {
        for (const double probe : {std::nextafter(sorted[k], 0.0), 0.5 * (sorted[k - 1] + sorted[k]), sorted[k]}) {
          if (!(probe > 0)) continue;
          const double count_at = static_cast<double>(profile.count_within(probe));
          worst = std::max(worst, std::log(count_at) / probe / scale.lambda);
        }
      }
      t.probe.add_lazy(worst, where);
    }
  });
  Tally t;
  for (const Tally& s : slots) t.merge(s);
  out.checks.push_back(ratio_check("Lambda vs the O(n^2) definition max_j log #{i: Delta_i <= Delta_j} / Delta_j",
                                   t.lambda, t.rows, ratio));
  out.checks.push_back(ratio_check("Delta_Lambda vs the O(n^2) definition", t.contact, t.rows, ratio));
  out.checks.push_back(ratio_check("alpha_n vs the O(n^2) definition", t.alpha, t.rows, ratio));
  out.checks.push_back(ratio_check("Lambda = alpha_n log n / Delta_Lambda", t.identity, t.rows, ratio));
  out.checks.push_back(ratio_check("N(t) <= e^{Lambda t} at, just below and between the gaps", t.probe, t.rows,
                                   "log N(t) / (Lambda t)"));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::gap_lambda_claim
