// UF.gap.ties: a maximum attained N(0) >= 2 times (THEORY.md §2, †) gives Lambda = +inf,
// ||a||_inf <= 1/N(0) and H >= log N(0) at every beta: no temperature collapses the entropy.
// Deterministic on rows with planted ties (every family's random rows with the maximum copied
// 2, 5 or 50 times, all-tied rows, ties with masked or denormal bulk), beta from 0 to 1e300.
#include <fmt/core.h>

#include <cmath>
#include <memory>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

// The rows of tied_rows at fixed temperatures: nothing varies between batteries.
struct TiedRowsPoint {
  harness::Fields fields() const { return {{"rows", "tied"}}; }
};

harness::ExperimentResult ties_keep_the_entropy(const TiedRowsPoint&, const harness::NoModel&,
                                                const harness::PointContext& at) {
  WorstRatio detected, top, entropy;
  std::size_t rows = 0;
  std::vector<double> betas = extreme_betas();
  for (double beta : {0.5, 2.0, 30.0, 1e100}) betas.push_back(beta);
  for (const LabelledRow& row : tied_rows(at.streams.key())) {
    ++rows;
    const auto profile = attention::gap_profile(std::span<const double>(row.logits));
    const auto scale = attention::accumulation_scale(profile);
    const std::size_t m = profile.ties_at_maximum();
    const bool flagged = scale.ties && std::isinf(scale.lambda) && scale.contact_count == m &&
                         attention::assess_regime(scale, 1.0).regime == attention::Regime::tied;
    // 0 when the tie is detected, 2 (a failing ratio) when not.
    detected.add(flagged ? 0.0 : 2.0, row.label);
    for (const double beta : betas) {
      const auto s = attention::softmax_summary(profile, beta);
      const auto where = [&] { return row.label + fmt::format(", beta = {:.6g}", beta); };
      top.add_lazy(bound_ratio(s.top_weight, 1 / static_cast<double>(m)), where);
      // The bound as softmax_summary forms log Z (log1p of Z - 1), so that beta -> inf, where
      // Z = N(0) exactly, compares equal values.
      entropy.add_lazy(bound_ratio(std::log1p(static_cast<double>(m - 1)), s.entropy), where);
    }
  }
  harness::ExperimentResult out;
  out.checks.push_back(ratio_check("N(0) >= 2 is detected: Lambda = +inf, contact count N(0), regime 'tied'", detected,
                                   rows, "indicator (0 detected, 2 missed)"));
  out.checks.push_back(ratio_check("||a||_inf <= 1/N(0) at every beta", top, rows, "a_(1) N(0)"));
  out.checks.push_back(
      ratio_check("H(beta) >= log N(0) at every beta (no entropy collapse)", entropy, rows, "log N(0) / H"));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> gap_ties() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{"UF.gap.ties", "UF", "THEORY.md §2 UF.gap.ties (†)",
                         "If the maximum is attained N(0) >= 2 times then Lambda = +inf, ||a||_inf <= 1/N(0) and "
                         "H(beta) >= log N(0) for every beta: no temperature collapses the entropy.",
                         harness::Provenance::paper_summary, "[summary]† (restating draft)"},
      harness::ModelChoice<harness::NoModel>{{}});
  claim->experiment(
      "tied",
      harness::Grid<TiedRowsPoint>{// Full = standard: the tied rows are fixed and already run to beta = 1e300.
                                   .smoke = {TiedRowsPoint{}},
                                   .standard = {TiedRowsPoint{}},
                                   .full = {TiedRowsPoint{}}},
      ties_keep_the_entropy);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
