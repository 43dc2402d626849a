// ST.multiplicity.familywise: the decision policy controls the family-wise error rate
// (STATISTICS.md §6, Holm 1979). The check runs the harness's own apply_policy on simulated
// families of independent U(0,1) p-values. With m0 true nulls and m1 false nulls whose p-values are
// far below alpha/m, Holm's step-down rejects the m1 first and then some true null iff the
// smallest of the m0 null p-values is below alpha/m0, so the family-wise error rate is exactly
// 1 - (1 - alpha/m0)^m0 <= alpha [derived]; no correction gives 1 - (1 - alpha)^m0, and the
// single-step Bonferroni 1 - (1 - alpha/m)^m0 when m1 > 0.
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "theory/statistics/claims.hpp"
#include "verify/harness/model_choice.hpp"
#include "verify/harness/policy.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::statistics {
namespace {

using harness::Json;

// A family-wise level at which the error rate is measurable with 10^4 families (the battery's
// 1e-6 is not), and the p-value given to each false null: rejected at any m here.
constexpr double kFamilyAlpha = 0.05;
constexpr double kFalseNullP = 1e-12;

struct FamilyCounts {
  std::uint64_t any_true_null_rejected = 0;
  std::uint64_t false_nulls_missed = 0;
};

// Planted bug "holm-no-correction": every check judged at alpha on its raw p-value.
std::vector<double> no_correction(std::span<const double> p) { return {p.begin(), p.end()}; }

FamilyCounts simulate(std::size_t m0, std::size_t m1, std::size_t families, const rng::StreamKey& key,
                      harness::Adjustment adjust) {
  harness::Policy policy;
  policy.alpha = kFamilyAlpha;
  policy.adjust = adjust;
  FamilyCounts counts;
  std::vector<harness::Check> family(m0 + m1);
  for (std::size_t f = 0; f < families; ++f) {
    rng::SampleSource source(key, static_cast<std::uint32_t>(f), 0);
    // False nulls first, interleaved positions would not change Holm (it sorts by p).
    for (std::size_t i = 0; i < family.size(); ++i) {
      family[i] = harness::Check{};
      family[i].paper = "family";
      family[i].p_value = i < m1 ? kFalseNullP : source.next_uniform();
    }
    harness::apply_policy(family, policy);
    bool any = false;
    for (std::size_t i = 0; i < family.size(); ++i) {
      const bool rejected = family[i].verdict == harness::Verdict::fail;
      if (i < m1) counts.false_nulls_missed += !rejected;
      else any = any || rejected;
    }
    counts.any_true_null_rejected += any;
  }
  return counts;
}

class Familywise final : public harness::Claim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }
  std::vector<std::string> planted_bugs() const override { return models_.planted_names(); }

  std::vector<Json> grid(harness::Battery battery) const override {
    const int families = battery == harness::Battery::smoke ? 10000 : 40000;
    std::vector<Json> points;
    for (int m : {2, 10, 50}) points.push_back({{"m", m}, {"false_nulls", 0}, {"families", families}});
    points.push_back({{"m", 10}, {"false_nulls", 5}, {"families", families}});
    if (battery != harness::Battery::smoke) points.push_back({{"m", 200}, {"false_nulls", 20}, {"families", families}});
    return points;
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const auto m = params.at("m").get<std::size_t>();
    const auto m1 = params.at("false_nulls").get<std::size_t>();
    const auto families = params.at("families").get<std::size_t>();
    const std::size_t m0 = m - m1;
    const FamilyCounts counts = simulate(m0, m1, families, rng::make_key(context.seed, info_.id, params.dump()), models_.in_force(context));
    const double fwer = -std::expm1(static_cast<double>(m0) * std::log1p(-kFamilyAlpha / static_cast<double>(m0)));

    harness::ExperimentResult out;
    // Target: a 50% excess over the exact rate (no correction at m0 = 2 is +97%, at m0 = 5 +360%).
    out.checks.push_back(harness::proportion_check(
        stats::binomial_test(counts.any_true_null_rejected, families, fwer),
        fmt::format("family-wise error of apply_policy at alpha = {:g}, {} true + {} false nulls: exact Holm rate "
                    "1 - (1 - alpha/{})^{} = {:.6f}",
                    kFamilyAlpha, m0, m1, m0, m0, fwer),
        params, fwer, families, 0.5 * fwer));
    if (m1 > 0) {
      harness::Check c;
      c.test = "deterministic";
      c.target = fmt::format("every false null (p = {:g}) rejected in every family", kFalseNullP);
      c.params = params;
      c.statistic = static_cast<double>(counts.false_nulls_missed);
      c.p_method = "count of false nulls not rejected; pass iff 0";
      c.deterministic_holds = counts.false_nulls_missed == 0;
      out.checks.push_back(std::move(c));
    }
    return out;
  }

 private:
  // The model under test is the policy's p-value adjustment.
  harness::ModelChoice<harness::Adjustment> models_{harness::Policy{}.adjust, {{"holm-no-correction", no_correction}}};
  harness::ClaimInfo info_{
      "ST.multiplicity.familywise", "ST", "STATISTICS.md §6 (Holm within each paper), §7",
      "Under any configuration of true nulls, the policy's Holm-adjusted decision over a family rejects some true "
      "null with probability at most the family alpha; for m0 independent U(0,1) null p-values and false nulls with "
      "tiny p-values the rate is exactly 1 - (1 - alpha/m0)^m0.",
      harness::Provenance::paper, "[prior] Holm 1979; exact rate [derived]"};
};

}  // namespace

void register_familywise(harness::Registry& registry) { registry.add(std::make_unique<Familywise>()); }

}  // namespace attnlaw::theory::statistics
