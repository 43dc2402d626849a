#include "verify/attention/weight_functionals.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "verify/mutation/planted_bug.hpp"

namespace attnlaw::attention {
namespace {

// The weights from the excesses delta_i = beta (t_i - t_(1)) >= 0 (delta_0 = 0): x_i = e^{-delta_i},
// w_i = x_i / (1 + sum_{i>=1} x_i). Tail sums run from the far end, smallest terms first.
struct Weights {
  std::vector<double> x;  // unnormalised, x[0] = 1 (but for a planted bug)
  double tail = 0;        // sum_{i>=1} x_i
  double normaliser = 1;  // x[0] + tail
};

template <class Excess>
Weights weights_from(std::size_t count, double level, Excess excess) {
  Weights w;
  w.x.resize(count);
  w.x[0] = 1;
  for (std::size_t i = 1; i < count; ++i) w.x[i] = std::exp(-excess(i));
  if (mutation::active("softmax-without-max-subtraction")) {
    // Planted bug: weights e^{-beta t_i} normalised without taking out the largest, as the level
    // beta t_(1) is then part of every term; it underflows once beta t_(1) > ~745.
    w.x[0] = std::exp(-level);
    for (std::size_t i = 1; i < count; ++i) w.x[i] = std::exp(-(level + excess(i)));
  }
  for (std::size_t i = count; i-- > 1;) w.tail += w.x[i];
  w.normaliser = w.x[0] + w.tail;
  return w;
}

template <class Excess>
WeightSummary summary_from(const Weights& w, double level, Excess excess) {
  const std::size_t count = w.x.size();
  WeightSummary s;
  const double inv = 1 / w.normaliser;
  s.top_weight = w.x[0] * inv;
  s.second_weight = count > 1 ? w.x[1] * inv : 0;
  s.one_minus_top = w.tail * inv;
  double sq = 0, en = 0;
  for (std::size_t i = count; i-- > 1;) {
    sq += w.x[i] * w.x[i];
    en += w.x[i] * excess(i);
  }
  s.sum_sq = (w.x[0] * w.x[0] + sq) * inv * inv;
  s.energy = level + en * inv;
  s.log_top_over_second = count > 1 ? excess(1) : std::numeric_limits<double>::infinity();
  return s;
}

void check_gaps(std::span<const double> gaps, double beta) {
  if (gaps.empty()) throw std::invalid_argument("summarize: no keys");
  if (!(beta >= 0) || !std::isfinite(beta)) throw std::invalid_argument("summarize: beta must be finite, >= 0");
}

}  // namespace

WeightSummary summarize_weights(std::span<const double> sorted_gaps, double beta) {
  check_gaps(sorted_gaps, beta);
  const double t1 = sorted_gaps[0];
  auto excess = [&](std::size_t i) { return beta * (sorted_gaps[i] - t1); };
  return summary_from(weights_from(sorted_gaps.size(), beta * t1, excess), beta * t1, excess);
}

OutputSummary summarize_output(const sample::NearestKeys& keys, double beta) {
  const std::span<const double> gaps(keys.gaps);
  check_gaps(gaps, beta);
  const std::size_t row = static_cast<std::size_t>(keys.d - 1);
  if (keys.d < 2 || keys.directions.size() != gaps.size() * row)
    throw std::invalid_argument("summarize_output: the keys carry no directions");
  const double t1 = gaps[0];
  const Weights w = weights_from(gaps.size(), beta * t1, [&](std::size_t i) { return beta * (gaps[i] - t1); });
  const double inv = 1 / w.normaliser;

  OutputSummary out;
  double spread = 0;  // sum_{i>=1} x_i (t_i - t_(1))
  std::vector<double> tangential(row, 0.0);
  for (std::size_t i = gaps.size(); i-- > 0;) {
    if (i > 0) spread += w.x[i] * (gaps[i] - t1);
    const double radius = w.x[i] * std::sqrt(gaps[i] * (2 - gaps[i]));
    for (std::size_t c = 0; c < row; ++c) tangential[c] += radius * keys.directions[i * row + c];
  }
  out.parallel_gap = t1 + spread * inv;
  for (double v : tangential) out.tangential_norm_sq += (v * inv) * (v * inv);
  return out;
}

WeightSummary summarize_weights(const sample::PppSample& sample) {
  const std::span<const double> e(sample.energies);
  if (e.empty()) throw std::invalid_argument("summarize_weights: empty point process sample");
  auto excess = [&](std::size_t i) { return e[i] - e[0]; };
  return summary_from(weights_from(e.size(), e[0], excess), e[0], excess);
}

OutputSummary summarize_output(const sample::PppSample& sample) {
  const std::span<const double> e(sample.energies);
  if (e.empty() || sample.radii.size() != e.size() || sample.directions.empty() ||
      sample.directions.size() % e.size() != 0)
    throw std::invalid_argument("summarize_output: the point process sample carries no directions");
  const std::size_t row = sample.directions.size() / e.size();
  const Weights w = weights_from(e.size(), e[0], [&](std::size_t i) { return e[i] - e[0]; });
  const double inv = 1 / w.normaliser;
  OutputSummary out;
  double spread = 0;
  std::vector<double> tangential(row, 0.0);
  for (std::size_t i = e.size(); i-- > 0;) {
    if (i > 0) spread += w.x[i] * (e[i] - e[0]);
    const double radius = w.x[i] * sample.radii[i];
    for (std::size_t c = 0; c < row; ++c) tangential[c] += radius * sample.directions[i * row + c];
  }
  out.parallel_gap = e[0] + spread * inv;
  for (double v : tangential) out.tangential_norm_sq += (v * inv) * (v * inv);
  return out;
}

}  // namespace attnlaw::attention
