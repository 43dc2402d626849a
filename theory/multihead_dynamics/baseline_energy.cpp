#include "theory/multihead_dynamics/baseline_energy.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "verify/dynamics/initial_tokens.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/rng/normal.hpp"

namespace attnlaw::theory::multihead_dynamics {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

struct IdentityPoint {
  std::uint64_t n, d;
  double beta;
  std::uint64_t configurations;
  harness::Fields fields() const { return {{"n", n}, {"d", d}, {"beta", beta}, {"configurations", configurations}}; }
};

struct CentralDifference {
  double value, bound;  // (E(X + hV) - E(X - hV)) / (2h), and its distance to dE/dt at most
};

// f(s) = E(X + sV) = (1/(2 beta n^2)) sum_ij e^{beta q_ij(s)}, q_ij = a + s c + s^2 e with
// a = <x_i, M x_j>, c = <v_i, M x_j> + <x_i, M v_j>, e = <v_i, M v_j>, so
// f''' = (1/(2 n^2)) sum e^{beta q} (beta^2 q'^3 + 6 beta e q'), q' = c + 2 s e; on |s| <= h each
// factor is bounded by its value with |c| + 2h|e| and a + h|c| + h^2|e|. The central difference
// is off by at most (h^2/6) max|f'''|, plus the rounding of the two energies divided by 2h.
CentralDifference energy_difference(const Matrix<double>& tokens, const Matrix<double>& velocity,
                                    const Matrix<double>& score, double beta, double h) {
  const Matrix<double> plus = tokens + h * velocity, minus = tokens - h * velocity;
  const double e_plus = dynamics::head_energy<double>(plus, score, beta);
  const double e_minus = dynamics::head_energy<double>(minus, score, beta);
  const Matrix<double> a = tokens.transpose() * score * tokens;
  const Matrix<double> c = velocity.transpose() * score * tokens + tokens.transpose() * score * velocity;
  const Matrix<double> e = velocity.transpose() * score * velocity;
  double third = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const double slope = std::abs(c.data()[i]) + 2 * h * std::abs(e.data()[i]);
    const double top = a.data()[i] + h * std::abs(c.data()[i]) + h * h * std::abs(e.data()[i]);
    third += std::exp(beta * top) * (beta * beta * slope * slope * slope + 6 * beta * std::abs(e.data()[i]) * slope);
  }
  third /= 2 * static_cast<double>(a.size());
  const double rounding = energy_rounding(plus, score, beta, e_plus) + energy_rounding(minus, score, beta, e_minus);
  return {(e_plus - e_minus) / (2 * h), h * h / 6 * third + rounding / (2 * h)};
}

harness::ExperimentResult energy_rate_identity(const IdentityPoint& p, const EnergyRateLaw& law,
                                               dynamics::Normalisation normalisation, const harness::PointContext& at) {
  const auto n = static_cast<Eigen::Index>(p.n), d = static_cast<Eigen::Index>(p.d);
  dynamics::AttentionFlow<double> flow;
  flow.heads.push_back({Matrix<double>::Identity(d, d), Matrix<double>::Identity(d, d)});
  flow.beta = p.beta;
  flow.normalisation = normalisation;
  double worst = 0, worst_relative = 0, bound_relative = 0;
  for (std::uint32_t r = 0; r < p.configurations; ++r) {
    const Matrix<double> x = dynamics::uniform_tokens(n, d, at.streams.key(), r);
    Matrix<double> v;
    flow.velocity(x, v);
    const RateAgreement agreement =
        compare_with_difference(x, v, Matrix<double>::Identity(d, d), p.beta, law.rate(x, v, p.beta));
    worst = std::max(worst, agreement.ratio);
    worst_relative = std::max(worst_relative, agreement.relative_error);
    bound_relative = std::max(bound_relative, agreement.relative_bound);
  }
  const bool u_type = normalisation == dynamics::Normalisation::unnormalised;
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("{} (M = V = I, spherical): the law's dE/dt equals the derivative of E along the flow at {} uniform "
                  "configurations",
                  u_type ? "USA (U-type)" : "SA (S-type)", p.configurations),
      worst,
      fmt::format("statistic = max |law's rate - central difference (h = 1e-6)| / (the difference's bound: "
                  "(h^2/6) max|f'''| + rounding of E / (2h), plus n d eps |rate|); worst relative error {:.3g}, "
                  "largest bound {:.3g} relative",
                  worst_relative, bound_relative)));
  return out;
}

}  // namespace

