// UF.family.weibull: s = E^{1/p}, p > 1 (THEORY.md §2 UF.family.weibull): b_n = (log n)^{1/p},
// h_n = p (log n)^{1-1/p}; at beta = c h_n the weights tend to PD(1/c, 0) with an O(1/log n)
// bias (the intensity of h_n (s - b_n) is e^{-x - (p-1) x^2/(2 p log n) + ...}). Checked as the
// Gaussian family: the scale, and the window n-ladder against exact finite-n values and PD.
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

// Planted bug "weibull-scale-exponent": the exponent 1 - 1/p of log n in h_n written as 1/p.
double weibull_scale_with_exponent_1_over_p(const ref::ScoreFamily& family, double n) {
  return family.shape * std::pow(std::log(n), 1 / family.shape);
}

ref::ScoreFamily weibull(double p) { return {ref::ScoreFamily::Kind::weibull, p}; }

ScaleFunction scale_of(const ref::ScoreFamily& family, HazardScale hazard) {
  return [family, hazard](double n) { return hazard(family, n); };
}

struct ScalePoint {
  double p;               // the Weibull shape
  std::vector<double> n;  // the n at which h_n is checked
  harness::Fields fields() const { return {{"p", p}, {"n", n}}; }
};

harness::ExperimentResult scale_is_n_f_of_b_n(const ScalePoint& point, const HazardScale& hazard,
                                              const harness::PointContext&) {
  const ref::ScoreFamily family = weibull(point.p);
  return family_scale_check(family, scale_of(family, hazard), point.n);
}

struct WindowPoint {
  double p;               // the Weibull shape
  double c;               // beta = c h_n
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"p", p}, {"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult window_tends_to_pd(const WindowPoint& point, const HazardScale& hazard,
                                             const harness::PointContext& at) {
  const ref::ScoreFamily family = weibull(point.p);
  return window_ladder(family, scale_of(family, hazard), {.c = point.c, .n = point.n, .K = point.K, .reps = point.reps},
                       at);
}

}  // namespace

std::unique_ptr<harness::Claim> family_weibull() {
  auto claim = std::make_unique<harness::ClaimSpec<HazardScale>>(
      harness::ClaimInfo{
          "UF.family.weibull", "UF", "THEORY.md §2 UF.family.weibull; UF.pd-limit",
          "Weibull-type scores s = E^{1/p}, p > 1: h_n = p (log n)^{1-1/p} (xi = 1 - 1/p) and at beta = c h_n, c > 1, "
          "the weights tend to PD(1/c, 0) with an O(1/log n) bias.",
          harness::Provenance::derived, "[derived]"},
      // The model: the hazard scale h_n that sets beta = c h_n.
      harness::ModelChoice<HazardScale>{reference_hazard_scale,
                                        {{"weibull-scale-exponent", weibull_scale_with_exponent_1_over_p}}});
  const std::vector<double> scale_n{1e3, 1e4, 1e6, 1e9, 1e12, 1e15};
  const std::vector<double> far_scale_n{1e3, 1e4, 1e6, 1e9, 1e12, 1e15, 1e30, 1e100, 1e300};
  claim->experiment("scale",
                    // Full: also n = 1e30..1e300, where the window's exact references are evaluated for the rate.
                    harness::Grid<ScalePoint>{.smoke = {{1.5, scale_n}, {3.0, scale_n}},
                                              .standard = {{1.5, scale_n}, {3.0, scale_n}},
                                              .full = {{1.5, far_scale_n}, {3.0, far_scale_n}}},
                    scale_is_n_f_of_b_n);
  std::vector<WindowPoint> standard, full;
  for (double p : {1.5, 3.0}) {
    for (double c : {4.0 / 3, 2.0, 4.0}) {
      standard.push_back({p, c, {1e4, 1e6, 1e9, 1e12}, c < 1.5 ? 1000u : 400u, c < 1.5 ? 3000u : 5000u});
      // Full: the ladder to 1e15 (the top-K sampler's reach is 2^53) at twice the rows.
      full.push_back({p, c, {1e4, 1e6, 1e9, 1e12, 1e15}, c < 1.5 ? 1000u : 400u, c < 1.5 ? 6000u : 10000u});
    }
  }
  claim->experiment(
      "window",
      harness::Grid<WindowPoint>{.smoke = {{1.5, 2.0, {1e4, 1e12}, 200, 2000}, {3.0, 2.0, {1e4, 1e12}, 200, 2000}},
                                 .standard = standard,
                                 .full = full},
      window_tends_to_pd);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
