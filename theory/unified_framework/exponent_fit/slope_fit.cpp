// UF.exponent-fit: the slope fit of the gumbel and sphere experiments. Rows of an n-ladder, the
// least-squares slope of log median Lambda_n, its bootstrap standard error over rows, and the
// z-test against a prediction (the comment of exponent_fit/claim.cpp says which).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "theory/unified_framework/exponent_fit/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/bootstrap.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/quantile.hpp"

namespace attnlaw::theory::unified_framework::exponent_fit_claim {
namespace {

constexpr std::uint32_t kBootstrap = 400;

// Bootstrap over rows (resampled within each n); deterministic streams from the claim's key.
double bootstrap_se(const std::vector<double>& x, const std::vector<std::vector<double>>& rows, rng::StreamKey key) {
  return stats::stratified_bootstrap_se(
      rows, [&](std::span<const std::vector<double>> resampled) { return slope_of_medians(x, resampled); }, key,
      kBootstrap);
}

}  // namespace

Ladder simulate_ladder(const std::vector<double>& ns, std::size_t reps, rng::StreamKey stream, const RowBracket& row) {
  Ladder ladder;
  ladder.n = ns;
  for (std::size_t i = 0; i < ladder.n.size(); ++i) {
    const auto n = static_cast<std::uint64_t>(ladder.n[i]);
    std::vector<double> lo(reps), hi(reps);
    std::vector<int> undecided(reps, 0);
    harness::for_each_replicate(reps, [&](std::size_t r) {
      const sample::LambdaBracket b = row(stream, static_cast<std::uint32_t>(r + reps * i), n);
      lo[r] = b.lo;
      hi[r] = b.hi;
      undecided[r] = !b.top_k_decided;
    });
    ladder.top_k_undecided += static_cast<std::size_t>(std::accumulate(undecided.begin(), undecided.end(), 0));
    ladder.lo.push_back(std::move(lo));
    ladder.hi.push_back(std::move(hi));
  }
  return ladder;
}

std::vector<double> abscissa(const std::vector<double>& n, bool polynomial) {
  std::vector<double> x;
  for (double v : n) x.push_back(polynomial ? std::log(v) : std::log(std::log(v)));
  return x;
}

double slope_of_medians(const std::vector<double>& x, std::span<const std::vector<double>> rows) {
  std::vector<double> y;
  for (const auto& r : rows) y.push_back(std::log(stats::median(r)));
  return stats::least_squares(x, y).slope;
}

FittedSlope fit_slope(const Ladder& ladder, bool polynomial, rng::StreamKey bootstrap_stream) {
  FittedSlope f;
  f.x = abscissa(ladder.n, polynomial);
  f.slope = slope_of_medians(f.x, ladder.lo);
  f.se = bootstrap_se(f.x, ladder.lo, bootstrap_stream);
  return f;
}

harness::ExperimentResult slope_checks(const Ladder& ladder, std::size_t reps, bool polynomial, const FittedSlope& fit,
                                       const Prediction& prediction, double target, const std::string& family,
                                       const harness::PointContext& at) {
  const double slope = fit.slope, se = fit.se;
  const std::vector<double>& x = fit.x;
  harness::ExperimentResult out;
  // The median of every n must be decided: the medians of the lower and upper ends agree.
  double open = 0;
  for (std::size_t i = 0; i < ladder.n.size(); ++i)
    open = std::max(open, std::log(stats::median(ladder.hi[i]) / stats::median(ladder.lo[i])));
  out.checks.push_back(harness::deterministic_check(
      "median Lambda_n decided at every n (bracket of the exact checkpoint extension closed)", open / 1e-12,
      fmt::format("statistic = max_n log(median upper / median lower) / 1e-12; rows left open by the top-K rule "
                  "alone (lambda_is_exact): {} of {}",
                  ladder.top_k_undecided, ladder.n.size() * reps)));

  const double total_se = std::hypot(se, prediction.se);
  harness::Check c = harness::slope_z_check(
      "slope of log median Lambda_n on " + std::string(polynomial ? "log n" : "log log n") + " = " + prediction.text,
      slope, prediction.slope, total_se,
      fmt::format("normal; bootstrap s.e. over rows ({} resamples) {:.4f}, reference s.e. {:.4f}; 95% CI "
                  "[{:.4f}, {:.4f}]",
                  kBootstrap, se, prediction.se, slope - 1.96 * total_se, slope + 1.96 * total_se) +
          prediction.values,
      "|slope - predicted|");
  c.detectable_target = target;
  out.checks.push_back(std::move(c));

  std::vector<double> mx, my, fx, fy;
  const stats::LinearFit line = stats::least_squares(x, [&] {
    std::vector<double> y;
    for (const auto& r : ladder.lo) y.push_back(std::log(stats::median(r)));
    return y;
  }());
  for (std::size_t i = 0; i < ladder.n.size(); ++i) {
    mx.push_back(ladder.n[i]);
    my.push_back(stats::median(ladder.lo[i]));
    fx.push_back(ladder.n[i]);
    fy.push_back(std::exp(line.intercept + line.slope * x[i]));
  }
  std::vector<harness::Series> series;
  series.push_back({"median Lambda_n", "points", std::move(mx), std::move(my)});
  series.push_back({fmt::format("fit, slope {:.3f}", slope), "lines", std::move(fx), std::move(fy)});
  const std::string& claim = at.claim.id;
  out.figures.push_back(harness::Figure{.id = harness::figure_slug(claim, "fit", at.fields),
                                        .claim = claim,
                                        .title = fmt::format("{}: median Lambda_n against n, {}", claim, family),
                                        .xlabel = "n",
                                        .ylabel = "median Lambda_n",
                                        .log_x = true,
                                        .log_y = true,
                                        .series = std::move(series)});
  return out;
}

}  // namespace attnlaw::theory::unified_framework::exponent_fit_claim
