#include "theory/unified_framework/critical_window.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/gap_counting/gap_counting.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/sample/score_rows.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

void resize(WindowSample& s, std::size_t reps) {
  for (auto* v : {&s.top_weight, &s.sum_sq, &s.entropy, &s.partition, &s.ratio21}) v->assign(reps, 0.0);
}

}  // namespace

WindowSample simulate_window(const reference::ScoreFamily& family, std::uint64_t n, double beta, std::size_t K,
                             std::size_t reps, rng::StreamKey stream, TopGapsSampler top_gaps) {
  if (K < 2 || K > n) throw std::invalid_argument("simulate_window: needs 2 <= K <= n");
  WindowSample s;
  resize(s, reps);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const sample::TopGaps row = top_gaps(family, stream, static_cast<std::uint32_t>(r), n, K);
    attention::GapProfile<double> profile;
    profile.gaps = row.gaps;
    const auto at_beta = attention::softmax_summary(profile, beta);
    const auto at_2beta = attention::softmax_summary(profile, 2 * beta);
    const double z_top = std::exp(at_beta.log_partition);
    double bulk = 0, bulk_sq = 0, bulk_gap = 0;
    if (K < n) {
      const double log_b = sample::bulk_log_mass(family, row, beta);
      bulk = std::exp(log_b);
      bulk_sq = std::exp(sample::bulk_log_mass(family, row, 2 * beta));
      // sum beta Delta e^{-beta Delta} = -beta dB/dbeta = -beta B d(log B)/dbeta, by a central
      // difference of the smooth log B (step 1e-4 beta: truncation ~1e-8, rounding ~1e-12 relative).
      const double step = 1e-4 * beta;
      const double slope =
          (sample::bulk_log_mass(family, row, beta + step) - sample::bulk_log_mass(family, row, beta - step)) /
          (2 * step);
      bulk_gap = -beta * bulk * slope;
    }
    const double z = z_top + bulk;
    s.partition[r] = z;
    s.top_weight[r] = 1 / z;
    s.sum_sq[r] = (std::exp(at_2beta.log_partition) + bulk_sq) / (z * z);
    s.entropy[r] = std::log(z) + (at_beta.mean_scaled_gap * z_top + bulk_gap) / z;
    s.ratio21[r] = std::exp(-beta * row.gaps[1]);
  });
  return s;
}

WindowSample simulate_pd(double alpha, std::size_t K, std::size_t reps, rng::StreamKey stream) {
  if (K < 2) throw std::invalid_argument("simulate_pd: needs K >= 2");
  WindowSample s;
  resize(s, reps);
  const double p = 1 / alpha;
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const std::vector<double> v = sample::sample_pd_weights(alpha, stream, static_cast<std::uint32_t>(r), K);
    double mass = 0, sq = 0, h = 0;
    for (auto it = v.rbegin(); it != v.rend(); ++it) {  // smallest first
      mass += *it;
      sq += *it * *it;
      if (*it > 0) h -= *it * std::log(*it);
    }
    // The sampler normalises by S = sum_{k<=K} g_k^{-p} + G^{1-p}/(p-1), G = Gamma_K, so
    // tail = G^{1-p}/((p-1)S) and V_K = G^{-p}/S give back G and S; beyond K,
    // sum V^2 = G^{1-2p}/((2p-1)S^2) and sum -V log V = tail (log S + p log G + p/(p-1)).
    const double tail = 1 - mass;
    const double vk = v.back();
    if (tail > 0 && vk > 0) {
      const double g = (p - 1) * tail / vk;
      const double log_s = -p * std::log(g) - std::log(vk);
      sq += std::exp((1 - 2 * p) * std::log(g) - 2 * log_s) / (2 * p - 1);
      h += tail * (log_s + p * std::log(g) + p / (p - 1));
    }
    s.top_weight[r] = v[0];
    s.partition[r] = 1 / v[0];
    s.sum_sq[r] = sq;
    s.entropy[r] = h;
    s.ratio21[r] = v[1] / v[0];
  });
  return s;
}

LambdaSample simulate_lambda(const reference::ScoreFamily& family, std::uint64_t n, std::size_t K, std::size_t reps,
                             rng::StreamKey stream, TopGapsSampler top_gaps) {
  if (K < 2 || K > n) throw std::invalid_argument("simulate_lambda: needs 2 <= K <= n");
  LambdaSample s;
  s.h = reference::family_scale<double>(family, static_cast<double>(n)).h;
  s.lower.assign(reps, 0.0);
  s.upper.assign(reps, 0.0);
  std::vector<unsigned char> inexact(reps, 0);
  const double log_n = std::log(static_cast<double>(n));
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const sample::TopGaps row = top_gaps(family, stream, static_cast<std::uint32_t>(r), n, K);
    attention::GapProfile<double> profile;
    profile.gaps = row.gaps;
    const double lambda = attention::accumulation_scale(profile).lambda;
    const bool exact = K == n || sample::lambda_is_exact(row, lambda);
    inexact[r] = !exact;
    s.lower[r] = lambda / s.h;
    s.upper[r] = exact ? s.lower[r] : std::max(lambda, log_n / row.gaps.back()) / s.h;
  });
  for (unsigned char b : inexact) s.inexact_rows += b;
  return s;
}

TailCount count_tail(const LambdaSample& sample, double x) {
  TailCount c;
  for (std::size_t i = 0; i < sample.lower.size(); ++i) {
    if (sample.lower[i] > x) {
      ++c.above;
    } else if (sample.upper[i] > x) {
      ++c.undecided;
    }
  }
  return c;
}

harness::Figure lambda_tail_figure(const harness::PointContext& at, const LambdaSample& sample) {
  std::vector<double> x, lower, upper, lx, ly;
  const double m = static_cast<double>(sample.lower.size());
  for (double t = 1.0; t <= 20.0 * 1.0001; t *= std::pow(20.0, 1.0 / 60)) {
    const TailCount c = count_tail(sample, t);
    x.push_back(t);
    lower.push_back(static_cast<double>(c.above) / m);
    upper.push_back(static_cast<double>(c.above + c.undecided) / m);
  }
  for (const auto& point : reference::lambda_law_upper_tail()) {
    lx.push_back(point.x);
    ly.push_back(point.tail);
  }
  std::vector<harness::Series> series;
  series.push_back({"Monte Carlo, Lambda_n/h_n > x", "lines", x, std::move(lower)});
  series.push_back({"Monte Carlo, undecided rows counted above", "lines", std::move(x), std::move(upper)});
  series.push_back({"L table (limit)", "points", std::move(lx), std::move(ly)});
  const std::string& claim = at.claim.id;
  return harness::Figure{.id = harness::figure_slug(claim, "lambda-tail", at.fields),
                         .claim = claim,
                         .title = fmt::format("{}: P(Lambda_n/h_n > x) against the limit L, {}", claim, at.label),
                         .xlabel = "x",
                         .ylabel = "P(Lambda_n / h_n > x)",
                         .log_x = true,
                         .log_y = true,
                         .series = std::move(series)};
}

}  // namespace attnlaw::theory::unified_framework
