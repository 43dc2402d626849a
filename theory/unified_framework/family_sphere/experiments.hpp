#pragma once
// The experiments of UF.family.sphere (family_sphere/claim.cpp): their points and run functions,
// one file each.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "theory/unified_framework/sphere_rows.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::family_sphere_claim {

inline constexpr double kAlpha = 1e-6;  // the per-paper family alpha: the strictest level a check can face

// N_n(t/n) - 1 against its exact Binomial(n, t/(2n)) law (d = 3).
struct GapCountPoint {
  std::uint64_t n;        // keys per row
  std::size_t reps;       // rows
  std::vector<double> t;  // the windows t/n, all counted on the same rows
  harness::Fields fields() const { return {{"d", 3}, {"n", n}, {"reps", reps}, {"t", t}}; }
};

harness::ExperimentResult gap_count(const GapCountPoint& point, const SphereScale&, const harness::PointContext& at);

// A point of the critical window beta = gamma n^{2/(d-1)}.
struct WindowPoint {
  int d;             // the dimension of the sphere
  double gamma;      // beta = gamma n^{2/(d-1)}
  std::uint64_t n;   // keys per row
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"d", d}, {"gamma", gamma}, {"n", n}, {"reps", reps}}; }
};

harness::ExperimentResult window(const WindowPoint& point, const SphereScale& model, const harness::PointContext& at);
harness::ExperimentResult not_pd(const WindowPoint& point, const SphereScale& model, const harness::PointContext& at);

// Lambda_n / n^{2/(d-1)} along an n-ladder against its limit law (two-sample AD per n).
struct LambdaScalingPoint {
  int d;                  // the dimension of the sphere
  std::vector<double> n;  // the n-ladder, every rung against the same limit draws
  std::size_t reps;       // rows per rung, and limit draws
  std::uint64_t K;        // nearest keys retained per row
  double log_cutoff;      // how far the limit point process is kept (sphere_limit_lambda)
  harness::Fields fields() const { return {{"d", d}, {"n", n}, {"reps", reps}, {"K", K}, {"log_cutoff", log_cutoff}}; }
};

harness::ExperimentResult lambda_scaling(const LambdaScalingPoint& point, const SphereScale& model,
                                         const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::family_sphere_claim
