// UF.gap.ties: a maximum attained N(0) >= 2 times (theory-notes UF.md §2, †) gives Lambda = +inf,
// ||a||_inf <= 1/N(0) and H >= log N(0) at every beta: no temperature collapses the entropy.
// Deterministic on rows with planted ties (every family's random rows with the maximum copied
// 2, 5 or 50 times, all-tied rows, ties with masked or denormal bulk), beta from 0 to 1e300.
#include <fmt/core.h>

#include <cmath>
#include <memory>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using harness::Json;

constexpr char kId[] = "UF.gap.ties";

class GapTies final : public harness::JsonGridClaim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }

  std::vector<Json> grid(harness::Battery) const override { return {{{"rows", "tied"}}}; }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const auto stream = rng::make_key(context.seed, kId, params.dump());
    WorstRatio detected, top, entropy;
    std::size_t rows = 0;
    std::vector<double> betas = extreme_betas();
    for (double beta : {0.5, 2.0, 30.0, 1e100}) betas.push_back(beta);
    for (const LabelledRow& row : tied_rows(stream)) {
      ++rows;
      const auto profile = attention::gap_profile(std::span<const double>(row.logits));
      const auto scale = attention::accumulation_scale(profile);
      const std::size_t m = profile.ties_at_maximum();
      const bool flagged = scale.ties && std::isinf(scale.lambda) && scale.contact_count == m &&
                           attention::assess_regime(scale, profile, 1.0).regime == attention::Regime::tied;
      // 0 when the tie is detected, 2 (a failing ratio) when not.
      detected.add(flagged ? 0.0 : 2.0, row.label);
      for (const double beta : betas) {
        const auto s = attention::softmax_summary(profile, beta);
        const auto at = [&] { return row.label + fmt::format(", beta = {:.6g}", beta); };
        top.add_lazy(bound_ratio(s.top_weight, 1 / static_cast<double>(m)), at);
        // The bound as softmax_summary forms log Z (log1p of Z - 1), so that beta -> inf, where
        // Z = N(0) exactly, compares equal values.
        entropy.add_lazy(bound_ratio(std::log1p(static_cast<double>(m - 1)), s.entropy), at);
      }
    }
    harness::ExperimentResult out;
    out.checks.push_back(ratio_check("N(0) >= 2 is detected: Lambda = +inf, contact count N(0), regime 'tied'", params,
                                     detected, rows, "indicator (0 detected, 2 missed)"));
    out.checks.push_back(ratio_check("||a||_inf <= 1/N(0) at every beta", params, top, rows, "a_(1) N(0)"));
    out.checks.push_back(
        ratio_check("H(beta) >= log N(0) at every beta (no entropy collapse)", params, entropy, rows, "log N(0) / H"));
    return out;
  }

 private:
  harness::ClaimInfo info_{kId, "UF", "UF.md §2 UF.gap.ties (†)",
                           "If the maximum is attained N(0) >= 2 times then Lambda = +inf, ||a||_inf <= 1/N(0) and "
                           "H(beta) >= log N(0) for every beta: no temperature collapses the entropy.",
                           harness::Provenance::paper_summary, "[summary]† (restating draft)"};
};

}  // namespace

std::unique_ptr<harness::Claim> gap_ties() { return std::make_unique<GapTies>(); }

}  // namespace attnlaw::theory::unified_framework
