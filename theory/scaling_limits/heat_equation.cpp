// SL.heat-equation: subcritical self-attention is one explicit Euler step of the backward heat
// equation (THEORY.md §2). For keys with density rho on S^{d-1}, Laplace's method gives
// T_inf(x) = (1 - (d-1)/(2 beta)) x + beta^{-1} grad_S log rho(x) + O(beta^{-2}): the tangential
// drift is beta^{-1} grad_S log rho(x), which pushes the density up its gradient (d_t rho = -Lap rho).
//
// The checks use vMF keys rho ~ e^{kappa0 <mu0,k>}, where T_inf is exact: the tilted law
// e^{<beta x + kappa0 mu0, k>} is vMF again, so T_inf(x) = A_d(R) v/R with v = beta x + kappa0 mu0,
// R = |v|, and grad_S log rho(x) = kappa0 P_x mu0.
//   (i) deterministic beta-ladder: |P_x T_inf(x) - kappa0 P_x mu0/beta| = O(beta^{-2}), log-log slope -2;
//  (ii) Monte Carlo: n vMF keys, T_n(x) = sum_i softmax(beta <x,k_i>) k_i, inside the window
//       beta << n^{2/(d+1)} where the drift beats the noise; its mean tangential drift against
//       the exact T_inf(x) plus the first-order ratio-estimator bias (P/n)(T(beta) - T(2 beta)),
//       P = E e^{2 beta <x,k>}/(E e^{beta <x,k>})^2 (the same expansion as SL.subcritical.bias).
// Basis: x = e_1, mu0 = cos(phi) e_1 + sin(phi) e_2, so P_x mu0 = sin(phi) e_2.
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "reference/sphere/vmf_moments.hpp"
#include "theory/scaling_limits/claims.hpp"
#include "verify/attention/online_softmax.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/key_laws.hpp"
#include "verify/stats/linear_fit.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

// The keys vMF(mu0, kappa0), cosine = <x, mu0>, and the exact drift along a beta-ladder.
struct LadderPoint {
  int d;
  double kappa0;
  double cosine;
  std::vector<double> ladder;  // the betas
  harness::Fields fields() const { return {{"d", d}, {"kappa0", kappa0}, {"cosine", cosine}, {"ladder", ladder}}; }
};

// The same keys, n of them per replicate, at one beta.
struct MonteCarloPoint {
  int d;
  double kappa0;
  double cosine;
  double beta;
  std::uint64_t n;
  std::size_t reps;
  harness::Fields fields() const {
    return {{"d", d}, {"kappa0", kappa0}, {"cosine", cosine}, {"beta", beta}, {"n", n}, {"reps", reps}};
  }
};

struct Tilt {
  double drift;     // <e_2, T_inf(x)>
  double log_mass;  // log E_rho e^{beta <x,k>} = log M(R) - log M(kappa0)
};

// The model under test: the key density the reference tilts, e^{sign kappa0 <mu0,k>} (the keys
// are drawn from vMF(mu0, kappa0) whatever the model).
struct KeyDensity {
  double sign;
};
constexpr KeyDensity kVonMisesFisherDensity{1};
// Planted bug "heat-drift-sign": the key density taken with the wrong sign, e^{-kappa0 <mu0,k>},
// i.e. v = beta x - kappa0 mu0: the drift points down the gradient of rho.
constexpr KeyDensity kDensityOfOppositeSign{-1};

// The attention map at query x = e_1, inverse temperature beta, of keys with the density of the model.
Tilt tilt(const KeyDensity& density, int d, double beta, double kappa0, double cosine) {
  const double sine = std::sqrt(1 - cosine * cosine);
  const double v1 = beta + density.sign * kappa0 * cosine;
  const double v2 = density.sign * kappa0 * sine;
  const double R = std::hypot(v1, v2);
  const double A = reference::mean_resultant<double>(d, R).value;
  return {A * v2 / R,
          reference::log_normaliser<double>(d, R).value - reference::log_normaliser<double>(d, kappa0).value};
}

double first_order_drift(double beta, double kappa0, double cosine) {
  return kappa0 * std::sqrt(1 - cosine * cosine) / beta;
}

harness::ExperimentResult drift_ladder(const LadderPoint& p, const KeyDensity& density,
                                       const harness::PointContext& at) {
  std::vector<double> error;
  for (double beta : p.ladder) {
    const double drift = tilt(density, p.d, beta, p.kappa0, p.cosine).drift;
    error.push_back(std::abs(drift - first_order_drift(beta, p.kappa0, p.cosine)));
  }
  const std::vector<double>& betas = p.ladder;
  const stats::LinearFit fit = stats::log_log_fit(betas, error);
  const double slope = fit.slope;
  const double intercept = fit.intercept;
  constexpr double tolerance = 0.1;

  harness::ExperimentResult out;
  out.checks.push_back(harness::rate_check(
      fmt::format("beta-ladder of the exact vMF map: fitted slope of log|P_x T_inf(x) - kappa0 P_x mu0/beta| "
                  "vs log beta = -2 (+-{:g})",
                  tolerance),
      slope, -2, tolerance, "exact values (Bessel ratio A_d), no sampling"));

  std::vector<double> x, y, fitted, theory;
  for (std::size_t i = 0; i < betas.size(); ++i) {
    x.push_back(betas[i]);
    y.push_back(error[i]);
    fitted.push_back(std::exp(intercept + slope * std::log(betas[i])));
    theory.push_back(error[0] * std::pow(betas[i] / betas[0], -2.0));
  }
  std::vector<harness::Series> series;
  series.push_back({"theory slope -2", "lines", x, theory});
  series.push_back({fmt::format("fitted slope {:.3f}", slope), "lines", x, fitted});
  series.push_back({"|drift - kappa0 P_x mu0 / beta|", "points", x, y});
  const std::string& id = at.claim.id;
  out.figures.push_back(harness::Figure{.id = harness::figure_slug(id, "ladder", at.fields),
                                        .claim = id,
                                        .title = fmt::format("{}: second-order error of the drift, d = {}", id, p.d),
                                        .xlabel = "beta",
                                        .ylabel = "|P_x T(x) - beta^-1 grad log rho(x)|",
                                        .log_x = true,
                                        .log_y = true,
                                        .series = std::move(series)});
  return out;
}

