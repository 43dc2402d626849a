#pragma once
// The experiments of UF.family.exponential (family_exponential/claim.cpp): their points and run
// functions, one file each (the two spacings experiments share spacings.cpp).
#include <cstddef>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::family_exponential_claim {

namespace ref = reference;

inline const ref::ScoreFamily kExponential{ref::ScoreFamily::Kind::exponential, 1};

// Exact E Z_n at beta = c, n scores (derivation in the comment of family_exponential/claim.cpp).
double exact_mean_partition(double c, double n);

// What the claim takes from the theory and the machinery: the top-K sampler of its rows and the
// alpha of its PD references.
struct ExponentialModel {
  TopGapsSampler top_gaps = sample::sample_top_gaps;
  PdParameter pd = pd_parameter_exact;
};

// (1) through the top-K sampler: Delta_(k+1) - Delta_(k) = E_k / k.
struct TopKSpacingsPoint {
  double n;          // scores per row
  std::size_t K;     // top scores retained per row
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult spacings_top_k(const TopKSpacingsPoint& p, const ExponentialModel& model,
                                         const harness::PointContext& at);

// (1) through full rows sorted here: an independent path (no Rényi representation in the sampler).
struct FullRowSpacingsPoint {
  double n;          // scores per row
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"n", n}, {"reps", reps}}; }
};

harness::ExperimentResult spacings_full_row(const FullRowSpacingsPoint& p, const ExponentialModel&,
                                            const harness::PointContext& at);

// (2) N_n(t) geometric: chi-square over the cells m = 1, 2, ..., K-1 and m >= K (pooled by the test).
struct YulePoint {
  double n;          // scores per row
  std::size_t K;     // top scores retained per row: the cells of the count
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult yule(const YulePoint& p, const ExponentialModel& model, const harness::PointContext& at);

// (3) beta = c > 1.
struct WindowPoint {
  double c;          // beta = c (h_n = 1)
  double n;          // scores per row
  std::size_t K;     // top scores retained per row
  bool pd;           // whether the PD moments are tested (the missing bulk below the detectable shift)
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"pd", pd}, {"reps", reps}}; }
};

harness::ExperimentResult window(const WindowPoint& p, const ExponentialModel& model, const harness::PointContext& at);

// (4) beta = c < 1.
struct SubcriticalPoint {
  double c;               // beta = c (h_n = 1), c < 1
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult subcritical(const SubcriticalPoint& p, const ExponentialModel& model,
                                      const harness::PointContext& at);

// (5) Lambda_n upper tail against the L table. Top 2048 of n = 1e4: at x = 1.25 about 2% of the
// rows are undecided (counted both ways), none at x >= 1.5.
struct LambdaPoint {
  double n;          // scores per row
  std::size_t K;     // top scores retained per row
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult lambda(const LambdaPoint& p, const ExponentialModel& model, const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::family_exponential_claim
