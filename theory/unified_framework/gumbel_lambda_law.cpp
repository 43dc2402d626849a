// UF.gumbel.lambda-law: Lambda_n / h_n => L = sup_{k>=2} log k / M_{k-1} (UF.md §2), a law with
// infinite mean, tested through its upper tail P(Lambda_n/h_n > x), x in {1.5, 2, 3, 5}, by exact
// binomial tests against the L table (exact; reference/unified/gap_counting.hpp), never by means.
//
// Rows come from the exact top-K sampler. Lambda of the retained gaps is a lower bound; beyond
// Delta_(K) log N(t)/t <= log n / Delta_(K), so a row is undecided at x only when
// Lambda_ret <= x h_n < log n / Delta_(K). K is chosen per point so that undecided rows are rare
// (they need Gamma_1 > K n^{-1/x}); they are counted both ways (band_proportion_check), and the
// rows where sample::lambda_is_exact fails are reported.
//
// Null band = the table's error + the stated finite-n bias: exponential rows are exact in law up
// to the truncation at n (Lambda_n increases to L; bias <= exp(-n^{1-1/x})); Gaussian rows carry
// the 1/log n bias of the point process, bounded by 0.04 at n = 1e4 and 0.02 at n >= 1e6 (UF.md).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "reference/unified/gap_counting.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/critical_window.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using harness::Json;
namespace ref = reference::unified;

constexpr double kThresholds[] = {1.5, 2.0, 3.0, 5.0};

Json point(const char* family, double n, std::size_t K, std::size_t reps) {
  return {{"family", family}, {"n", n}, {"K", K}, {"reps", reps}};
}

class GumbelLambdaLaw final : public harness::JsonGridClaim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }

  std::vector<Json> grid(harness::Battery battery) const override {
    if (battery == harness::Battery::smoke) {
      return {point("gaussian", 1e4, 4096, 1500)};
    }
    return {point("gaussian", 1e4, 4096, 6000), point("gaussian", 1e6, 16384, 3000),
            point("exponential", 1e5, 4096, 6000)};
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const ref::ScoreFamily family = ref::parse_score_family(params.at("family").get<std::string>());
    const double n = params.at("n").get<double>();
    const std::size_t K = params.at("K").get<std::size_t>();
    const std::size_t reps = params.at("reps").get<std::size_t>();
    const bool exponential = family.kind == ref::ScoreFamily::Kind::exponential;
    const LambdaSample s = simulate_lambda(family, static_cast<std::uint64_t>(n), K, reps,
                                          rng::make_key(context.seed, info_.id, params.dump()));
    harness::ExperimentResult out;
    for (double x : kThresholds) {
      const TailCount count = count_tail(s, x);
      const auto table = ref::lambda_law_tail(x);
      const double bias =
          exponential ? std::exp(-std::pow(n, 1 - 1 / x)) : (n >= 1e6 ? 0.02 : 0.04);
      out.checks.push_back(band_proportion_check(
          count.above, count.undecided, reps, table.value, table.error + bias,
          // The rows lambda_is_exact cannot settle are the "undecided" of the method.
          fmt::format("{} rows: P(Lambda_n/h_n > {}) vs P(L > {}) = {:.3f} (band: table +- {:.3f}, finite n +- {:.2g})",
                      family.name(), x, x, table.value, table.error, bias),
          params, table.error + bias + 0.15));
    }
    out.figures.push_back(lambda_tail_figure(info_.id, params, s));
    return out;
  }

 private:
  harness::ClaimInfo info_{
      "UF.gumbel.lambda-law", "UF", "UF.md §2 UF.gumbel.lambda-law; §5 L table",
      "For i.i.d. Gumbel-domain scores Lambda_n / h_n converges in law to L = sup_{k>=2} log k / M_{k-1}: L >= 1, "
      "infinite mean, P(L > x) ~ log 2 / x for large x.",
      harness::Provenance::derived, "[derived][checked]"};
};

}  // namespace

std::unique_ptr<harness::Claim> gumbel_lambda_law() { return std::make_unique<GumbelLambdaLaw>(); }

}  // namespace attnlaw::theory::unified_framework
