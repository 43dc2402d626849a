#pragma once
// UF.gap.lambda (claim.cpp): what its two experiments share, the tolerance, the relative error and
// the tally of worst ratios, and their run functions (hand_built.cpp, random.cpp).
#include <cmath>
#include <cstddef>
#include <limits>

#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::gap_lambda_claim {

// log N / t is computed with one rounding in the log and one in the division; the hand-built
// values with one or two more. 1e-14 is ~45 ulps.
inline constexpr double kTolerance = 1e-14;

inline double relative_error(double value, double reference) {
  if (value == reference) return 0;
  const double e = std::fabs(value - reference) / std::fabs(reference);
  return std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
}

struct Tally {
  WorstRatio lambda, contact, alpha, probe, identity;
  std::size_t rows = 0;
  void merge(const Tally& o) {
    lambda.merge(o.lambda);
    contact.merge(o.contact);
    alpha.merge(o.alpha);
    probe.merge(o.probe);
    identity.merge(o.identity);
    rows += o.rows;
  }
};

// The rows of hand_built_rows: nothing varies between batteries.
struct HandBuiltRowsPoint {
  harness::Fields fields() const { return {{"rows", "hand-built"}}; }
};

harness::ExperimentResult scale_of_hand_built_rows(const HandBuiltRowsPoint&, const harness::NoModel&,
                                                   const harness::PointContext&);
harness::ExperimentResult scale_of_random_rows(const RandomRowsPoint& p, const harness::NoModel&,
                                               const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::gap_lambda_claim
