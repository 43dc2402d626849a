// The closed-form counterexamples (reference/attention_dynamics/counterexamples.hpp) against the
// values of theory/multihead_dynamics/THEORY.md §6 (8 digits) and against the flow itself:
// dE/dt = sum_i <grad_i E, x_i'> from verify/dynamics (head energies, their gradients and the
// velocity field), an independent route that shares no algebra with the hand derivations.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/attention_dynamics/counterexamples.hpp"
#include "verify/dynamics/attention_flow.hpp"

namespace attnlaw::dynamics {
namespace {

using Mat = Matrix<double>;

// sum over heads in `which` of sum_i <grad_i E_h, x_i'>.
double energy_rate(const AttentionFlow<double>& flow, const Mat& x, int which = -1) {
  Mat v;
  flow.velocity(x, v);
  double rate = 0;
  for (int h = 0; h < static_cast<int>(flow.heads.size()); ++h) {
    if (which >= 0 && h != which) continue;
    rate += (head_energy_gradient<double>(x, flow.heads[static_cast<std::size_t>(h)].score, flow.beta).array() * v.array()).sum();
  }
  return rate;
}

Mat block_projector(int first) {
  Mat p = Mat::Zero(4, 4);
  p(first, first) = p(first + 1, first + 1) = 1;
  return p;
}

TEST(Counterexamples, NonsymmetricScoreMatrix) {
  const double t = std::numbers::pi / 4, beta = 0.7;
  EXPECT_NEAR(reference::nonsymmetric_energy_rate(t, beta, 1.0), -0.50343818, 1e-8);
  EXPECT_NEAR(reference::nonsymmetric_energy_rate(t, beta, 0.2), 0.30206291, 1e-8);
  for (double k : {1.0, 0.2, -0.4}) {
    Mat m(2, 2);
    m << 1, -k, k, 0;
    AttentionFlow<double> flow;
    flow.heads.push_back({m, m});
    flow.beta = beta;
    flow.normalisation = Normalisation::unnormalised;
    Mat x(2, 1);
    x << std::cos(t), std::sin(t);
    EXPECT_NEAR(energy_rate(flow, x), reference::nonsymmetric_energy_rate(t, beta, k), 1e-13) << k;
  }
}

TEST(Counterexamples, OrthogonalHeadsUnderBothNormalisations) {
  const double a = 1, b = 0.5, c2 = 0.1, beta = 4;
  const auto r = reference::orthogonal_heads_energy_rate(a, b, c2, beta);
  EXPECT_NEAR(r.row_softmax, -0.06898496, 1e-8);
  EXPECT_NEAR(r.unnormalised, 0.21150774, 1e-8);
  for (Normalisation type : {Normalisation::unnormalised, Normalisation::row_softmax}) {
    AttentionFlow<double> flow;
    flow.heads.push_back({a * block_projector(0), a * block_projector(0)});
    flow.heads.push_back({b * block_projector(2), b * block_projector(2)});
    flow.beta = beta;
    flow.normalisation = type;
    Mat x = Mat::Zero(4, 1);
    x(0, 0) = std::sqrt(c2), x(2, 0) = std::sqrt(1 - c2);
    EXPECT_NEAR(energy_rate(flow, x), type == Normalisation::row_softmax ? r.row_softmax : r.unnormalised, 1e-13);
  }
}

TEST(Counterexamples, RadialShadowMakesOneHeadFall) {
  const double beta = 1.3;
  EXPECT_NEAR(reference::radial_shadow_energy_rates(0.5, beta).first_head, 0.66159948, 1e-8);
  EXPECT_NEAR(reference::radial_shadow_energy_rates(1.0, beta).first_head, -0.31690802, 1e-8);
  EXPECT_NEAR(reference::radial_shadow_energy_rates(1.2, beta).first_head, -0.25805499, 1e-8);
  EXPECT_NEAR(reference::radial_shadow_energy_rates(1.0, beta).total, 0.2274, 1e-4);
  for (Eigen::Index n : {1, 3, 32}) {
    for (double t : {0.5, 1.0, 1.2}) {
      AttentionFlow<double> flow;
      flow.heads.push_back({block_projector(0), block_projector(0)});
      flow.heads.push_back({block_projector(2), block_projector(2)});
      flow.beta = beta;
      flow.normalisation = Normalisation::unnormalised;
      Mat x = Mat::Zero(4, n);
      x.row(0).setConstant(std::cos(t));
      x.row(2).setConstant(std::sin(t));
      const auto expected = reference::radial_shadow_energy_rates(t, beta);
      EXPECT_NEAR(energy_rate(flow, x, 0), expected.first_head, 1e-13) << n << " " << t;
      EXPECT_NEAR(energy_rate(flow, x), expected.total, 1e-13) << n << " " << t;
    }
  }
}

}  // namespace
}  // namespace attnlaw::dynamics
