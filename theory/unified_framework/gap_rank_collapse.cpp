// UF.gap.rank-collapse: rank collapse F = log Z -> infinity (THEORY.md §2, †). Its
// deterministic content, checked row by row on random rows of every family and on adversarial rows:
//   G := max_j a_j - min_j a_j <= 1/Z = e^{-F}                    (F -> inf  =>  G -> 0),
//   max_j |a_j - 1/n| <= G,   a_(1) <= 1/n + G                     (G -> 0, n -> inf  =>  F -> inf;
//                                                                  both up to the weights' rounding),
//   beta < Lambda^{(rho)} => log Z(beta) > rho, i.e. Lambda^{(rho)} <= B(rho) (the rank boundary),
//   r = beta / Lambda < 1 => log Z >= (1 - r) C_n                  (r -> 0, C_n -> inf  =>  F -> inf;
//                                                                  8 ulps allowed, equality at beta = 0),
// with the resolved scale Lambda^{(rho)} = sup_{t: log N(t) > rho} (log N(t) - rho) / t and
// B(rho) = sup{beta >= 0 : Z(beta) >= e^rho}.
#include <fmt/core.h>

#include <cmath>
#include <limits>
#include <memory>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

// Lambda^{(rho)}: the supremum is attained at a gap value (the ratio decreases between gaps).
double resolved_scale(const attention::GapProfile<double>& profile, double rho) {
  const std::vector<double>& gaps = profile.gaps;
  double best = 0;
  for (std::size_t first = 0; first < gaps.size();) {
    std::size_t last = first + 1;
    while (last < gaps.size() && gaps[last] == gaps[first]) ++last;
    const double log_count = std::log(static_cast<double>(last));
    if (log_count > rho && gaps[first] > 0) best = std::max(best, (log_count - rho) / gaps[first]);
    first = last;
  }
  return best;
}

// An upper end of B(rho) = sup{beta : log Z(beta) >= rho} (log Z decreases in beta): the bisection
// keeps log Z(hi) < rho, so B <= hi. Requires rho < log n.
double rank_boundary_upper(const attention::GapProfile<double>& profile, double rho, double start) {
  const auto log_z = [&](double beta) { return attention::softmax_summary(profile, beta).log_partition; };
  double lo = 0, hi = start > 0 ? start : 1;
  while (log_z(hi) >= rho) {
    lo = hi;
    hi *= 2;
  }
  for (int i = 0; i < 80 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (log_z(mid) >= rho ? lo : hi) = mid;
  }
  return hi;
}

struct Tally {
  WorstRatio spread, uniform, top, resolved, boundary, partition;
  std::size_t rows = 0;
  void merge(const Tally& o) {
    spread.merge(o.spread);
    uniform.merge(o.uniform);
    top.merge(o.top);
    resolved.merge(o.resolved);
    boundary.merge(o.boundary);
    partition.merge(o.partition);
    rows += o.rows;
  }
};

template <class Where>
void tally_row(Tally& t, const attention::GapProfile<double>& profile, bool with_boundary, Where&& where) {
  const auto scale = attention::accumulation_scale(profile);
  if (scale.ties || profile.size() < 2 || !std::isfinite(scale.lambda)) return;
  ++t.rows;
  const double n = static_cast<double>(profile.size());
  const std::vector<double> betas = probe_betas(scale, bound_ratios_grid());
  for (const double beta : betas) {
    const auto s = attention::softmax_summary(profile, beta);
    // Each computed weight e^{-x_j}, x_j = beta Delta_j + log Z, carries a relative error of about
    // (2 + 2 x_j) epsilon (x_j itself is rounded); `rounding` is twice the largest such error.
    double a_max = 0, a_min = 1, off_uniform = 0, rounding = 0;
    for (const double gap : profile.gaps) {
      const double x = beta * gap + s.log_partition;
      const double a = std::exp(-x);
      a_max = std::max(a_max, a);
      a_min = std::min(a_min, a);
      rounding = std::max(rounding, 2 * (2 + 2 * x) * std::numeric_limits<double>::epsilon() * a);
    }
    const double spread = a_max - a_min;
    for (const double a : {a_max, a_min}) off_uniform = std::max(off_uniform, std::fabs(a - 1 / n));
    const auto at = [&] { return where() + fmt::format(", beta = {:.6g}", beta); };
    t.spread.add_lazy(bound_ratio(spread, std::exp(-s.log_partition)), at);
    // 1/n lies between the smallest and the largest weight; at beta = 0 they are all equal and
    // only the rounding separates them.
    t.uniform.add_lazy(bound_ratio(off_uniform, spread + rounding), at);
    t.top.add_lazy(bound_ratio(a_max, 1 / n + spread + rounding), at);
    const double r = beta * scale.contact_gap / scale.contact_entropy;
    if (r < 1) t.partition.add_lazy(bound_ratio_attained((1 - r) * scale.contact_entropy, s.log_partition), at);
  }
  // Resolution levels rho below log n.
  for (const double fraction : {0.1, 0.5, 0.9}) {
    const double rho = fraction * std::log(n);
    const double resolved = resolved_scale(profile, rho);
    if (!(resolved > 0)) continue;
    for (const double u : {0.5, 0.9, 0.999}) {
      const double beta = u * resolved;
      const double log_z = attention::softmax_summary(profile, beta).log_partition;
      t.resolved.add_lazy(bound_ratio(rho, log_z),
                          [&] { return where() + fmt::format(", rho = {:.4g}, beta = {:.4g} Lambda^(rho)", rho, u); });
    }
    if (with_boundary) {
      t.boundary.add_lazy(bound_ratio(resolved, rank_boundary_upper(profile, rho, resolved)),
                          [&] { return where() + fmt::format(", rho = {:.4g}", rho); });
    }
  }
}

