// ST.null.ks-small-m: the KS p-value of the harness is exact at every sample size M
// (STATISTICS.md §3: Marsaglia-Tsang-Wang, with the Smirnov-Birnbaum-Tingey doubling in the far
// tail). For a continuous fully specified null the exact p-value is U(0,1); the Kolmogorov limit
// law is conservative at small M (§3, §10), so p-values from it pile up towards 1.
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "theory/statistics/claims.hpp"
#include "verify/harness/model_choice.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::statistics {
namespace {

using harness::Json;

// The level whose exact size is checked: the usual one, where the limit law's error at M = 5
// is about a factor 1.7 (§10: the exact 5% point of sqrt(5) D_5 is 1.26, the limit's 1.36).
constexpr double kLevel = 0.05;

// Planted bug "ks-asymptotic-small-m": the Kolmogorov limit law at every M, conservative at small M.
const stats::KsNullLaw kKolmogorovLimit{
    [](std::size_t m, double d) { return stats::kolmogorov_asymptotic_sf(std::sqrt(static_cast<double>(m)) * d); },
    [](std::size_t, double) { return std::string("asymptotic (Kolmogorov limit)"); }};

class KsSmallM final : public harness::Claim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }
  std::vector<std::string> planted_bugs() const override { return models_.planted_names(); }

  std::vector<Json> grid(harness::Battery battery) const override {
    std::vector<Json> points;
    if (battery == harness::Battery::smoke) {
      for (int m : {5, 10, 20}) points.push_back({{"M", m}, {"reps", 10000}});
    } else {
      for (int m : {2, 5, 10, 20, 50, 100}) points.push_back({{"M", m}, {"reps", 40000}});
    }
    return points;
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const auto m = params.at("M").get<std::size_t>();
    const auto reps = params.at("reps").get<std::size_t>();
    const rng::StreamKey key = rng::make_key(context.seed, info_.id, params.dump());
    std::vector<double> p(reps);
    std::vector<double> sample(m);
    std::uint64_t rejected = 0;
    const stats::KsNullLaw& null = models_.in_force(context);
    for (std::size_t r = 0; r < reps; ++r) {
      rng::SampleSource source(key, static_cast<std::uint32_t>(r), 0);
      for (double& u : sample) u = source.next_uniform();
      p[r] = stats::ks_test(sample, null).p_value;
      rejected += p[r] <= kLevel;
    }
    harness::ExperimentResult out;
    out.checks.push_back(harness::gof_check(
        stats::anderson_darling_test(p),
        fmt::format("KS p-values of {} exact U(0,1) samples of size M = {} are U(0,1) (AD)", reps, m), params, reps));
    // Target: the size off by 40% of the level (the limit law at M = 5 is off by ~50%).
    out.checks.push_back(harness::proportion_check(
        stats::binomial_test(rejected, reps, kLevel),
        fmt::format("size of the KS test at level {:g}: P(p <= {:g}) = {:g} at M = {}", kLevel, kLevel, kLevel, m), params,
        kLevel, reps, 0.4 * kLevel));
    return out;
  }

 private:
  // The model under test is the null law of the harness's KS test.
  harness::ModelChoice<stats::KsNullLaw> models_{stats::kKsExactNull, {{"ks-asymptotic-small-m", kKolmogorovLimit}}};
  harness::ClaimInfo info_{
      "ST.null.ks-small-m", "ST", "STATISTICS.md §3 (exact null laws), §7 (p-values must be uniform)",
      "For M i.i.d. draws from a continuous fully specified null, the harness's KS p-value is exactly U(0,1) at every "
      "M, small M included (exact finite-M law, not the Kolmogorov limit).",
      harness::Provenance::paper, "[prior] Marsaglia-Tsang-Wang 2003, Simard-L'Ecuyer 2011"};
};

}  // namespace

void register_ks_small_m(harness::Registry& registry) { registry.add(std::make_unique<KsSmallM>()); }

}  // namespace attnlaw::theory::statistics
