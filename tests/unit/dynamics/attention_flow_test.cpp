// The multi-head attention flow (verify/dynamics/attention_flow.hpp): its algebraic identities,
// its energy gradient against central differences, equiangular data against GLPR's scalar ODEs
// (written out here, independently of the flow, and solved at tolerance 1e-13), the adaptive
// integrator against RK4, and the sphere's renormalisation against a run without it.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "verify/dynamics/attention_flow.hpp"
#include "verify/dynamics/dormand_prince.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/dynamics/runge_kutta4.hpp"

namespace attnlaw::dynamics {
namespace {

using Mat = Matrix<double>;
using Vec = State<double>;

Mat gaussian(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
  std::mt19937_64 g(seed);
  std::normal_distribution<double> z;
  Mat a(rows, cols);
  for (Eigen::Index i = 0; i < a.size(); ++i) a.data()[i] = z(g);
  return a;
}

// The library's own initial conditions (verify/dynamics/initial_tokens.hpp), one stream per seed.
rng::StreamKey key(unsigned seed) { return rng::stream_key(seed, {"dynamics-test"}); }
Mat random_tokens(Eigen::Index d, Eigen::Index n, unsigned seed) { return uniform_tokens(n, d, key(seed), 0); }
// Symmetric, operator norm 1.
Mat random_symmetric(Eigen::Index d, unsigned seed) { return random_symmetric_heads(1, d, key(seed), 0).front().score; }

AttentionFlow<double> single_identity_head(Eigen::Index d, double beta, Normalisation type) {
  AttentionFlow<double> f;
  f.heads.push_back({Mat::Identity(d, d), Mat::Identity(d, d)});
  f.beta = beta;
  f.normalisation = type;
  return f;
}

double spread_from(const Mat& x, double rho) {
  const Mat g = x.transpose() * x;
  double worst = 0;
  for (Eigen::Index i = 0; i < g.rows(); ++i)
    for (Eigen::Index j = 0; j < g.cols(); ++j)
      if (i != j) worst = std::max(worst, std::abs(g(i, j) - rho));
  return worst;
}

// GLPR's equiangular ODEs: SA rho' = 2 e^{beta rho}(1 - rho)((n-1) rho + 1)/(e^beta + (n-1) e^{beta rho}),
// USA rho' = (2/n) e^{beta rho}(1 - rho)((n-1) rho + 1).
double equiangular_rate(double rho, double beta, double n, Normalisation type) {
  const double common = std::exp(beta * rho) * (1 - rho) * ((n - 1) * rho + 1);
  return type == Normalisation::row_softmax ? 2 * common / (std::exp(beta) + (n - 1) * std::exp(beta * rho))
                                            : 2 * common / n;
}

TEST(AttentionFlow, UTypeIsNTimesTheEnergyGradientAndSpheresAreTangent) {
  const Eigen::Index d = 6, n = 9;
  AttentionFlow<double> f;
  for (unsigned h = 0; h < 3; ++h) {
    const Mat m = random_symmetric(d, 10 + h);
    f.heads.push_back({m, m});
  }
  f.beta = 1.7;
  f.normalisation = Normalisation::unnormalised;
  f.geometry = Geometry::flat;
  const Mat x = random_tokens(d, n, 3);
  Mat v;
  f.velocity(x, v);
  Mat gradient = Mat::Zero(d, n);
  for (const auto& h : f.heads) gradient += head_energy_gradient<double>(x, h.score, f.beta);
  EXPECT_LE((v - static_cast<double>(n) * gradient).cwiseAbs().maxCoeff(), 1e-13 * v.cwiseAbs().maxCoeff());
  f.geometry = Geometry::spherical;
  f.velocity(x, v);
  for (Eigen::Index i = 0; i < n; ++i) EXPECT_NEAR(x.col(i).dot(v.col(i)), 0.0, 1e-15);
}

TEST(AttentionFlow, EnergyGradientMatchesCentralDifferences) {
  const Eigen::Index d = 5, n = 7;
  const Mat m = gaussian(d, d, 21) / 2;  // not symmetric: both terms of the gradient matter
  const double beta = 1.3, step = 1e-6;
  Mat x = random_tokens(d, n, 22);
  const Mat g = head_energy_gradient<double>(x, m, beta);
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double keep = x.data()[i];
    x.data()[i] = keep + step;
    const double up = head_energy<double>(x, m, beta);
    x.data()[i] = keep - step;
    const double down = head_energy<double>(x, m, beta);
    x.data()[i] = keep;
    EXPECT_NEAR((up - down) / (2 * step), g.data()[i], 1e-7 * std::max(1.0, std::abs(g.data()[i]))) << i;
  }
}

TEST(AttentionFlow, SoftmaxRowsSumToOneAndEntropiesLieInZeroLogN) {
  const Mat x = random_tokens(4, 11, 5);
  const Mat m = random_symmetric(4, 6);
  const Mat a = softmax_attention<double>(x, m, 30.0);
  for (Eigen::Index i = 0; i < a.rows(); ++i) EXPECT_NEAR(a.row(i).sum(), 1.0, 1e-14);
  for (double h : attention_entropies<double>(x, m, 0.0)) EXPECT_NEAR(h, std::log(11.0), 1e-14);
  for (double h : attention_entropies<double>(x, m, 30.0)) EXPECT_TRUE(h >= 0 && h <= std::log(11.0));
}

// Equiangular data stay equiangular, and rho(t) is the scalar ODE's: S-type within 1e-10, U-type
// within 1e-9 (n = 10, d = 11, rho0 = 0.1, beta = 2, t in [0, 3]; tolerance 1e-12).
TEST(AttentionFlow, EquiangularParticlesFollowTheScalarOde) {
  const Eigen::Index n = 10;
  const double beta = 2, rho0 = 0.1, t1 = 3;
  for (Normalisation type : {Normalisation::row_softmax, Normalisation::unnormalised}) {
    const AttentionFlow<double> f = single_identity_head(n + 1, beta, type);
    IntegrationOptions<double> o;
    o.tolerance = {1e-12, 1e-12};
    o.project = [&](Vec& y) { renormalise_tokens<double>(y, n + 1); };
    const auto particles = integrate_dormand_prince<double>(f, flatten<double>(equiangular_tokens(n, n + 1, rho0)), 0.0, t1, o);
    IntegrationOptions<double> scalar;
    scalar.tolerance = {1e-13, 1e-13};
    Vec r0(1);
    r0 << rho0;
    const auto ode = integrate_dormand_prince<double>(
        [&](double, const Vec& r, Vec& dr) { dr.resize(1), dr[0] = equiangular_rate(r[0], beta, n, type); }, r0, 0.0,
        t1, scalar);
    const Mat x = unflatten<double>(particles.final_state, n + 1);
    SCOPED_TRACE(normalisation_name(type));
    EXPECT_LE(spread_from(x, ode.final_state[0]), type == Normalisation::row_softmax ? 1e-10 : 1e-9);
    EXPECT_NEAR(mean_pairwise_inner_product<double>(x), ode.final_state[0], 1e-10);
  }
}

// The adaptive run and RK4 (dt = 1e-3) agree on a spherical S-type flow with two random heads, and
// the renormalisation onto the sphere moves the trajectory by no more than the integrator's own
// error estimate says the discrete solution drifts.
TEST(AttentionFlow, AdaptiveAgreesWithRk4AndRenormalisationStaysWithinTheErrorEstimate) {
  const Eigen::Index d = 8, n = 16;
  AttentionFlow<double> f;
  for (unsigned h = 0; h < 2; ++h) f.heads.push_back({random_symmetric(d, 40 + h), random_symmetric(d, 50 + h)});
  f.beta = 2;
  const Vec y0 = flatten<double>(random_tokens(d, n, 7));
  const auto project = [&](Vec& y) { renormalise_tokens<double>(y, d); };
  IntegrationOptions<double> o;
  o.tolerance = {1e-11, 1e-11};
  o.project = project;
  const auto projected = integrate_dormand_prince<double>(f, y0, 0.0, 5.0, o);
  o.project = {};
  const auto free = integrate_dormand_prince<double>(f, y0, 0.0, 5.0, o);
  const double moved = (projected.final_state - free.final_state).cwiseAbs().maxCoeff();
  EXPECT_LE(moved, 10 * std::max(projected.error_estimate, free.error_estimate));
  EXPECT_LE(projected.largest_projection, 1e-10);
  const Vec rk4 = integrate_runge_kutta4<double>(f, y0, 0.0, 5.0, 5000, project);
  EXPECT_LE((rk4 - projected.final_state).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(AttentionFlow, ReluAttentionHasNoForceWithoutPositiveScores) {
  // Two orthogonal tokens, identity head: every off-diagonal score is 0, so ReLU-U gives
  // v_i = (beta/n) x_i, radial, and the spherical velocity vanishes: rho = 0 is an equilibrium.
  AttentionFlow<double> f = single_identity_head(2, 3.0, Normalisation::unnormalised);
  f.kernel = Kernel::relu;
  Mat v;
  f.velocity(Mat::Identity(2, 2), v);
  EXPECT_LE(v.cwiseAbs().maxCoeff(), 1e-16);
  f.geometry = Geometry::flat;
  f.velocity(Mat::Identity(2, 2), v);
  EXPECT_NEAR(v(0, 0), 3.0 / 2, 1e-15);
}

TEST(AttentionFlow, RefusesMismatchedMatrices) {
  AttentionFlow<double> f;
  EXPECT_THROW(f.dimension(), std::invalid_argument);
  f.heads.push_back({Mat::Identity(3, 3), Mat::Identity(2, 2)});
  EXPECT_THROW(f.dimension(), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::dynamics