harness::ExperimentResult rank_collapse_checks(const Tally& tally) {
  harness::ExperimentResult out;
  out.checks.push_back(ratio_check("G = max_j a_j - min_j a_j <= e^{-F} = 1/Z", tally.spread, tally.rows, "G Z"));
  out.checks.push_back(ratio_check("max_j |a_j - 1/n| <= G", tally.uniform, tally.rows, "max_j |a_j - 1/n| / G"));
  out.checks.push_back(ratio_check("a_(1) = e^{-F} <= 1/n + G (G -> 0 and n -> inf force F -> inf)", tally.top,
                                   tally.rows, "a_(1) / (1/n + G)"));
  out.checks.push_back(
      ratio_check("beta < Lambda^{(rho)} implies log Z(beta) > rho (beta = 0.5, 0.9, 0.999 "
                  "Lambda^{(rho)}, rho = 0.1, 0.5, 0.9 log n)",
                  tally.resolved, tally.rows, "rho / log Z"));
  out.checks.push_back(
      ratio_check("Lambda^{(rho)} <= B(rho) = sup{beta : Z(beta) >= e^rho} (B from above by "
                  "bisection)",
                  tally.boundary, tally.rows, "Lambda^{(rho)} / B(rho)"));
  out.checks.push_back(ratio_check("r = beta/Lambda < 1 implies F = log Z >= (1 - r) C_n", tally.partition, tally.rows,
                                   "(1 - r) C_n / log Z"));
  return out;
}

// Random rows of every family, the first rank_boundary_rows of each also through the bisection for B(rho).
struct RandomRowsWithBoundaryPoint {
  std::size_t count_per_family;    // rows of each family
  std::uint64_t n_max;             // row lengths are log-uniform on [2, n_max]
  std::size_t rank_boundary_rows;  // rows of each family on which Lambda^{(rho)} <= B(rho) is checked
  harness::Fields fields() const {
    return {{"rows", "random"},
            {"count_per_family", count_per_family},
            {"n_max", n_max},
            {"rank_boundary_rows", rank_boundary_rows}};
  }
};

harness::ExperimentResult rank_collapse_on_random_rows(const RandomRowsWithBoundaryPoint& p, const harness::NoModel&,
                                                       const harness::PointContext& at) {
  return rank_collapse_checks(tally_random_rows<Tally>(
      p.count_per_family, p.n_max, at.streams, [&](Tally& t, std::size_t i, const auto& profile, const auto& where) {
        tally_row(t, profile, i < p.rank_boundary_rows, where);
      }));
}

harness::ExperimentResult rank_collapse_on_adversarial_rows(const AdversarialRowsPoint& p, const harness::NoModel&,
                                                            const harness::PointContext& at) {
  Tally tally;
  for (const LabelledRow& row : adversarial_rows(at.streams.key(), p.long_rows)) {
    tally_row(tally, attention::gap_profile(std::span<const double>(row.logits)), row.logits.size() <= 100000,
              [&] { return row.label; });
  }
  return rank_collapse_checks(tally);
}

}  // namespace

std::unique_ptr<harness::Claim> gap_rank_collapse() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{
          "UF.gap.rank-collapse", "UF", "THEORY.md §2 UF.gap.rank-collapse (†)",
          "F(beta_n) = log Z -> inf iff G(beta_n) = max|a_j - a_k| -> 0 iff max_j |a_j - 1/n| -> 0; beta_n < "
          "Lambda_n^{(r_n)} with r_n -> inf gives Z > e^{r_n}; beta_n/Lambda_n -> 0 with C_n -> inf gives "
          "log Z >= (1 - r_n) C_n -> inf.",
          harness::Provenance::paper_summary, "[summary]† (restating draft)"},
      harness::ModelChoice<harness::NoModel>{{}});
  claim->experiment("random",
                    // Full: rows to 10^5 as well, where G = max|a_j - a_k| and 1/n are smallest.
                    harness::Grid<RandomRowsWithBoundaryPoint>{.smoke = {{200, 1000, 50}},
                                                               .standard = {{2000, 10000, 200}},
                                                               .full = {{2000, 10000, 200}, {200, 100000, 20}}},
                    rank_collapse_on_random_rows);
  // Full = standard: the rows are fixed.
  claim->experiment("adversarial",
                    harness::Grid<AdversarialRowsPoint>{.smoke = {{false}}, .standard = {{false}}, .full = {{false}}},
                    rank_collapse_on_adversarial_rows);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
