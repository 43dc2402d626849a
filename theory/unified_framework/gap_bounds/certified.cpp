// UF.gap.bounds, experiment "certified": the bounds proved in MPFI interval arithmetic on fixed rows
// (certify_bounds.hpp).
#include <fmt/core.h>

#include <vector>

#include "theory/unified_framework/certify_bounds.hpp"
#include "theory/unified_framework/gap_bounds/experiments.hpp"
#include "theory/unified_framework/gap_rows.hpp"

namespace attnlaw::theory::unified_framework::gap_bounds_claim {
namespace {

// The ratios r = beta / Lambda at which the bounds are proved.
constexpr double kCertificationRatios[] = {0.01, 0.1, 0.5, 0.9, 1.1, 2, 10, 100};

}  // namespace

harness::ExperimentResult bounds_are_proved(const CertifiedRowsPoint& p, const harness::NoModel&,
                                            const harness::PointContext& at) {
  // The point's streams at the point's own seed.
  const harness::Streams fixed(p.seed, at.claim.id, kCertifiedExperiment, at.label);
  const RowStreams streams = row_streams(fixed, "certified rows");
  std::vector<std::vector<double>> rows;
  for (std::size_t i = 0; i < p.count; ++i) {
    const auto& family = gap_families()[i % gap_families().size()];
    rows.push_back(random_family_row(family, streams, static_cast<std::uint32_t>(i), p.n_max));
  }
  const BoundCertificate proof = certify_collapse_bounds(rows, kCertificationRatios, p.precision_bits);
  harness::Check c;
  c.test = "deterministic";
  c.target = fmt::format(
      "MPFI proof on {} fixed rows (seed {}, every family, n <= {}) at r in {{0.01, 0.1, 0.5, 0.9, 1.1, 2, 10, 100}}: "
      "sup(left) < inf(bound) for D, Z - 1, the weighted gap sum and H",
      p.count, p.seed, p.n_max);
  c.statistic = proof.worst_ratio;
  c.p_method = fmt::format(
      "interval arithmetic from the double logits as exact points; statistic = worst sup(left)/inf(bound) over {} "
      "inequalities on {} rows (rows left with one unmasked entry skipped), {} not proved (worst at {}); pass iff "
      "every one is proved",
      proof.inequalities, proof.rows, proof.uncertified, proof.worst_where);
  c.effect = harness::Effect{"inequalities not proved",
                             static_cast<double>(proof.uncertified),
                             {static_cast<double>(proof.uncertified), static_cast<double>(proof.uncertified)}};
  c.deterministic_holds = proof.uncertified == 0 && proof.worst_ratio < 1;
  harness::ExperimentResult out;
  out.checks.push_back(std::move(c));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::gap_bounds_claim
