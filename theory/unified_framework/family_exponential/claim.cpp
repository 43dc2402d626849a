// UF.family.exponential: i.i.d. Exp(1) scores, the exact finite-n test bed (THEORY.md §2
// UF.family.exponential, tests (1)-(5)). h_n = 1 at every n and Delta_(k) = M_{k-1} exactly
// (Rényi), so most laws below hold exactly at finite n and need no tolerance:
//   (1) k (s_(k) - s_(k+1)) i.i.d. Exp(1), from the top-K sampler and from sorted full rows;
//   (2) N_n(t) ~ Yule(t), geometric with success probability e^{-t} (stopped at n: P(N = n) is nil);
//   (3) beta = c > 1: a_(2)/a_(1) = e^{-c E_1} has CDF x^{1/c} exactly; E Z_n exact (below); the
//       PD(1/c) moments where the missing-bulk bias is below the detectable shift;
//   (4) beta = c < 1: H - log n -> log(1/(1-c)) - c/(1-c), E Z_n exact, log Z slope 1 - c over n;
//   (5) Lambda_n = max_{2<=k<=n} log k / M_{k-1} against the L table (Lambda_n increases to L).
//
// Exact E Z_n: E e^{-c M_{k-1}} = prod_{i<k} i/(i+c) = Gamma(k) Gamma(1+c)/Gamma(k+c), and
// Gamma(k)/Gamma(k+c) = [Gamma(k)/Gamma(k+c-1) - Gamma(k+1)/Gamma(k+c)]/(c-1) telescopes:
//   E Z_n = sum_{k=1}^n Gamma(k) Gamma(1+c)/Gamma(k+c) = c/(c-1) [1 - Gamma(c) Gamma(n+1)/Gamma(n+c)]
// for every c > 0, c != 1 (-> c/(c-1) for c > 1, ~ Gamma(1+c) n^{1-c}/(1-c) for c < 1).
#include <memory>
#include <vector>

#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/family_exponential/experiments.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework {

std::unique_ptr<harness::Claim> family_exponential() {
  using namespace family_exponential_claim;  // the points and run functions of family_exponential/experiments.hpp
  auto claim = std::make_unique<harness::ClaimSpec<ExponentialModel>>(
      harness::ClaimInfo{
          "UF.family.exponential", "UF", "THEORY.md §2 UF.family.exponential",
          "I.i.d. Exp(1) scores: h_n = 1, Delta_(k) = M_{k-1} exactly, N_n a rate-1 Yule process stopped at n; beta = "
          "c > 1 gives PD(1/c) up to O(n^{1-c}); beta = c < 1 gives log Z = (1-c) log n + O(1) and H = log n + "
          "log(1/(1-c)) - c/(1-c) + o(1); Lambda_n increases to L.",
          harness::Provenance::derived, "[derived][checked]"},
      harness::ModelChoice<ExponentialModel>{
          ExponentialModel{},
          {{"pd-alpha-plus-0.05", {sample::sample_top_gaps, pd_parameter_plus_0_05}},
           {"order-statistics-off-by-one", {top_gaps_from_runner_up, pd_parameter_exact}}}});
  claim->experiment(
      "spacings-top-k",
      // Full: n = 1e12 at 1e5 rows besides the standard point (the law is exact at every n).
      harness::Grid<TopKSpacingsPoint>{
          .smoke = {{1e6, 33, 4000}}, .standard = {{1e6, 33, 40000}}, .full = {{1e6, 33, 40000}, {1e12, 33, 100000}}},
      spacings_top_k);
  claim->experiment("spacings-full-row",
                    // Full: sorted rows of 1e5 as well (the naive path visits every score).
                    harness::Grid<FullRowSpacingsPoint>{
                        .smoke = {{1000, 200}}, .standard = {{10000, 1000}}, .full = {{10000, 1000}, {100000, 300}}},
                    spacings_full_row);
  claim->experiment("yule",
                    harness::Grid<YulePoint>{.smoke = {{1e6, 128, 4000}},
                                             .standard = {{1e6, 128, 40000}},
                                             .full = {{1e6, 128, 40000}, {1e12, 128, 100000}}},
                    yule);
  // c = 4/3 at n = 1e4 misses 4.1% of E Z (the bulk beyond the n-th point): the exact E Z_n
  // is tested there, the PD moments at n = 1e12 where the missing mass is 3.6e-4.
  const auto windows = [](std::size_t reps) {
    return std::vector<WindowPoint>{{4.0 / 3, 1e4, 1000, false, reps},
                                    {4.0 / 3, 1e12, 1000, true, reps},
                                    {2.0, 1e4, 1000, true, reps},
                                    {4.0, 1e4, 1000, true, reps}};
  };
  // Full: 3x the rows (the tolerances are the exact missing mass, so the power is all reps).
  claim->experiment(
      "window", harness::Grid<WindowPoint>{.smoke = windows(4000), .standard = windows(20000), .full = windows(60000)},
      window);
  const std::vector<double> ladder{1e4, 1e6, 1e8, 1e10, 1e12};
  claim->experiment("subcritical",
                    harness::Grid<SubcriticalPoint>{
                        .smoke = {{0.5, ladder, 1000, 500}},
                        .standard = {{0.3, ladder, 1000, 2000}, {0.5, ladder, 1000, 2000}, {0.7, ladder, 1000, 2000}},
                        // Full: 3x the rows on the same ladder (its top rung 1e12 carries the tol 0.01 check).
                        .full = {{0.3, ladder, 1000, 6000}, {0.5, ladder, 1000, 6000}, {0.7, ladder, 1000, 6000}}},
                    subcritical);
  claim->experiment("lambda",
                    // Full: 3x the rows at 1e4, and n = 1e5 with K = 16384 (> n^{1/1.25}: x = 1.25 still decided).
                    harness::Grid<LambdaPoint>{.smoke = {{1e4, 2048, 2000}},
                                               .standard = {{1e4, 2048, 20000}},
                                               .full = {{1e4, 2048, 60000}, {1e5, 16384, 10000}}},
                    lambda);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
