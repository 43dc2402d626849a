// UF.family.weibull: s = E^{1/p}, p > 1 (UF.md §2 UF.family.weibull): b_n = (log n)^{1/p},
// h_n = p (log n)^{1-1/p}; at beta = c h_n the weights tend to PD(1/c, 0) with an O(1/log n)
// bias (the intensity of h_n (s - b_n) is e^{-x - (p-1) x^2/(2 p log n) + ...}). Checked as the
// Gaussian family: the scale, and the window n-ladder against exact finite-n values and PD.
#include <cmath>

#include "reference/unified/score_families.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/model_choice.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using harness::Json;
namespace ref = reference::unified;

// Planted bug "weibull-scale-exponent": the exponent 1 - 1/p of log n in h_n written as 1/p.
double weibull_scale_with_exponent_1_over_p(const ref::ScoreFamily& family, double n) {
  return family.shape * std::pow(std::log(n), 1 / family.shape);
}

class FamilyWeibull final : public harness::JsonGridClaim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }
  std::vector<std::string> planted_bugs() const override { return models_.planted_names(); }

  std::vector<Json> grid(harness::Battery battery) const override {
    const bool smoke = battery == harness::Battery::smoke;
    std::vector<Json> points;
    for (double p : {1.5, 3.0}) {
      points.push_back({{"part", "scale"}, {"p", p}, {"n", {1e3, 1e4, 1e6, 1e9, 1e12, 1e15}}});
      if (smoke) {
        points.push_back({{"part", "window"}, {"p", p}, {"c", 2.0}, {"n", {1e4, 1e12}}, {"K", 200}, {"reps", 2000}});
      } else {
        for (double c : {4.0 / 3, 2.0, 4.0}) {
          points.push_back({{"part", "window"}, {"p", p}, {"c", c}, {"n", {1e4, 1e6, 1e9, 1e12}},
                            {"K", c < 1.5 ? 1000 : 400}, {"reps", c < 1.5 ? 3000 : 5000}});
        }
      }
    }
    return points;
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const ref::ScoreFamily family{ref::ScoreFamily::Kind::weibull, params.at("p").get<double>()};
    const ScaleFunction scale = [family, hazard = models_.in_force(context)](double n) { return hazard(family, n); };
    if (params.at("part").get<std::string>() == "scale") return family_scale_check(info_.id, family, scale, params);
    return window_ladder(info_.id, family, scale, params, context);
  }

 private:
  // The model: the hazard scale h_n that sets beta = c h_n.
  harness::ModelChoice<HazardScale> models_{reference_hazard_scale,
                                            {{"weibull-scale-exponent", weibull_scale_with_exponent_1_over_p}}};
  harness::ClaimInfo info_{
      "UF.family.weibull", "UF", "UF.md §2 UF.family.weibull; UF.pd-limit",
      "Weibull-type scores s = E^{1/p}, p > 1: h_n = p (log n)^{1-1/p} (xi = 1 - 1/p) and at beta = c h_n, c > 1, the "
      "weights tend to PD(1/c, 0) with an O(1/log n) bias.",
      harness::Provenance::derived, "[derived]"};
};

}  // namespace

std::unique_ptr<harness::Claim> family_weibull() { return std::make_unique<FamilyWeibull>(); }

}  // namespace attnlaw::theory::unified_framework
