// UF.gap.lambda: computing Lambda = sup_{t>0} log N(t) / t, the contact gap Delta_Lambda and the
// contact exponent alpha_n (THEORY.md §2, §3). attention::accumulation_scale walks the
// tie groups of the sorted gaps; it is checked (i) on hand-built rows whose Lambda, Delta_Lambda and
// alpha_n are known in closed form (step and two-step rows, equicorrelated rows against
// reference/extreme_value/equicorrelated.hpp, rows with contact at every gap, doubling gaps), and (ii) on
// random rows of every family against the O(n^2) definition: N(t) counted afresh over the
// unsorted row at every gap value, and N(t) <= e^{Lambda t} probed between and just below the gaps.
#include <memory>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/gap_lambda/experiments.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using gap_lambda_claim::HandBuiltRowsPoint;
using gap_lambda_claim::scale_of_hand_built_rows;
using gap_lambda_claim::scale_of_random_rows;

}  // namespace

std::unique_ptr<harness::Claim> gap_lambda() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{
          "UF.gap.lambda", "UF", "THEORY.md §2 UF.gap.lambda, §3",
          "With a unique maximum, log N(t)/t jumps up only at gap values, so Lambda is the finite maximum of log "
          "N(t)/t over the distinct positive gaps; Delta_Lambda is the largest gap attaining it and Lambda = alpha_n "
          "log n / Delta_Lambda. The equicorrelated row has Lambda = log n / (1 - rho) exactly.",
          harness::Provenance::paper_summary, "[summary]; algorithm [derived]"},
      harness::ModelChoice<harness::NoModel>{{}});
  const HandBuiltRowsPoint hand_built{};
  claim->experiment(
      "hand-built",
      harness::Grid<HandBuiltRowsPoint>{// Full = standard: the hand-built rows are the same in every battery.
                                        .smoke = {hand_built},
                                        .standard = {hand_built},
                                        .full = {hand_built}},
      scale_of_hand_built_rows);
  claim->experiment("random",
                    harness::Grid<RandomRowsPoint>{
                        // Full: rows to 2e4, as far as the O(n^2) definition it is checked against affords.
                        .smoke = {{100, 300}},
                        .standard = {{1000, 2000}},
                        .full = {{1000, 2000}, {100, 20000}}},
                    scale_of_random_rows);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
