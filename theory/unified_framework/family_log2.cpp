// UF.family.log2: s = 1 - E^{-1/eta}, P(s > 1 - u) = e^{-u^{-eta}} (THEORY.md §2 UF.family.log2):
// b_n = 1 - (log n)^{-1/eta}, h_n = eta (log n)^{1+1/eta}; eta = 1 gives h_n = (log n)^2 exactly.
// (1) h_n = (log n)^2: closed form against the numeric n f(b_n); (2) at beta = c (log n)^2 the
// weights tend to PD(1/c, 0) with an O(1/log n) error (the intensity of h_n (s - b_n) is
// e^{-x - x^2/log n + ...}): the window n-ladder against exact finite-n values and PD. Test (3),
// the fitted exponent 2, is UF.exponent-fit.
#include <cmath>
#include <memory>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;

const ref::ScoreFamily kLog2{ref::ScoreFamily::Kind::log2, 1};

// Planted bug "log2-scale-exponent": h_n = eta (log n)^{1+1/eta} computed as eta (log n)^{1/eta}.
double log2_scale_with_exponent_1_over_eta(const ref::ScoreFamily& family, double n) {
  return family.shape * std::pow(std::log(n), 1 / family.shape);
}

ScaleFunction scale_of(HazardScale hazard) {
  return [hazard](double n) { return hazard(kLog2, n); };
}

struct ScalePoint {
  std::vector<double> n;  // the n at which h_n is checked
  harness::Fields fields() const { return {{"n", n}}; }
};

harness::ExperimentResult scale_is_log_n_squared(const ScalePoint& point, const HazardScale& hazard,
                                                 const harness::PointContext&) {
  return family_scale_check(kLog2, scale_of(hazard), point.n);
}

struct WindowPoint {
  double c;               // beta = c h_n
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult window_tends_to_pd(const WindowPoint& point, const HazardScale& hazard,
                                             const harness::PointContext& at) {
  return window_ladder(kLog2, scale_of(hazard), {.c = point.c, .n = point.n, .K = point.K, .reps = point.reps}, at);
}

}  // namespace

std::unique_ptr<harness::Claim> family_log2() {
  auto claim = std::make_unique<harness::ClaimSpec<HazardScale>>(
      harness::ClaimInfo{
          "UF.family.log2", "UF", "THEORY.md §2 UF.family.log2; UF.pd-limit",
          "Scores s = 1 - 1/E (eta = 1): h_n = (log n)^2 exactly (xi = 2), and at beta = c (log n)^2, c > 1, the "
          "weights tend to PD(1/c, 0) with an O(1/log n) error.",
          harness::Provenance::derived, "[paper] + [derived]"},
      // The model: the hazard scale h_n that sets beta = c h_n.
      harness::ModelChoice<HazardScale>{reference_hazard_scale,
                                        {{"log2-scale-exponent", log2_scale_with_exponent_1_over_eta}}});
  const ScalePoint scale{{1e3, 1e4, 1e6, 1e9, 1e12, 1e15}};
  // Full: also n = 1e30..1e300, where the window's exact references are evaluated for the rate.
  const ScalePoint far_scale{{1e3, 1e4, 1e6, 1e9, 1e12, 1e15, 1e30, 1e100, 1e300}};
  claim->experiment("scale", harness::Grid<ScalePoint>{.smoke = {scale}, .standard = {scale}, .full = {far_scale}},
                    scale_is_log_n_squared);
  std::vector<WindowPoint> standard, full;
  for (double c : {4.0 / 3, 2.0, 4.0}) {
    standard.push_back({c, {1e4, 1e6, 1e9, 1e12}, c < 1.5 ? 1000u : 400u, c < 1.5 ? 3000u : 5000u});
    // Full: the ladder to 1e15 (the top-K sampler's reach is 2^53) at twice the rows.
    full.push_back({c, {1e4, 1e6, 1e9, 1e12, 1e15}, c < 1.5 ? 1000u : 400u, c < 1.5 ? 6000u : 10000u});
  }
  claim->experiment(
      "window",
      harness::Grid<WindowPoint>{.smoke = {{2.0, {1e4, 1e12}, 200, 2000}}, .standard = standard, .full = full},
      window_tends_to_pd);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
