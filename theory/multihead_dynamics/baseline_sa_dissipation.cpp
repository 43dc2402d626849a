// MH.baseline.sa-dissipation: along SA (one S-type head, M = V = I, spherical),
// dE_beta/dt = (1/n^2) sum_i Z_i |x_i'|^2 with Z_i = sum_j e^{beta <x_i, x_j>}: SA is gradient
// ascent of E_beta in the metric weighted by Z_i / n^2 (GLPR; THEORY.md §5). Checked against the
// central difference of E along the flow's velocity.
#include <cmath>
#include <memory>

#include "theory/multihead_dynamics/baseline_energy.hpp"
#include "theory/multihead_dynamics/claims.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

double weighted_rate(const Matrix<double>& tokens, const Matrix<double>& velocity, double beta) {
  const Matrix<double> z = (beta * (tokens.transpose() * tokens).array()).exp().matrix().rowwise().sum();
  const double n = static_cast<double>(tokens.cols());
  return (z.array() * velocity.colwise().squaredNorm().transpose().array()).sum() / (n * n);
}

// Planted "sa-dissipation-unweighted": the identity without the partition functions Z_i.
double unweighted_rate(const Matrix<double>& tokens, const Matrix<double>& velocity, double) {
  const double n = static_cast<double>(tokens.cols());
  return velocity.squaredNorm() / (n * n);
}

}  // namespace

std::unique_ptr<harness::Claim> baseline_sa_dissipation() {
  return energy_rate_claim(
      harness::ClaimInfo{"MH.baseline.sa-dissipation", "MH", "THEORY.md §5 (SA dissipation identity)",
                         "Along SA, dE_beta/dt = (1/n^2) sum_i Z_i |x_i'|^2 >= 0 with Z_i = sum_j e^{beta <x_i, x_j>} "
                         "(particle form of d/dt E = int |X[mu](x)|^2 Z_mu(x) dmu).",
                         harness::Provenance::paper, "[prior] (GLPR, arXiv:2312.10794) [checked]"},
      harness::ModelChoice<EnergyRateLaw>{{weighted_rate}, {{"sa-dissipation-unweighted", {unweighted_rate}}}},
      dynamics::Normalisation::row_softmax);
}

}  // namespace attnlaw::theory::multihead_dynamics
