// UF.family.log2: s = 1 - E^{-1/eta}, P(s > 1 - u) = e^{-u^{-eta}} (UF.md §2 UF.family.log2):
// b_n = 1 - (log n)^{-1/eta}, h_n = eta (log n)^{1+1/eta}; eta = 1 gives h_n = (log n)^2 exactly.
// (1) h_n = (log n)^2: closed form against the numeric n f(b_n); (2) at beta = c (log n)^2 the
// weights tend to PD(1/c, 0) with an O(1/log n) error (the intensity of h_n (s - b_n) is
// e^{-x - x^2/log n + ...}): the window n-ladder against exact finite-n values and PD. Test (3),
// the fitted exponent 2, is UF.exponent-fit.
#include <cmath>

#include "reference/unified/score_families.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/model_choice.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using harness::Json;
namespace ref = reference::unified;

const ref::ScoreFamily kLog2{ref::ScoreFamily::Kind::log2, 1};

// Planted bug "log2-scale-exponent": h_n = eta (log n)^{1+1/eta} computed as eta (log n)^{1/eta}.
double log2_scale_with_exponent_1_over_eta(const ref::ScoreFamily& family, double n) {
  return family.shape * std::pow(std::log(n), 1 / family.shape);
}

class FamilyLog2 final : public harness::JsonGridClaim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }
  std::vector<std::string> planted_bugs() const override { return models_.planted_names(); }

  std::vector<Json> grid(harness::Battery battery) const override {
    const bool smoke = battery == harness::Battery::smoke;
    std::vector<Json> points;
    points.push_back({{"part", "scale"}, {"n", {1e3, 1e4, 1e6, 1e9, 1e12, 1e15}}});
    if (smoke) {
      points.push_back({{"part", "window"}, {"c", 2.0}, {"n", {1e4, 1e12}}, {"K", 200}, {"reps", 2000}});
    } else {
      for (double c : {4.0 / 3, 2.0, 4.0}) {
        points.push_back({{"part", "window"}, {"c", c}, {"n", {1e4, 1e6, 1e9, 1e12}}, {"K", c < 1.5 ? 1000 : 400},
                          {"reps", c < 1.5 ? 3000 : 5000}});
      }
    }
    return points;
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const ScaleFunction scale = [hazard = models_.in_force(context)](double n) { return hazard(kLog2, n); };
    if (params.at("part").get<std::string>() == "scale") return family_scale_check(info_.id, kLog2, scale, params);
    return window_ladder(info_.id, kLog2, scale, params, context);
  }

 private:
  // The model: the hazard scale h_n that sets beta = c h_n.
  harness::ModelChoice<HazardScale> models_{reference_hazard_scale,
                                            {{"log2-scale-exponent", log2_scale_with_exponent_1_over_eta}}};
  harness::ClaimInfo info_{
      "UF.family.log2", "UF", "UF.md §2 UF.family.log2; UF.pd-limit",
      "Scores s = 1 - 1/E (eta = 1): h_n = (log n)^2 exactly (xi = 2), and at beta = c (log n)^2, c > 1, the weights "
      "tend to PD(1/c, 0) with an O(1/log n) error.",
      harness::Provenance::derived, "[paper] + [derived]"};
};

}  // namespace

std::unique_ptr<harness::Claim> family_log2() { return std::make_unique<FamilyLog2>(); }

}  // namespace attnlaw::theory::unified_framework
