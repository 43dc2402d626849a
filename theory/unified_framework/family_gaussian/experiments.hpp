#pragma once
// The experiments of UF.family.gaussian (family_gaussian/claim.cpp): their points and run
// functions (window and ipr share window.cpp, subcritical and annealed-limit subcritical.cpp).
#include <cstddef>
#include <optional>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::family_gaussian_claim {

namespace ref = reference;

inline const ref::ScoreFamily kGaussian{ref::ScoreFamily::Kind::gaussian, 1};

// What the claim takes from the theory: the hazard scale h_n that sets beta = c h_n, and the
// log moment generating function log E e^{beta s} of one score that centres Z_raw.
struct GaussianModel {
  HazardScale scale = reference_hazard_scale;
  double (*log_mgf)(double beta) = [](double beta) { return beta * beta / 2; };
};

// The h_n of the model for the Gaussian family, as the window ladder takes it (scale.cpp).
ScaleFunction scale_of(const GaussianModel& model);

struct ScalePoint {
  std::vector<double> n;  // the n at which h_n is checked
  harness::Fields fields() const { return {{"n", n}}; }
};

harness::ExperimentResult scale_is_n_phi_of_b_n(const ScalePoint& point, const GaussianModel& model,
                                                const harness::PointContext&);

struct WindowPoint {
  double c;                           // beta = c h_n
  std::vector<double> n;              // the n-ladder
  std::size_t K;                      // top scores retained per row
  std::size_t reps;                   // rows per rung
  std::optional<double> alpha_shift;  // the relative shift of alpha = 1/c the largest rung must detect
  harness::Fields fields() const {
    harness::Fields f{{"c", c}, {"n", n}, {"K", K}, {"reps", reps}};
    if (alpha_shift) f.push_back({"alpha_shift", *alpha_shift});
    return f;
  }
};

harness::ExperimentResult window_tends_to_pd(const WindowPoint& point, const GaussianModel& model,
                                             const harness::PointContext& at);

struct IprPoint {
  double gamma;           // beta = gamma sqrt(log n)
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"gamma", gamma}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult ipr_tends_to_pd(const IprPoint& point, const GaussianModel& model,
                                          const harness::PointContext& at);

struct SubcriticalPoint {
  double c;          // beta = c h_n, c < 1
  double n;          // scores per row (full rows)
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"reps", reps}}; }
};

harness::ExperimentResult subcritical_rows(const SubcriticalPoint& p, const GaussianModel& model,
                                           const harness::PointContext& at);

struct AnnealedLimitPoint {
  double c;  // beta = c h_n, c < 1
  harness::Fields fields() const { return {{"c", c}}; }
};

harness::ExperimentResult annealed_centrings_converge(const AnnealedLimitPoint& p, const GaussianModel&,
                                                      const harness::PointContext&);

}  // namespace attnlaw::theory::unified_framework::family_gaussian_claim