harness::ExperimentResult mean_drift(const MonteCarloPoint& p, const KeyDensity& density,
                                     const harness::PointContext& at) {
  std::vector<double> mu0(static_cast<std::size_t>(p.d), 0.0);
  mu0[0] = p.cosine;
  mu0[1] = std::sqrt(1 - p.cosine * p.cosine);
  const sample::VonMisesFisherKeys keys(mu0, p.kappa0);
  std::vector<double> drift(p.reps);
  const rng::StreamKey stream = at.streams.key();
  harness::for_each_replicate(p.reps, [&](std::size_t r) {
    attention::OnlineSoftmaxAverage<double> softmax(static_cast<std::size_t>(p.d));
    sample::for_each_key(keys, stream, static_cast<std::uint32_t>(r), p.n,
                         [&](std::uint64_t, std::span<const double> key) { softmax.add(p.beta * key[0], key); });
    drift[r] = softmax.average(1);
  });

  const Tilt at_beta = tilt(density, p.d, p.beta, p.kappa0, p.cosine);
  const Tilt at_2beta = tilt(density, p.d, 2 * p.beta, p.kappa0, p.cosine);
  const double P = std::exp(at_2beta.log_mass - 2 * at_beta.log_mass);
  const double expected = at_beta.drift + P / static_cast<double>(p.n) * (at_beta.drift - at_2beta.drift);
  harness::ExperimentResult out;
  out.checks.push_back(harness::mean_against(
      drift, expected,
      fmt::format("mean tangential drift <P_x mu0/|P_x mu0|, T_n(x)> vs exact T_inf(x) = {:.6f} + ratio bias "
                  "(P/n)(T(beta) - T(2 beta)) = {:.2e} (first order kappa0 |P_x mu0|/beta = {:.6f}); target 10% "
                  "of the drift",
                  at_beta.drift, expected - at_beta.drift, first_order_drift(p.beta, p.kappa0, p.cosine)),
      0.1 * std::abs(at_beta.drift)));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> heat_equation() {
  auto claim = std::make_unique<harness::ClaimSpec<KeyDensity>>(
      harness::ClaimInfo{
          "SL.heat-equation", "SL", "THEORY.md §2 SL.heat-equation; paper abstract (backward heat equation)",
          "For keys with smooth density rho > 0 and 1 << beta_n << n^{2/(d+1)}, the attention map is "
          "T(x) = (1 - (d-1)/(2 beta)) x + beta^{-1} grad_S log rho(x) + O(beta^{-2}); renormalised to the sphere its "
          "push-forward is rho - beta^{-1} Lap_S rho + O(beta^{-2}): one Euler step, time step 1/beta, of d_t rho = "
          "-Lap_S rho.",
          harness::Provenance::derived, "[paper] + [derived][checked]"},
      harness::ModelChoice<KeyDensity>{kVonMisesFisherDensity, {{"heat-drift-sign", kDensityOfOppositeSign}}});
  const std::vector<double> betas{25, 50, 100, 200, 400, 800, 1600};
  const std::vector<LadderPoint> ladders{{3, 2, 0.5, betas}, {5, 2, 0.5, betas}};
  // The exact T_inf(x) holds at every d (the tilted law is vMF): the full ladders add d = 7, 9.
  claim->experiment("ladder",
                    harness::Grid<LadderPoint>{
                        .smoke = ladders,
                        .standard = ladders,
                        .full = {{3, 2, 0.5, betas}, {5, 2, 0.5, betas}, {7, 2, 0.5, betas}, {9, 2, 0.5, betas}}},
                    drift_ladder);
  // beta inside the window beta << n^{2/(d+1)} = sqrt(n) at d = 3.
  claim->experiment(
      "mc",
      harness::Grid<MonteCarloPoint>{
          .smoke = {{3, 2, 0.5, 10, 4000, 2000}},
          .standard = {{3, 2, 0.5, 10, 4000, 10000}, {3, 2, 0.5, 25, 16000, 4000}},
          // d = 5: beta = 10 inside n^{2/(d+1)} = 25 at n = 16000.
          .full = {{3, 2, 0.5, 10, 4000, 10000}, {3, 2, 0.5, 25, 16000, 4000}, {5, 2, 0.5, 10, 16000, 4000}}},
      mean_drift);
  return claim;
}

}  // namespace attnlaw::theory::scaling_limits
