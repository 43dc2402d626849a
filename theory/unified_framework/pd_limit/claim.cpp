// UF.pd-limit: at beta = c h_n, c > 1, the ranked weights of a Gumbel-domain row converge to
// PD(1/c, 0) (THEORY.md §2 UF.pd-limit); for c < 1 the top weight vanishes. Three parts:
//   - the PD sampler itself against the PD references (a positive control that binds the
//     references used below to the law they describe);
//   - exponential rows (h_n = 1, the clean bed: the only error is the missing bulk,
//     O(n^{1-c})) at n = 1e12 by the exact top-K sampler plus the bulk correction, against PD;
//   - c < 1: mean log a_max against log n over an n-ladder, slope -(1 - c).
#include <memory>
#include <vector>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "theory/unified_framework/pd_limit/experiments.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using pd_limit_claim::exponential_rows_tend_to_pd;
using pd_limit_claim::ExponentialRowsPoint;
using pd_limit_claim::pd_sampler_matches_references;
using pd_limit_claim::PdSamplerPoint;
using pd_limit_claim::SubcriticalPoint;
using pd_limit_claim::top_weight_vanishes;

constexpr std::size_t kPdTruncation = 1000;
constexpr std::size_t kTopK = 1000;

}  // namespace

std::unique_ptr<harness::Claim> pd_limit() {
  auto claim = std::make_unique<harness::ClaimSpec<PdParameter>>(
      harness::ClaimInfo{
          "UF.pd-limit", "UF", "THEORY.md §2 UF.pd-limit",
          "Gumbel-domain i.i.d. scores at beta_n = c h_n: for c > 1 the ranked weights converge to PD(1/c, 0) "
          "(E sum a^2 -> 1 - 1/c, E H -> psi(1) - psi(1 - 1/c), E Z -> c/(c-1), a_(2)/a_(1) ~ U^c); for c < 1 a_max -> "
          "0 (like n^{-(1-c)} for exponential scores).",
          harness::Provenance::derived, "[derived] from the random energy model [prior: Ruelle 1987; Bovier ch. 9]"},
      // The model: the alpha at which the PD references are evaluated.
      harness::ModelChoice<PdParameter>{pd_parameter_exact, {{"pd-alpha-plus-0.05", pd_parameter_plus_0_05}}});
  const auto pd_sampler = [](std::size_t reps) {
    std::vector<PdSamplerPoint> points;
    for (double alpha : {0.25, 0.5, 0.75}) points.push_back({alpha, kPdTruncation, reps});
    return points;
  };
  claim->experiment("pd-sampler",
                    // Full: 3x the samples (KS detectable 0.034 -> 0.020).
                    harness::Grid<PdSamplerPoint>{
                        .smoke = pd_sampler(4000), .standard = pd_sampler(20000), .full = pd_sampler(60000)},
                    pd_sampler_matches_references);
  const auto rows = [](std::size_t reps) {
    std::vector<ExponentialRowsPoint> points;
    for (double c : {4.0 / 3, 2.0, 4.0}) points.push_back({c, 1e12, kTopK, reps});
    return points;
  };
  claim->experiment(
      "exponential-rows",
      // Full: 3x the rows; the stated bias (3.6e-4 at c = 4/3) stays below a third of the detectable shift.
      harness::Grid<ExponentialRowsPoint>{.smoke = rows(4000), .standard = rows(20000), .full = rows(60000)},
      exponential_rows_tend_to_pd);
  const std::vector<double> ladder{1e4, 1e6, 1e8, 1e10, 1e12};
  const std::vector<double> long_ladder{1e4, 1e6, 1e8, 1e10, 1e12, 1e15};
  claim->experiment(
      "subcritical",
      harness::Grid<SubcriticalPoint>{
          .smoke = {{0.5, ladder, kTopK, 500}},
          .standard = {{0.3, ladder, kTopK, 2000}, {0.5, ladder, kTopK, 2000}, {0.7, ladder, kTopK, 2000}},
          // Full: the ladder to 1e15 and 3x the rows, so the fitted slope's noise is well inside +-0.02.
          .full = {{0.3, long_ladder, kTopK, 6000}, {0.5, long_ladder, kTopK, 6000}, {0.7, long_ladder, kTopK, 6000}}},
      top_weight_vanishes);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
