// UF.family.gaussian: i.i.d. N(0,1) scores, the (log n)^{1/2} law (THEORY.md §2 UF.family.gaussian,
// tests (3)-(5); (1), (2), (6) are UF.gumbel.point-process and UF.gumbel.lambda-law).
//   scale        h_n = n phi(b_n) (not sqrt(2 log n)), deterministic;
//   window       beta = c h_n, c in {4/3, 2, 4}, n-ladder to 1e12: Monte Carlo against the exact
//                finite-n expectations (quadrature, finite_n_window.hpp), the exact bias against
//                PD(1/c) and its ~1/log n rate (family_window_ladder.hpp);
//   ipr          beta = gamma sqrt(log n) (Giorlandino–Goldt): E sum a^2 against PD(h_n/beta), whose
//                limit is 1 - sqrt(2)/gamma;
//   subcritical  c < 1, full rows: E Z_raw = n e^{beta^2/2} exactly (E e^{beta s} = e^{beta^2/2});
//                H and log a_(1) against the annealed centring H_ann = log n - beta^2/2 (the Gibbs
//                mean energy E[sum s e^{beta s}]/E Z_raw = beta) and A_n = beta (b_n + gamma_E/h_n) -
//                log n - beta^2/2, whose ratios to log n tend to 1 - c^2 and -(1 - c)^2.
#include <cmath>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/family_gaussian/experiments.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;

// Planted bug "gaussian-scale-sqrt-2-log-n": the asymptotic sqrt(2 log n) in place of n phi(b_n),
// which shifts the effective PD parameter by 4-10% at practical n (THEORY.md §2 UF.family.gaussian).
double asymptotic_gaussian_scale(const ref::ScoreFamily&, double n) { return std::sqrt(2 * std::log(n)); }

// Planted bug "gaussian-mgf-without-half": log E e^{beta s} = beta^2/2 with the 1/2 dropped.
double gaussian_log_mgf_without_half(double beta) { return beta * beta; }

using family_gaussian_claim::SubcriticalPoint;

std::vector<SubcriticalPoint> subcritical_grid(std::initializer_list<double> ns, std::size_t reps) {
  std::vector<SubcriticalPoint> points;
  for (double c : {0.3, 0.5, 0.7}) {
    for (double n : ns) points.push_back({c, n, reps});
  }
  return points;
}

}  // namespace

std::unique_ptr<harness::Claim> family_gaussian() {
  using namespace family_gaussian_claim;  // the points and run functions of family_gaussian/experiments.hpp
  auto claim = std::make_unique<harness::ClaimSpec<GaussianModel>>(
      harness::ClaimInfo{
          "UF.family.gaussian", "UF", "THEORY.md §2 UF.family.gaussian (tests 3-5); UF.pd-limit",
          "I.i.d. Gaussian scores: h_n = n phi(b_n) ~ sqrt(2 log n); at beta = c h_n the weights tend to PD(1/c, 0) "
          "for c > 1 with an O(1/log n) bias, and for c < 1 H/log n -> 1 - c^2, log a_(1)/log n -> -(1-c)^2.",
          harness::Provenance::derived, "[prior] + [derived][checked]"},
      harness::ModelChoice<GaussianModel>{
          GaussianModel{},
          {{"gaussian-scale-sqrt-2-log-n", {asymptotic_gaussian_scale, GaussianModel{}.log_mgf}},
           {"gaussian-mgf-without-half", {reference_hazard_scale, gaussian_log_mgf_without_half}}}});
  const ScalePoint scale{{1e3, 1e4, 1e6, 1e9, 1e12, 1e15}};
  // Full: also n = 1e30..1e300, where the window's exact references are evaluated for the rate.
  const ScalePoint far_scale{{1e3, 1e4, 1e6, 1e9, 1e12, 1e15, 1e30, 1e100, 1e300}};
  claim->experiment("scale", harness::Grid<ScalePoint>{.smoke = {scale}, .standard = {scale}, .full = {far_scale}},
                    scale_is_n_phi_of_b_n);
  // Standard replicates sized so that every statistic at n = 1e12 detects a 4% shift of alpha =
  // 1/c (the sqrt(2 log n) scale shifts it by 3.5% there, 4-8% on the smaller rungs); K from the
  // PD tail: the bulk correction carries the rest.
  const std::vector<double> ladder{1e4, 1e6, 1e9, 1e12};
  // Full: the ladder to 1e15 (the top-K sampler's reach is 2^53) at twice the rows.
  const std::vector<double> long_ladder{1e4, 1e6, 1e9, 1e12, 1e15};
  claim->experiment("window",
                    harness::Grid<WindowPoint>{.smoke = {{2.0, {1e4, 1e6, 1e12}, 200, 3000, std::nullopt},
                                                         {4.0 / 3, {1e4, 1e12}, 400, 2000, std::nullopt}},
                                               .standard = {{4.0 / 3, ladder, 1000, 6000, 0.04},
                                                            {2.0, ladder, 200, 20000, 0.04},
                                                            {4.0, ladder, 100, 60000, 0.04}},
                                               .full = {{4.0 / 3, long_ladder, 1000, 12000, 0.04},
                                                        {2.0, long_ladder, 200, 40000, 0.04},
                                                        {4.0, long_ladder, 100, 120000, 0.04}}},
                    window_tends_to_pd);
  claim->experiment(
      "ipr",
      harness::Grid<IprPoint>{
          .smoke = {},
          .standard = {{2.0, {1e6, 1e12}, 1000, 6000}, {3.0, {1e6, 1e12}, 1000, 6000}},
          // Full: a rung at 1e9 and at 1e15, twice the rows.
          .full = {{2.0, {1e6, 1e9, 1e12, 1e15}, 1000, 12000}, {3.0, {1e6, 1e9, 1e12, 1e15}, 1000, 12000}}},
      ipr_tends_to_pd);
  // Full: 4x the rows at 1e3 and 1e4 (so Cochran's rule admits the z-test of c = 0.5 at larger
  // skewness), the standard 1e5, and full rows of 1e6 (few: the full-row sampler visits every score).
  std::vector<SubcriticalPoint> subcritical_full = subcritical_grid({1e3, 1e4}, 4000);
  for (const SubcriticalPoint& p : subcritical_grid({1e5}, 1000)) subcritical_full.push_back(p);
  for (const SubcriticalPoint& p : subcritical_grid({1e6}, 100)) subcritical_full.push_back(p);
  claim->experiment("subcritical",
                    harness::Grid<SubcriticalPoint>{.smoke = subcritical_grid({1e3, 1e4}, 400),
                                                    .standard = subcritical_grid({1e3, 1e4, 1e5}, 1000),
                                                    .full = subcritical_full},
                    subcritical_rows);
  const std::vector<AnnealedLimitPoint> cs{{0.3}, {0.5}, {0.7}};
  // Full = standard: deterministic, already evaluated out to n = 1e300.
  claim->experiment("annealed-limit", harness::Grid<AnnealedLimitPoint>{.smoke = cs, .standard = cs, .full = cs},
                    annealed_centrings_converge);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