const ValueRule kValueIsScore{[](const Matrix<double>& score) { return score; }};
const ValueRule kValueIsIdentity{
    [](const Matrix<double>& score) { return Matrix<double>::Identity(score.rows(), score.cols()).eval(); }};

Matrix<double> random_score_matrix(Eigen::Index d, rng::StreamKey key, std::uint32_t replicate) {
  rng::SampleSource source(key, replicate, 0);
  Matrix<double> m(d, d);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = rng::normal<double>(source);
  return m / m.operatorNorm();
}

double energy_rate(const Matrix<double>& tokens, const Matrix<double>& velocity, const Matrix<double>& score,
                   double beta) {
  return (dynamics::head_energy_gradient<double>(tokens, score, beta).array() * velocity.array()).sum();
}

double energy_rounding(const Matrix<double>& tokens, const Matrix<double>& score, double beta, double energy) {
  const double n2 = static_cast<double>(tokens.cols() * tokens.cols());
  const double largest = tokens.colwise().squaredNorm().maxCoeff();
  return energy * kEps * (n2 + 1 + beta * static_cast<double>(tokens.rows()) * score.norm() * largest);
}

RateAgreement compare_with_difference(const Matrix<double>& tokens, const Matrix<double>& velocity,
                                      const Matrix<double>& score, double beta, double rate) {
  const CentralDifference fd = energy_difference(tokens, velocity, score, beta, 1e-6);
  const double bound = fd.bound + static_cast<double>(tokens.size()) * kEps * std::abs(rate);
  const double error = std::abs(rate - fd.value);
  return {error / bound, error / std::abs(fd.value), bound / std::abs(fd.value)};
}

std::unique_ptr<harness::Claim> energy_rate_claim(harness::ClaimInfo info, harness::ModelChoice<EnergyRateLaw> laws,
                                                  dynamics::Normalisation normalisation) {
  auto claim = std::make_unique<harness::ClaimSpec<EnergyRateLaw>>(std::move(info), std::move(laws));
  const std::vector<IdentityPoint> standard{
      {16, 8, 0.1, 200}, {16, 8, 1.0, 200}, {16, 8, 4.0, 200}, {64, 3, 1.0, 50}, {4, 16, 9.0, 200}};
  // Full: every d from 2 to 9 at n = 16 (the identity holds in any dimension) with ten times the
  // configurations, many tokens (n = 256, 1024: the rounding of the n^2-term energy grows with n),
  // and the large-beta corner in d = 9, where the truncation term of the difference's bound dominates.
  std::vector<IdentityPoint> full = standard;
  for (std::uint64_t d = 2; d <= 9; ++d)
    for (double beta : {1.0, 4.0}) full.push_back({16, d, beta, 2000});
  full.insert(full.end(), {{256, 9, 1.0, 100}, {1024, 3, 0.5, 10}, {4, 9, 9.0, 2000}, {64, 9, 2.0, 500}});
  claim->experiment(
      "identity",
      harness::Grid<IdentityPoint>{.smoke = {{16, 8, 1.0, 20}, {16, 8, 4.0, 20}}, .standard = standard, .full = full},
      [normalisation](const IdentityPoint& p, const EnergyRateLaw& law, const harness::PointContext& at) {
        return energy_rate_identity(p, law, normalisation, at);
      });
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
