// UF.family.sphere, experiment "gap-count": the count of keys near the nearest one, d = 3.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "reference/sphere/uniform_score_gaps.hpp"
#include "theory/unified_framework/family_sphere/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/sphere_top_k.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::unified_framework::family_sphere_claim {

harness::ExperimentResult gap_count(const GapCountPoint& point, const SphereScale&, const harness::PointContext& at) {
  const std::string& claim = at.claim.id;
  const auto stream = at.streams.key();
  const std::uint64_t n = point.n;
  const std::size_t reps = point.reps;
  const std::vector<double>& ts = point.t;
  constexpr std::uint64_t K = 64;  // N(t/n) - 1 has mean t/2 <= 2: 63 retained competitors are never all inside
  std::vector<std::vector<std::uint64_t>> counts(ts.size(), std::vector<std::uint64_t>(reps));
  std::vector<int> censored(reps, 0);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const auto keys = sample::sample_sphere_top_k(stream, static_cast<std::uint32_t>(r), n, 3, K);
    for (std::size_t i = 0; i < ts.size(); ++i) {
      const double x = ts[i] / static_cast<double>(n);
      const auto inside =
          std::upper_bound(keys.gaps.begin(), keys.gaps.end(), keys.gaps.front() + x) - keys.gaps.begin();
      counts[i][r] = static_cast<std::uint64_t>(inside) - 1;
      if (static_cast<std::uint64_t>(inside) == K) censored[r] = 1;
    }
  });
  harness::ExperimentResult out;
  const int censored_rows = std::accumulate(censored.begin(), censored.end(), 0);
  out.checks.push_back(harness::deterministic_check(fmt::format("every count decided by the {} nearest keys", K),
                                                    censored_rows,
                                                    "statistic = rows whose 64 nearest keys all lie within t/n"));
  std::vector<harness::Series> series;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const double t = ts[i];
    // The checks at one t are about that t: the rows are shared, so t is not a point of its own.
    const harness::Fields at_t{{"d", 3}, {"n", n}, {"reps", reps}, {"t", t}};
    constexpr std::size_t kCells = 16;
    const std::vector<double> pmf = reference::sphere3_gap_count_pmf(n, t, kCells);
    std::vector<std::uint64_t> cells(kCells + 1, 0);
    for (std::uint64_t c : counts[i]) ++cells[std::min<std::uint64_t>(c, kCells)];
    harness::Check law = harness::chi_square_check(
        stats::chi_square_gof(cells, pmf),
        fmt::format("N_n(t/n) - 1 ~ Binomial(n, t/(2n)) exactly (limit Poisson(t/2)), chi-square over {} cells",
                    kCells + 1));
    law.params = at_t;
    out.checks.push_back(std::move(law));
    // The exact tail at the first count above the mean; the Poisson(t/2) limit differs from the
    // exact value by O(t^2/n), named in the target.
    const auto k = static_cast<std::uint64_t>(std::floor(t / 2)) + 1;
    std::uint64_t above = 0;
    for (std::uint64_t c : counts[i]) above += c >= k;
    const double exact = reference::sphere3_gap_count_tail(n, t, k);
    double poisson = 0, term = std::exp(-t / 2);
    for (std::uint64_t m = 0; m < k; ++m, term *= t / 2 / static_cast<double>(m)) poisson += term;
    harness::Check tail = harness::proportion_check(
        stats::binomial_test(above, reps, exact),
        fmt::format("P(N_n(t/n) - 1 >= {}) = {:.6f} exact (Poisson(t/2) limit {:.6f})", k, exact, 1 - poisson), exact,
        reps, 0.05);
    tail.params = at_t;
    out.checks.push_back(std::move(tail));
    std::vector<double> x, emp, ref;
    for (std::size_t m = 0; m < 8; ++m) {
      x.push_back(m);
      emp.push_back(static_cast<double>(cells[m]) / static_cast<double>(reps));
      ref.push_back(pmf[m]);
    }
    series.push_back({fmt::format("t = {} Monte Carlo", t), "points", x, std::move(emp)});
    series.push_back({fmt::format("t = {} Binomial(n, t/2n)", t), "lines", std::move(x), std::move(ref)});
  }
  out.figures.push_back(harness::Figure{.id = harness::figure_slug(claim, "gap-count", at.fields),
                                        .claim = claim,
                                        .title = fmt::format("{}: law of N_n(t/n) - 1, d = 3, n = {}", claim, n),
                                        .xlabel = "m",
                                        .ylabel = "P(N_n(t/n) - 1 = m)",
                                        .series = std::move(series)});
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_sphere_claim
