// ST.null.ks-small-m: the KS p-value of the harness is exact at every sample size M
// (THEORY.md §3: Marsaglia-Tsang-Wang, with the Smirnov-Birnbaum-Tingey doubling in the far
// tail). For a continuous fully specified null the exact p-value is U(0,1); the Kolmogorov limit
// law is conservative at small M (§3, §10), so p-values from it pile up towards 1.
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "verify/harness/claim_spec.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::statistics {
namespace {

// The level whose exact size is checked: the usual one, where the limit law's error at M = 5
// is about a factor 1.7 (§10: the exact 5% point of sqrt(5) D_5 is 1.26, the limit's 1.36).
constexpr double kLevel = 0.05;

struct SampleSizePoint {
  std::size_t m;     // the size M of each sample
  std::size_t reps;  // samples, each giving one p-value
  harness::Fields fields() const { return {{"M", m}, {"reps", reps}}; }
};

// The model under test is the null law of the harness's KS test: the exact finite-M law.
// Planted bug "ks-asymptotic-small-m": the Kolmogorov limit law at every M, conservative at small M.
const stats::KsNullLaw kKolmogorovLimit{
    [](std::size_t m, double d) { return stats::kolmogorov_asymptotic_sf(std::sqrt(static_cast<double>(m)) * d); },
    [](std::size_t, double) { return std::string("asymptotic (Kolmogorov limit)"); }};

harness::ExperimentResult p_values_are_uniform(const SampleSizePoint& p, const stats::KsNullLaw& null,
                                               const harness::PointContext& at) {
  const rng::StreamKey key = at.streams.key();
  std::vector<double> pv(p.reps);
  std::vector<double> sample(p.m);
  std::uint64_t rejected = 0;
  for (std::size_t r = 0; r < p.reps; ++r) {
    rng::SampleSource source(key, static_cast<std::uint32_t>(r), 0);
    for (double& u : sample) u = source.next_uniform();
    pv[r] = stats::ks_test(sample, null).p_value;
    rejected += pv[r] <= kLevel;
  }
  harness::ExperimentResult out;
  out.checks.push_back(harness::gof_check(
      stats::anderson_darling_test(pv),
      fmt::format("KS p-values of {} exact U(0,1) samples of size M = {} are U(0,1) (AD)", p.reps, p.m), p.reps));
  // Target: the size off by 40% of the level (the limit law at M = 5 is off by ~50%).
  out.checks.push_back(harness::proportion_check(
      stats::binomial_test(rejected, p.reps, kLevel),
      fmt::format("size of the KS test at level {:g}: P(p <= {:g}) = {:g} at M = {}", kLevel, kLevel, kLevel, p.m),
      kLevel, p.reps, 0.4 * kLevel));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> ks_small_m() {
  auto claim = std::make_unique<harness::ClaimSpec<stats::KsNullLaw>>(
      harness::ClaimInfo{
          "ST.null.ks-small-m", "ST", "THEORY.md §3 (exact null laws), §7 (p-values must be uniform)",
          "For M i.i.d. draws from a continuous fully specified null, the harness's KS p-value is exactly U(0,1) at "
          "every M, small M included (exact finite-M law, not the Kolmogorov limit).",
          harness::Provenance::paper, "[prior] Marsaglia-Tsang-Wang 2003, Simard-L'Ecuyer 2011"},
      harness::ModelChoice<stats::KsNullLaw>{stats::kKsExactNull, {{"ks-asymptotic-small-m", kKolmogorovLimit}}});
  claim->experiment("p-values",
                    harness::Grid<SampleSizePoint>{
                        .smoke = {{5, 10000}, {10, 10000}, {20, 10000}},
                        .standard = {{2, 40000}, {5, 40000}, {10, 40000}, {20, 40000}, {50, 40000}, {100, 40000}},
                        // Full: three times the samples (AD detects a DKW distance of 0.013, the size
                        // test 0.005), M = 1 and 3, and M = 200, where the Durbin matrix is still exact.
                        .full = {{1, 120000},
                                 {2, 120000},
                                 {3, 120000},
                                 {5, 120000},
                                 {10, 120000},
                                 {20, 120000},
                                 {50, 120000},
                                 {100, 120000},
                                 {200, 40000}}},
                    p_values_are_uniform);
  return claim;
}

}  // namespace attnlaw::theory::statistics
