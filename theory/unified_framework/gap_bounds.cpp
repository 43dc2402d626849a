// UF.gap.bounds: the deterministic finite-n forms of the collapse criterion (theory-notes UF.md
// §2). With r = beta / Lambda of the row itself: for r < 1, log Z >= (1 - r) C_n and
// D <= r C_n e^{-(1 - r) C_n} <= e^{-1} r / (1 - r); for r > 1, eps = 1 / (r - 1), Z - 1 <= eps,
// sum beta Delta e^{-beta Delta} <= (1 + eps)^2 - 1 and H <= log(1 + eps) + 2 eps + eps^2.
// Each inequality is a deterministic check (worst ratio quantity / bound over every row and
// temperature, pass iff <= 1) on random rows of every score family, on adversarial rows, and at
// r = 0.01, 0.1, 10, 100 against the numeric bounds of UF.md §5. A fixed set of 1000 rows is
// also proved in MPFI interval arithmetic (certify_bounds.hpp).
#include <fmt/core.h>

#include <array>
#include <cmath>
#include <memory>

#include "theory/unified_framework/certify_bounds.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

// The rows of the interval proof are fixed (this seed, not the battery's), so that the proof is
// about one recorded set of rows.
constexpr std::uint32_t kCertificationSeed = 20260517;
constexpr std::size_t kCertificationRows = 1000;
constexpr std::uint64_t kCertificationLength = 100;
constexpr double kCertificationRatios[] = {0.01, 0.1, 0.5, 0.9, 1.1, 2, 10, 100};

// UF.md §5 "Deterministic bound values", as printed there.
struct NumericBound {
  double r;
  const char* quantity;
  double value;
};
constexpr std::array<NumericBound, 4> kSection5{
    {{0.01, "D", 0.003715954}, {0.1, "D", 0.040875493}, {10, "H", 0.33992842}, {100, "H", 0.030354386}}};

enum Inequality { kPartitionLower, kTopTwoContact, kTopTwo, kPartitionUpper, kEnergy, kEntropy, kInequalities };
constexpr const char* kTargets[kInequalities] = {"r < 1: log Z >= (1 - r) C_n",
                                                 "r < 1: D <= r C_n e^{-(1-r) C_n}",
                                                 "r < 1: D <= e^{-1} r / (1 - r)",
                                                 "r > 1: Z - 1 <= eps = 1/(r - 1)",
                                                 "r > 1: sum_j beta Delta_j e^{-beta Delta_j} <= (1 + eps)^2 - 1",
                                                 "r > 1: H <= log(1 + eps) + 2 eps + eps^2"};
constexpr const char* kRatioNames[kInequalities] = {"(1-r) C_n / log Z",
                                                    "D / (r C e^{-(1-r)C})",
                                                    "D / (e^{-1} r/(1-r))",
                                                    "(Z - 1) / eps",
                                                    "weighted gap sum / ((1+eps)^2 - 1)",
                                                    "H / (log(1+eps) + 2 eps + eps^2)"};

struct Tally {
  std::array<WorstRatio, kInequalities> bounds;
  std::array<WorstRatio, kSection5.size()> numeric;
  std::size_t rows = 0;

  void merge(const Tally& other) {
    for (int i = 0; i < kInequalities; ++i) bounds[i].merge(other.bounds[i]);
    for (std::size_t i = 0; i < numeric.size(); ++i) numeric[i].merge(other.numeric[i]);
    rows += other.rows;
  }

  template <class Where>
  void add(const GapQuantities& q, Where&& where) {
    const BoundRatios b = bound_ratios(q);
    const double ratios[kInequalities] = {b.partition_lower, b.top_two_contact, b.top_two,
                                          b.partition_upper, b.energy,          b.entropy};
    for (int i = 0; i < kInequalities; ++i) bounds[i].add_lazy(ratios[i], where);
  }
};

// Evaluates one row at beta = r Lambda for each r and at each absolute beta.
template <class Where>
void tally_row(Tally& tally, const attention::GapProfile<double>& profile, std::span<const double> ratios,
               std::span<const double> betas, Where&& where) {
  const auto scale = attention::accumulation_scale(profile);
  if (scale.ties || profile.size() < 2) return;
  ++tally.rows;
  const auto evaluate = [&](double beta) {
    const GapQuantities q = gap_quantities(profile, scale, beta);
    tally.add(q, [&] { return where() + fmt::format(", beta = {:.6g}, r = {:.6g}", beta, q.r); });
    return q;
  };
  for (const double r : ratios) {
    const double beta = r * scale.lambda;
    if (std::isfinite(beta)) evaluate(beta);
  }
  for (const double beta : betas) evaluate(beta);
  // The numeric bounds of §5 at beta = r Lambda for their r.
  for (std::size_t i = 0; i < kSection5.size(); ++i) {
    const double beta = kSection5[i].r * scale.lambda;
    if (!std::isfinite(beta)) continue;
    const auto s = attention::softmax_summary(profile, beta);
    const double value = kSection5[i].quantity[0] == 'D' ? s.top_two_difference : s.entropy;
    tally.numeric[i].add_lazy(bound_ratio(value, kSection5[i].value), where);
  }
}

