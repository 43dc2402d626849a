#include "verify/attention/weight_functionals.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace attnlaw::attention {
namespace {

// The excesses delta_i = scale (v_i - v_0) of ascending values over the first (delta_0 = 0).
std::vector<double> excesses(std::span<const double> ascending, double scale) {
  std::vector<double> delta(ascending.size(), 0.0);
  for (std::size_t i = 1; i < delta.size(); ++i) delta[i] = scale * (ascending[i] - ascending[0]);
  return delta;
}

// The weights from the excesses delta_i = beta (t_i - t_(1)) >= 0 (delta_0 = 0): w_i = x_i / (x_0 +
// sum_{i>=1} x_i) with the terms x_i of `terms`. Tail sums run from the far end, smallest terms first.
struct Weights {
  std::vector<double> x;  // unnormalised; x[0] = 1 with the largest term taken out
  double tail = 0;        // sum_{i>=1} x_i
  double normaliser = 1;  // x[0] + tail
};

Weights weights_from(double level, std::span<const double> excess, SoftmaxTerms terms) {
  Weights w;
  w.x.resize(excess.size());
  terms(level, excess, w.x);
  for (std::size_t i = excess.size(); i-- > 1;) w.tail += w.x[i];
  w.normaliser = w.x[0] + w.tail;
  return w;
}

WeightSummary summary_from(const Weights& w, double level, std::span<const double> excess) {
  const std::size_t count = w.x.size();
  WeightSummary s;
  const double inv = 1 / w.normaliser;
  s.top_weight = w.x[0] * inv;
  s.second_weight = count > 1 ? w.x[1] * inv : 0;
  s.one_minus_top = w.tail * inv;
  double sq = 0, en = 0;
  for (std::size_t i = count; i-- > 1;) {
    sq += w.x[i] * w.x[i];
    en += w.x[i] * excess[i];
  }
  s.sum_sq = (w.x[0] * w.x[0] + sq) * inv * inv;
  s.energy = level + en * inv;
  s.log_top_over_second = count > 1 ? excess[1] : std::numeric_limits<double>::infinity();
  return s;
}

void check_gaps(std::span<const double> gaps, double beta) {
  if (gaps.empty()) throw std::invalid_argument("summarize: no keys");
  if (!(beta >= 0) || !std::isfinite(beta)) throw std::invalid_argument("summarize: beta must be finite, >= 0");
}

}  // namespace

void max_subtracted_terms(double /*level*/, std::span<const double> excess, std::span<double> x) {
  x[0] = 1;
  for (std::size_t i = 1; i < excess.size(); ++i) x[i] = std::exp(-excess[i]);
}

WeightSummary summarize_weights(std::span<const double> sorted_gaps, double beta, SoftmaxTerms terms) {
  check_gaps(sorted_gaps, beta);
  const double level = beta * sorted_gaps[0];
  const std::vector<double> excess = excesses(sorted_gaps, beta);
  return summary_from(weights_from(level, excess, terms), level, excess);
}

OutputSummary summarize_output(const sample::NearestKeys& keys, double beta, SoftmaxTerms terms) {
  const std::span<const double> gaps(keys.gaps);
  check_gaps(gaps, beta);
  const std::size_t row = static_cast<std::size_t>(keys.d - 1);
  if (keys.d < 2 || keys.directions.size() != gaps.size() * row)
    throw std::invalid_argument("summarize_output: the keys carry no directions");
  const double t1 = gaps[0];
  const Weights w = weights_from(beta * t1, excesses(gaps, beta), terms);
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

// The energies e_j are on the scale of beta t already: their excesses are e_j - e_1.
WeightSummary summarize_weights(const sample::PppSample& sample, SoftmaxTerms terms) {
  const std::span<const double> e(sample.energies);
  if (e.empty()) throw std::invalid_argument("summarize_weights: empty point process sample");
  const std::vector<double> excess = excesses(e, 1);
  return summary_from(weights_from(e[0], excess, terms), e[0], excess);
}

OutputSummary summarize_output(const sample::PppSample& sample, SoftmaxTerms terms) {
  const std::span<const double> e(sample.energies);
  if (e.empty() || sample.radii.size() != e.size() || sample.directions.empty() ||
      sample.directions.size() % e.size() != 0)
    throw std::invalid_argument("summarize_output: the point process sample carries no directions");
  const std::size_t row = sample.directions.size() / e.size();
  const Weights w = weights_from(e[0], excesses(e, 1), terms);
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
