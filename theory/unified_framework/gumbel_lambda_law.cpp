// UF.gumbel.lambda-law: Lambda_n / h_n => L = sup_{k>=2} log k / M_{k-1} (THEORY.md §2), a law with
// infinite mean, tested through its upper tail P(Lambda_n/h_n > x), x in {1.5, 2, 3, 5}, by exact
// binomial tests against the L table (exact; reference/gap_counting/gap_counting.hpp), never by means.
//
// Rows come from the exact top-K sampler. Lambda of the retained gaps is a lower bound; beyond
// Delta_(K) log N(t)/t <= log n / Delta_(K), so a row is undecided at x only when
// Lambda_ret <= x h_n < log n / Delta_(K). K is chosen per point so that undecided rows are rare
// (they need Gamma_1 > K n^{-1/x}); they are counted both ways (band_proportion_check), and the
// rows where sample::lambda_is_exact fails are reported.
//
// Null band = the table's error + the stated finite-n bias: exponential rows are exact in law up
// to the truncation at n (Lambda_n increases to L; bias <= exp(-n^{1-1/x})); Gaussian rows carry
// the 1/log n bias of the point process, bounded by 0.04 at n = 1e4 and 0.02 at n >= 1e6
// (THEORY.md §2).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "reference/gap_counting/gap_counting.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/composite_null_checks.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;

constexpr double kThresholds[] = {1.5, 2.0, 3.0, 5.0};

struct RowPoint {
  ref::ScoreFamily family;  // the score family of the rows
  double n;                 // scores per row
  std::size_t K;            // top scores retained per row
  std::size_t reps;         // rows
  harness::Fields fields() const { return {{"family", family.name()}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult tail_is_the_l_table(const RowPoint& p, const harness::NoModel&,
                                              const harness::PointContext& at) {
  const ref::ScoreFamily& family = p.family;
  const double n = p.n;
  const std::size_t reps = p.reps;
  const bool exponential = family.kind == ref::ScoreFamily::Kind::exponential;
  const LambdaSample s = simulate_lambda(family, static_cast<std::uint64_t>(n), p.K, reps, at.streams.key());
  harness::ExperimentResult out;
  for (double x : kThresholds) {
    const TailCount count = count_tail(s, x);
    const auto table = ref::lambda_law_tail(x);
    const double bias = exponential ? std::exp(-std::pow(n, 1 - 1 / x)) : (n >= 1e6 ? 0.02 : 0.04);
    out.checks.push_back(harness::band_proportion_check(
        count.above, count.undecided, reps, table.value, table.error + bias,
        // The rows lambda_is_exact cannot settle are the "undecided" of the method.
        fmt::format("{} rows: P(Lambda_n/h_n > {}) vs P(L > {}) = {:.3f} (band: table +- {:.3f}, finite n +- {:.2g})",
                    family.name(), x, x, table.value, table.error, bias),
        table.error + bias + 0.15));
  }
  out.figures.push_back(lambda_tail_figure(at, s));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> gumbel_lambda_law() {
  auto claim = std::make_unique<harness::ClaimSpec<harness::NoModel>>(
      harness::ClaimInfo{
          "UF.gumbel.lambda-law", "UF", "THEORY.md §2 UF.gumbel.lambda-law; §3, §5 L table",
          "For i.i.d. Gumbel-domain scores Lambda_n / h_n converges in law to L = sup_{k>=2} log k / M_{k-1}: L >= 1, "
          "infinite mean, P(L > x) ~ log 2 / x for large x.",
          harness::Provenance::derived, "[derived][checked]"},
      harness::ModelChoice<harness::NoModel>{harness::NoModel{}});
  const ref::ScoreFamily gaussian{ref::ScoreFamily::Kind::gaussian, 1};
  const ref::ScoreFamily exponential{ref::ScoreFamily::Kind::exponential, 1};
  claim->experiment(
      "rows",
      harness::Grid<RowPoint>{
          .smoke = {{gaussian, 1e4, 4096, 1500}},
          .standard = {{gaussian, 1e4, 4096, 6000}, {gaussian, 1e6, 16384, 3000}, {exponential, 1e5, 4096, 6000}},
          // Full: 3x the rows, and exponential rows at 1e6 (K = 16384 > n^{2/3} decides x >= 1.5). Gaussian
          // rows beyond 1e6 would need K > n^{1/x} (1e6 at n = 1e9, x = 1.5) to leave no row undecided.
          .full = {{gaussian, 1e4, 4096, 20000},
                   {gaussian, 1e6, 16384, 10000},
                   {exponential, 1e5, 4096, 20000},
                   {exponential, 1e6, 16384, 10000}}},
      tail_is_the_l_table);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