harness::ExperimentResult bounds_checks(const Tally& tally) {
  harness::ExperimentResult out;
  for (int i = 0; i < kInequalities; ++i) {
    out.checks.push_back(ratio_check(kTargets[i], tally.bounds[i], tally.rows, kRatioNames[i]));
  }
  for (std::size_t i = 0; i < kSection5.size(); ++i) {
    const NumericBound& b = kSection5[i];
    out.checks.push_back(ratio_check(fmt::format("beta = {:g} Lambda: {} <= {} (UF.md §5)", b.r, b.quantity, b.value),
                                     tally.numeric[i], tally.rows, fmt::format("{} / {}", b.quantity, b.value)));
  }
  return out;
}

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

// Random rows of one family, each at its own random r and beta besides the fixed r.
struct FamilyRowsPoint {
  std::string family;   // a family of gap_families(), by name
  std::size_t count;    // rows
  std::uint64_t n_max;  // row lengths are log-uniform on [2, n_max]
  harness::Fields fields() const {
    return {{"rows", "random"}, {"family", family}, {"count", count}, {"n_max", n_max}};
  }
};

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

harness::ExperimentResult bounds_on_adversarial_rows(const AdversarialRowsPoint& p, const harness::NoModel&,
                                                     const harness::PointContext& at) {
  Tally tally;
  for (const LabelledRow& row : adversarial_rows(at.streams.key(), p.long_rows)) {
    const auto profile = attention::gap_profile(std::span<const double>(row.logits));
    tally_row(tally, profile, bound_ratios_grid(), extreme_betas(), [&] { return row.label; });
  }
  return bounds_checks(tally);
}

// The fixed rows of the interval proof: their own seed, not the battery's.
struct CertifiedRowsPoint {
  std::size_t count;        // rows, the families in turn
  std::uint64_t n_max;      // row lengths are log-uniform on [2, n_max]
  std::uint32_t seed;       // the seed of the rows
  unsigned precision_bits;  // MPFI precision
  harness::Fields fields() const {
    return {
        {"rows", "certified"}, {"count", count}, {"n_max", n_max}, {"seed", seed}, {"precision_bits", precision_bits}};
  }
};
constexpr char kCertifiedExperiment[] = "certified";

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

}  // namespace

std::unique_ptr<harness::Claim> gap_bounds() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{
          "UF.gap.bounds", "UF", "UF.md §2 UF.gap.bounds (collapse criterion, finite-n form)",
          "For any row with scale Lambda and r = beta / Lambda: r < 1 gives D <= e^{-1} r / (1 - r) (via log Z >= "
          "(1-r) C_n and D <= r C_n e^{-(1-r) C_n}); r > 1 gives 1 <= Z <= 1 + eps, sum beta Delta e^{-beta Delta} "
          "<= (1+eps)^2 - 1 and H <= log(1 + eps) + 2 eps + eps^2, eps = 1/(r - 1).",
          harness::Provenance::paper_summary, "criterion [summary]; explicit bounds [derived][checked]"},
      harness::ModelChoice<harness::NoModel>{{}});
  const auto family_rows = [](std::size_t count) {
    std::vector<FamilyRowsPoint> points;
    for (const auto& family : gap_families()) points.push_back({family.name(), count, 1000});
    return points;
  };
  claim->experiment("random",
                    harness::Grid<FamilyRowsPoint>{.smoke = family_rows(3000), .standard = family_rows(100000)},
                    bounds_on_family_rows);
  claim->experiment("adversarial", harness::Grid<AdversarialRowsPoint>{.smoke = {{false}}, .standard = {{true}}},
                    bounds_on_adversarial_rows);
  const CertifiedRowsPoint certified{kCertificationRows, kCertificationLength, kCertificationSeed, 128};
  claim->experiment(kCertifiedExperiment,
                    harness::Grid<CertifiedRowsPoint>{.smoke = {certified}, .standard = {certified}},
                    bounds_are_proved);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
