// SL.subcritical.bias and SL.subcritical.gaussian: beta_n = n^a with 0 < a < 2/(d-1), so that
// beta_n -> infinity while n_eff = n / P(beta_n) -> infinity too. The output stays a local average
// around q with the explicit bias A_d(beta_n) - 1 ~ -(d-1)/(2 beta_n) and Gaussian fluctuations
// of covariance P A_d(2 beta)/(2 beta) P_perp / n (-> c_tan beta^{(d-3)/2} P_perp / n).
// Both are checked against the exact first-order moments at the finite beta_n of the grid point.
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "theory/scaling_limits/claims.hpp"
#include "theory/scaling_limits/output_fluctuations.hpp"
#include "theory/scaling_limits/planted_keys.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

// A point of the subcritical window: n keys at beta_n = n^a.
struct SubcriticalPoint {
  int d;
  double a;
  std::uint64_t n;
  std::size_t reps;
  double beta() const { return std::pow(static_cast<double>(n), a); }
  OutputExperiment experiment() const { return {d, beta(), n, reps}; }
  harness::Fields fields() const { return {{"d", d}, {"a", a}, {"n", n}, {"beta", beta()}, {"reps", reps}}; }
};

// Grid points keep n_eff = n/P(beta_n) >= ~170. The 1/n terms of the variances still reach 1.5%
// of var_par (d = 3, a = 1/2, n = 3e4), so the checks include them (sphere_output_moments).
harness::Grid<SubcriticalPoint> subcritical_grid(std::size_t smoke_reps, std::size_t standard_reps) {
  return {.smoke = {{3, 0.25, 2000, smoke_reps}, {5, 0.25, 2000, smoke_reps}},
          .standard = {{3, 0.25, 10000, standard_reps},
                       {3, 0.5, 30000, standard_reps},
                       {5, 0.25, 10000, standard_reps},
                       {5, 0.3, 30000, standard_reps}},
          // d = 7 (a < 1/3) and d = 9 (a < 1/4): beta_n = 10 and 6.3, n_eff = n/P = 370 and ~1100.
          .full = {{3, 0.25, 10000, standard_reps},
                   {3, 0.5, 30000, standard_reps},
                   {5, 0.25, 10000, standard_reps},
                   {5, 0.3, 30000, standard_reps},
                   {7, 0.25, 10000, standard_reps},
                   {9, 0.2, 10000, standard_reps}}};
}

// The checks `which` on the output sampled at the point.
template <unsigned which>
harness::ExperimentResult output_checks(const SubcriticalPoint& p, const OutputModel& model,
                                        const harness::PointContext& at) {
  const OutputExperiment e = p.experiment();
  const OutputMoments m = sphere_output_moments(model.first_order, model.next_order, e.d, e.beta, e.n);
  const auto centred = model.simulate(e, m, at.streams.key());
  return output_fluctuation_checks(at.claim.id, at.fields, e, m, centred, which, output_targets(at.battery));
}

}  // namespace

std::unique_ptr<harness::Claim> subcritical_bias() {
  auto claim = std::make_unique<harness::ClaimSpec<OutputModel>>(
      harness::ClaimInfo{
          "SL.subcritical.bias", "SL", "THEORY.md §2 SL.subcritical.bias; paper §4 (outputs, subcritical)",
          "For 1 << beta_n << n^{2/(d-1)}, the output is a local average around q: E<q,ybar> = A_d(beta_n) + bias/n "
          "with A_d = I_{d/2}/I_{d/2-1} = 1 - (d-1)/(2 beta_n) + O(beta_n^-2) and the ratio-estimator term "
          "bias = -P(beta_n)(A_d(2 beta_n) - A_d(beta_n)).",
          harness::Provenance::derived, "[paper] + [derived][checked]"},
      harness::ModelChoice<OutputModel>{
          OutputModel{},
          {{"bessel-orders-swapped", {.first_order = first_order_bessel_orders_swapped}},
           {"subcritical-two-term-centring", {.first_order = first_order_two_term_centring}}}});
  claim->experiment("mean", subcritical_grid(4000, 10000), output_checks<kMean>);
  return claim;
}

std::unique_ptr<harness::Claim> subcritical_gaussian() {
  auto claim = std::make_unique<harness::ClaimSpec<OutputModel>>(
      harness::ClaimInfo{
          "SL.subcritical.gaussian", "SL", "THEORY.md §2 SL.subcritical.gaussian; paper §4 (Gaussian fluctuations)",
          "For 1 << beta_n << n^{2/(d-1)}, sqrt(n)(ybar - A_d(beta_n) q) is asymptotically Gaussian with covariance "
          "var_par q q^T + var_perp P_perp, var_perp = P A_d(2 beta)/(2 beta) ~ c_tan beta^{(d-3)/2}; "
          "the tangential part is N(0, c_tan P_perp) after scaling by sqrt(n / beta_n^{(d-3)/2}).",
          harness::Provenance::derived, "[paper] + [derived][checked]"},
      harness::ModelChoice<OutputModel>{
          OutputModel{},
          {{"variance-at-beta", {.first_order = first_order_variance_at_beta}},
           {"tangential-variance-x1.05", {.first_order = first_order_tangential_variance_x1_05}},
           {"keys-not-normalised", {.simulate = simulate_centred_output<GaussianKeysNotNormalised>}},
           {"output-variance-next-order-sign", {.next_order = next_order_terms_sign_flipped}}}});
  claim->experiment("fluctuations", subcritical_grid(10000, 40000), output_checks<kMahalanobis | kVariances>);
  return claim;
}

}  // namespace attnlaw::theory::scaling_limits
