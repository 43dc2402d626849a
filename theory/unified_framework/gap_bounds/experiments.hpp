#pragma once
// The experiments of UF.gap.bounds (gap_bounds/claim.cpp): their points and run functions, one
// file each, and the tally of worst bound ratios that the random and adversarial rows share
// (its checks in bounds_checks.cpp).
#include <fmt/core.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "theory/unified_framework/collapse_bounds.hpp"
#include "theory/unified_framework/gap_rows.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::gap_bounds_claim {

// THEORY.md §5 "Deterministic bound values", as printed there.
struct NumericBound {
  double r;
  const char* quantity;
  double value;
};
inline constexpr std::array<NumericBound, 4> kSection5{
    {{0.01, "D", 0.003715954}, {0.1, "D", 0.040875493}, {10, "H", 0.33992842}, {100, "H", 0.030354386}}};

enum Inequality { kPartitionLower, kTopTwoContact, kTopTwo, kPartitionUpper, kEnergy, kEntropy, kInequalities };

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

harness::ExperimentResult bounds_checks(const Tally& tally);

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
                                                const harness::PointContext& at);
harness::ExperimentResult bounds_on_adversarial_rows(const AdversarialRowsPoint& p, const harness::NoModel&,
                                                     const harness::PointContext& at);

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
inline constexpr char kCertifiedExperiment[] = "certified";

harness::ExperimentResult bounds_are_proved(const CertifiedRowsPoint& p, const harness::NoModel&,
                                            const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::gap_bounds_claim
