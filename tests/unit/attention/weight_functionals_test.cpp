// Weight and output functionals (attention/weight_functionals.hpp) on cases computed by hand,
// at the numerical extremes the samplers produce, and against OnlineSoftmaxAverage.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "verify/attention/online_softmax.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/sample/sphere_geometry.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::attention {
namespace {

// Gaps {0, 1, 2} at beta = ln 2: x = 1, 1/2, 1/4, sum 7/4, so w = (4/7, 2/7, 1/7),
// sum w^2 = 21/49 = 3/7, beta sum w t = ln 2 (2/7 + 2/7) = (4/7) ln 2, 1 - w_1 = 3/7.
TEST(SummarizeWeights, HandComputed) {
  const std::vector<double> gaps{0, 1, 2};
  const double ln2 = std::log(2.0);
  const auto s = summarize_weights(gaps, ln2);
  EXPECT_NEAR(s.top_weight, 4.0 / 7, 1e-15);
  EXPECT_NEAR(s.second_weight, 2.0 / 7, 1e-15);
  EXPECT_NEAR(s.sum_sq, 3.0 / 7, 1e-15);
  EXPECT_NEAR(s.energy, 4.0 / 7 * ln2, 1e-15);
  EXPECT_NEAR(s.one_minus_top, 3.0 / 7, 1e-15);
  EXPECT_NEAR(s.log_top_over_second, ln2, 1e-15);
  // Shifting every gap by 1 multiplies nothing but adds beta to the energy.
  const auto shifted = summarize_weights(std::vector<double>{1, 2, 3}, ln2);
  EXPECT_NEAR(shifted.energy, s.energy + ln2, 1e-15);
  EXPECT_NEAR(shifted.top_weight, s.top_weight, 1e-15);
}

TEST(SummarizeWeights, SingleKey) {
  const auto s = summarize_weights(std::vector<double>{0.25}, 10);
  EXPECT_EQ(s.top_weight, 1);
  EXPECT_EQ(s.second_weight, 0);
  EXPECT_EQ(s.one_minus_top, 0);
  EXPECT_EQ(s.sum_sq, 1);
  EXPECT_DOUBLE_EQ(s.energy, 2.5);
  EXPECT_EQ(s.log_top_over_second, std::numeric_limits<double>::infinity());
}

// beta = 1e15 with gaps from 1e-300 (beta t = 1e-285) to 2 (beta t = 2e15): nothing overflows,
// the far key has weight 0, and w = 1/(1 + e^{-1}) for the pair 1e-15 apart (beta dt = 1).
TEST(SummarizeWeights, ExtremeBetaAndGaps) {
  const std::vector<double> gaps{1e-300, 1e-300 + 1e-15, 2};
  const auto s = summarize_weights(gaps, 1e15);
  const double e = std::exp(-1.0);
  EXPECT_NEAR(s.top_weight, 1 / (1 + e), 1e-15);
  EXPECT_NEAR(s.second_weight, e / (1 + e), 1e-15);
  EXPECT_NEAR(s.energy, e / (1 + e), 1e-14);  // beta t_1 = 1e-285 is negligible
  EXPECT_TRUE(std::isfinite(s.sum_sq));
  EXPECT_NEAR(s.log_top_over_second, 1, 1e-15);
}

// Two keys with beta (t_2 - t_1) = 20 ln 10: 1 - w_1 = 1e-20/(1 + 1e-20), which 1 - w_1
// computed by subtraction would return as 0.
TEST(SummarizeWeights, OneMinusTopAccurate) {
  const double delta = 20 * std::log(10.0);
  const auto s = summarize_weights(std::vector<double>{0.5, 0.5 + delta / 1e6}, 1e6);
  const double x = std::exp(-1e6 * ((0.5 + delta / 1e6) - 0.5));  // the excess as the code forms it
  EXPECT_NEAR(s.one_minus_top / (x / (1 + x)), 1, 1e-14);
  EXPECT_NEAR(s.one_minus_top / 1e-20, 1, 1e-9);  // analytic value, up to the rounding of t_2
  EXPECT_EQ(1 - s.top_weight, 0);                 // what the subtraction would give
}

// Terms e^{-(level + excess_i)} with the level left in: proportional to the true ones, so the same
// weights while e^{-level} is a normal double.
void terms_with_level(double level, std::span<const double> excess, std::span<double> x) {
  for (std::size_t i = 0; i < excess.size(); ++i) x[i] = std::exp(-(level + excess[i]));
}

// The functionals form the weights from the terms they are given: at beta t_(1) = 10 the
// level-including terms give the hand-computed weights of gaps {0, 1, 2} at beta = ln 2 shifted
// by 10/ln 2; at beta t_(1) = 800 every such term underflows and the weights are lost, which the
// max-subtracted terms never allow.
TEST(SummarizeWeights, UsesTheTermsItIsGiven) {
  const double ln2 = std::log(2.0);
  const double shift = 10 / ln2;
  const std::vector<double> gaps{shift, shift + 1, shift + 2};
  const auto s = summarize_weights(gaps, ln2, terms_with_level);
  EXPECT_NEAR(s.top_weight, 4.0 / 7, 1e-14);
  EXPECT_NEAR(s.one_minus_top, 3.0 / 7, 1e-14);
  EXPECT_NEAR(s.energy, 10 + 4.0 / 7 * ln2, 1e-13);

  const std::vector<double> far{800, 801, 802};
  EXPECT_FALSE(std::isfinite(summarize_weights(far, 1, terms_with_level).top_weight));
  EXPECT_NEAR(summarize_weights(far, 1).top_weight, 1 / (1 + std::exp(-1.0) + std::exp(-2.0)), 1e-15);

  sample::PppSample p;
  p.energies = {800, 801};
  p.radii = {1, 1};
  p.directions = {1, -1};
  EXPECT_FALSE(std::isfinite(summarize_output(p, terms_with_level).parallel_gap));
  EXPECT_NEAR(summarize_output(p).parallel_gap, 800 + std::exp(-1.0) / (1 + std::exp(-1.0)), 1e-12);
}

// ybar for two keys in d = 3 formed explicitly from k_i = (1 - t_i) q + sqrt(t_i (2 - t_i)) u_i.
TEST(SummarizeOutput, MatchesExplicitAverage) {
  sample::NearestKeys keys;
  keys.n = 2;
  keys.d = 3;
  keys.gaps = {0.1, 0.3};
  keys.directions = {1, 0, 0.6, 0.8};
  const double beta = 5;
  const double w1 = 1 / (1 + std::exp(-beta * 0.2)), w2 = 1 - w1;
  std::vector<double> k1(3), k2(3);
  sample::compose_key(0.1, std::vector<double>{1, 0}, k1);
  sample::compose_key(0.3, std::vector<double>{0.6, 0.8}, k2);
  double y[3];
  for (int i = 0; i < 3; ++i) y[i] = w1 * k1[static_cast<std::size_t>(i)] + w2 * k2[static_cast<std::size_t>(i)];
  const auto o = summarize_output(keys, beta);
  EXPECT_NEAR(o.parallel_gap, 1 - y[0], 1e-15);
  EXPECT_NEAR(o.tangential_norm_sq, y[1] * y[1] + y[2] * y[2], 1e-15);
  keys.directions.clear();
  EXPECT_THROW(summarize_output(keys, beta), std::invalid_argument);
}

// Tiny gaps: 1 - <q,ybar> = sum w t is returned to full relative accuracy at t ~ 1e-12,
// where forming it from <q,ybar> would leave 4 digits.
TEST(SummarizeOutput, TinyGapsKeepDigits) {
  sample::NearestKeys keys;
  keys.n = 2;
  keys.d = 2;
  keys.gaps = {1e-12, 3e-12};
  keys.directions = {1, -1};
  const double beta = 0.5e12;  // beta (t_2 - t_1) = 1
  const double e = std::exp(-1.0);
  const auto o = summarize_output(keys, beta);
  EXPECT_NEAR(o.parallel_gap / ((1e-12 + 3e-12 * e) / (1 + e)), 1, 1e-14);
}

// Against the online normaliser over the same keys (an independent one-pass implementation).
TEST(SummarizeWeights, AgreesWithOnlineSoftmax) {
  const auto keys =
      sample::sample_sphere_truncated(rng::make_key(1, "attention.unit", "online"), 0, 10'000, 3, 2000, 1e-15, true);
  OnlineSoftmaxAverage<double> online(3);
  std::vector<double> k(3);
  for (std::size_t i = 0; i < keys.gaps.size(); ++i) {
    sample::compose_key(keys.gaps[i], std::span<const double>(keys.directions.data() + 2 * i, 2), k);
    online.add(-2000 * keys.gaps[i], k);
  }
  const auto s = summarize_weights(keys.gaps, 2000);
  const auto o = summarize_output(keys, 2000);
  EXPECT_NEAR(s.top_weight, online.top_weight(), 1e-13);
  EXPECT_NEAR(s.sum_sq, online.sum_squared_weights(), 1e-13);
  EXPECT_NEAR(o.tangential_norm_sq, online.average(1) * online.average(1) + online.average(2) * online.average(2),
              1e-13 * o.tangential_norm_sq + 1e-300);
  EXPECT_NEAR(o.parallel_gap, 1 - online.average(0), 1e-9 * o.parallel_gap);
}

// The limit objects: energies {1, 1 + ln 2, 1 + ln 4} give W = (4/7, 2/7, 1/7) and
// sum W e = 1 + (4/7) ln 2; the tangential vector sum W r u from radii (1, 2, 3) and
// directions (+1, -1, +1) in d = 2 is (4 - 4 + 3)/7 = 3/7.
TEST(SummarizePpp, HandComputed) {
  const double ln2 = std::log(2.0);
  sample::PppSample p;
  p.energies = {1, 1 + ln2, 1 + 2 * ln2};
  p.radii = {1, 2, 3};
  p.directions = {1, -1, 1};
  const auto s = summarize_weights(p);
  EXPECT_NEAR(s.top_weight, 4.0 / 7, 1e-15);
  EXPECT_NEAR(s.energy, 1 + 4.0 / 7 * ln2, 1e-15);
  EXPECT_NEAR(s.log_top_over_second, ln2, 1e-15);
  const auto o = summarize_output(p);
  EXPECT_NEAR(o.parallel_gap, s.energy, 1e-15);
  EXPECT_NEAR(o.tangential_norm_sq, 9.0 / 49, 1e-15);
}

}  // namespace
}  // namespace attnlaw::attention
