// UF.gap.envelope: the Laplace envelope S(beta) = sup_{t>=0} (log N(t) - beta t) pins log Z to
// within log(1 + log n) (THEORY.md §2, †):
//   S <= log Z,   e^{-beta Delta_(j)} <= e^S / j for every rank j,
//   log Z <= S + log(sum_{j<=n} 1/j) <= S + log(1 + log n).
// Where a row attains S = log Z (beta = 0) or log Z = S + log H_n (N(t) = e^t at every gap,
// beta = 1) the bound is widened by 8 ulps of rounding (collapse_bounds.hpp).
// Deterministic, on random rows of every family, adversarial rows and rows tied at the maximum
// (the envelope needs no finite Lambda), at beta = r Lambda and at beta from 0 to 1e300.
#include <fmt/core.h>

#include <cmath>
#include <memory>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

struct Tally {
  WorstRatio lower, rank, upper, harmonic;
  std::size_t rows = 0;
  void merge(const Tally& o) {
    lower.merge(o.lower);
    rank.merge(o.rank);
    upper.merge(o.upper);
    harmonic.merge(o.harmonic);
    rows += o.rows;
  }
};

template <class Where>
void tally_row(Tally& t, const attention::GapProfile<double>& profile, Where&& where) {
  ++t.rows;
  const std::size_t n = profile.size();
  double harmonic = 0;  // sum_{j<=n} 1/j, from the smallest term up
  for (std::size_t j = n; j >= 1; --j) harmonic += 1 / static_cast<double>(j);
  const double log_harmonic = std::log(harmonic);
  const double log_log_bound = std::log1p(std::log(static_cast<double>(n)));
  const auto scale = attention::accumulation_scale(profile);
  const std::vector<double> betas = probe_betas(scale, bound_ratios_grid());
  for (const double beta : betas) {
    if (!std::isfinite(beta)) continue;
    const double envelope = attention::laplace_envelope(profile, beta);
    const double log_z = attention::softmax_summary(profile, beta).log_partition;
    const auto at = [&] { return where() + fmt::format(", beta = {:.6g}", beta); };
    t.lower.add_lazy(bound_ratio_attained(envelope, log_z), at);
    // j e^{-beta Delta_(j)} <= e^S, as exp(log j - beta Delta_(j) - S) <= 1 (computed as S is).
    double worst_rank = 0;
    for (std::size_t j = 1; j <= n; ++j) {
      worst_rank = std::max(worst_rank, std::log(static_cast<double>(j)) - beta * profile.gaps[j - 1] - envelope);
    }
    t.rank.add_lazy(std::exp(worst_rank), at);
    t.upper.add_lazy(bound_ratio_attained(log_z, envelope + log_harmonic), at);
    t.harmonic.add_lazy(bound_ratio(envelope + log_harmonic, envelope + log_log_bound), at);
  }
}

harness::ExperimentResult envelope_checks(const Tally& tally) {
  harness::ExperimentResult out;
  out.checks.push_back(ratio_check("S(beta) <= log Z(beta)", tally.lower, tally.rows, "S / log Z"));
  out.checks.push_back(ratio_check("e^{-beta Delta_(j)} <= e^{S(beta)} / j for every rank j", tally.rank, tally.rows,
                                   "j e^{-beta Delta_(j)} / e^S"));
  out.checks.push_back(
      ratio_check("log Z(beta) <= S(beta) + log(sum_{j<=n} 1/j)", tally.upper, tally.rows, "log Z / (S + log H_n)"));
  out.checks.push_back(ratio_check("S + log(sum_{j<=n} 1/j) <= S + log(1 + log n)", tally.harmonic, tally.rows,
                                   "(S + log H_n) / (S + log(1 + log n))"));
  return out;
}

harness::ExperimentResult envelope_on_random_rows(const RandomRowsPoint& p, const harness::NoModel&,
                                                  const harness::PointContext& at) {
  return envelope_checks(tally_random_rows<Tally>(
      p.count_per_family, p.n_max, at.streams,
      [](Tally& t, std::size_t, const auto& profile, const auto& where) { tally_row(t, profile, where); }));
}

harness::ExperimentResult envelope_on_adversarial_rows(const AdversarialRowsPoint& p, const harness::NoModel&,
                                                       const harness::PointContext& at) {
  Tally tally;
  for (const LabelledRow& row : adversarial_and_tied_rows(at.streams.key(), p.long_rows)) {
    tally_row(tally, attention::gap_profile(std::span<const double>(row.logits)), [&] { return row.label; });
  }
  return envelope_checks(tally);
}

}  // namespace

std::unique_ptr<harness::Claim> gap_envelope() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{
          "UF.gap.envelope", "UF", "THEORY.md §2 UF.gap.envelope (†)",
          "The Laplace envelope S(beta) = sup_t (log N(t) - beta t) satisfies S <= log Z <= S + log(sum_{j<=n} 1/j) <= "
          "S + log(1 + log n), since e^{-beta Delta_(j)} <= e^S / j.",
          harness::Provenance::paper_summary, "[summary]† (restating draft); [checked] no violation"},
      harness::ModelChoice<harness::NoModel>{{}});
  // Full: rows to 10^5, where log H_n and log(1 + log n) grow apart the most.
  claim->experiment("random",
                    harness::Grid<RandomRowsPoint>{
                        .smoke = {{300, 1000}}, .standard = {{1000, 10000}}, .full = {{1000, 10000}, {200, 100000}}},
                    envelope_on_random_rows);
  // The 10^6-10^7 rows: UF.gap.laplace-identity, .bounds. Full = standard: the rows are fixed.
  claim->experiment("adversarial",
                    harness::Grid<AdversarialRowsPoint>{.smoke = {{false}}, .standard = {{false}}, .full = {{false}}},
                    envelope_on_adversarial_rows);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
