// Trajectory summaries and initial conditions (verify/dynamics/trajectory_summary.hpp,
// initial_tokens.hpp), checked against the equiangular references of reference/attention_dynamics:
// the clustering time from rho0 to the simulated rho(t) must be t, and the attention entropy must be
// the closed form H(rho(t)).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "reference/attention_dynamics/equiangular.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/dynamics/trajectory_summary.hpp"

namespace attnlaw::dynamics {
namespace {

using Mat = Matrix<double>;

TEST(Trajectory, EquiangularSummaryFollowsTheClusteringTimeAndTheEntropyClosedForm) {
  const Eigen::Index n = 12;
  const double beta = 2, rho0 = 0.1;
  AttentionFlow<double> flow;
  flow.heads.push_back({Mat::Identity(n + 1, n + 1), Mat::Identity(n + 1, n + 1)});
  flow.beta = beta;
  const auto s = summarise_trajectory(flow, equiangular_tokens(n, n + 1, rho0), 4.0, 9, {1e-12, 1e-12}, 100000);
  ASSERT_EQ(s.samples.size(), 9u);
  EXPECT_DOUBLE_EQ(s.samples.back().t, 4.0);
  const std::vector<reference::ScalarHead<double>> head{{1.0, 1.0}};
  for (std::size_t k = 1; k < s.samples.size(); ++k) {
    const auto& x = s.samples[k];
    const auto t = reference::clustering_time_quadrature<double>(reference::EquiangularModel::softmax_row, head, beta,
                                                                 n, rho0, x.mean_inner_product);
    EXPECT_NEAR(t.value, x.t, 1e-8) << k;
    // The dense output's tokens are equiangular only to the integration error (~1e-11 here), and
    // dH/drho <= beta^2/4: the entropy of the mean inner product agrees to 1e-10.
    EXPECT_NEAR(x.mean_entropy, reference::equiangular_entropy<double>(n, beta, x.mean_inner_product).entropy, 1e-10);
    EXPECT_GE(x.mean_entropy, s.samples[k - 1].mean_entropy);  // monotone in the equiangular case
  }
}

TEST(Trajectory, UTypeEnergyNeverDecreasesWithSymmetricHeads) {
  AttentionFlow<double> flow;
  flow.heads = random_symmetric_heads(3, 6, rng::stream_key(7, {"test", "heads"}), 0);
  flow.beta = 1.5;
  flow.normalisation = Normalisation::unnormalised;
  const auto s =
      summarise_trajectory(flow, uniform_tokens(10, 6, rng::stream_key(7, {"test", "tokens"}), 0), 5.0, 51, {1e-11, 1e-11}, 100000);
  for (std::size_t k = 1; k < s.samples.size(); ++k)
    EXPECT_GE(s.samples[k].energy - s.samples[k - 1].energy, -1e-12 * std::abs(s.samples[k].energy)) << k;
}

TEST(InitialTokens, DeterministicUnitAndRefusing) {
  const auto key = rng::stream_key(3, {"test", "tokens"});
  const Mat a = uniform_tokens(5, 4, key, 0), b = uniform_tokens(5, 4, key, 0), c = uniform_tokens(5, 4, key, 1);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  for (Eigen::Index i = 0; i < a.cols(); ++i) EXPECT_NEAR(a.col(i).norm(), 1.0, 1e-15);
  // The first tokens do not depend on how many are drawn: one sample index per token.
  EXPECT_EQ(uniform_tokens(3, 4, key, 0), a.leftCols(3));
  const Mat e = equiangular_tokens(4, 5, 0.3);
  const Mat g = e.transpose() * e;
  EXPECT_NEAR(g(0, 1), 0.3, 1e-15);
  EXPECT_NEAR(g(2, 2), 1.0, 1e-15);
  EXPECT_THROW(equiangular_tokens(4, 4, 0.3), std::invalid_argument);
  for (const auto& h : random_symmetric_heads(2, 5, key, 0)) EXPECT_EQ(h.score, h.score.transpose());
}

}  // namespace
}  // namespace attnlaw::dynamics
