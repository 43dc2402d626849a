// SL.global-average: at fixed beta, keys uniform on S^{d-1} and the identity value map,
//   E ybar -> A_d(beta) q,   sqrt(n) (ybar - A_d(beta) q) => N(0, Sigma(beta)),
// Sigma = var_par q q^T + var_perp P_perp (SL.md, global row of the regime map).
#include "theory/scaling_limits/claims.hpp"
#include "theory/scaling_limits/output_fluctuations.hpp"
#include "theory/scaling_limits/planted_keys.hpp"
#include "verify/harness/model_choice.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

using harness::Json;

class GlobalAverage final : public harness::JsonGridClaim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }
  std::vector<std::string> planted_bugs() const override { return models_.planted_names(); }

  std::vector<Json> grid(harness::Battery battery) const override {
    // First-order moments are exact to O(1/n^2); reps resolve the variance targets of
    // output_targets() at the Bonferroni alpha.
    const bool smoke = battery == harness::Battery::smoke;
    const std::uint64_t n = smoke ? 1000 : 4000;
    const std::size_t reps = smoke ? 20000 : 40000;
    std::vector<Json> points;
    for (int d : {3, 5}) {
      for (double beta : {1.0, 4.0}) points.push_back({{"d", d}, {"beta", beta}, {"n", n}, {"reps", reps}});
    }
    return points;
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const OutputModel& model = models_.in_force(context);
    const OutputExperiment e = parse_output_experiment(params);
    const OutputMoments m = sphere_output_moments(model.first_order, e.d, e.beta, e.n);
    const auto centred = model.simulate(e, m, rng::make_key(context.seed, info_.id, params.dump()));
    return output_fluctuation_checks(info_.id, params, e, m, centred, kMahalanobis | kMean | kVariances,
                                     output_targets(context.battery));
  }

 private:
  harness::ModelChoice<OutputModel> models_{
      OutputModel{},
      {{"bessel-orders-swapped", {.first_order = first_order_bessel_orders_swapped}},
       {"variance-at-beta", {.first_order = first_order_variance_at_beta}},
       {"tangential-variance-x1.05", {.first_order = first_order_tangential_variance_x1_05}},
       {"keys-not-normalised", {.simulate = simulate_centred_output<GaussianKeysNotNormalised>}}}};
  harness::ClaimInfo info_{
      "SL.global-average", "SL", "SL.md §1 regime map (global row); SL.subcritical.bias and .gaussian at fixed beta",
      "At fixed beta, with n keys uniform on S^{d-1}, ybar -> A_d(beta) q with A_d = I_{d/2}/I_{d/2-1}, and "
      "sqrt(n)(ybar - A_d q) is asymptotically N(0, var_par q q^T + var_perp P_perp) with the exact vMF moments.",
      harness::Provenance::derived, "[derived][checked]"};
};

}  // namespace

std::unique_ptr<harness::Claim> global_average() { return std::make_unique<GlobalAverage>(); }

}  // namespace attnlaw::theory::scaling_limits
