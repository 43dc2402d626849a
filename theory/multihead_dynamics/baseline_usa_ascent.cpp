// MH.baseline.usa-ascent: USA (one U-type head, M = V = I, spherical) is the spherical gradient
// ascent of E_beta sped up by n, X' = n grad E_beta(X), so dE/dt = (1/n) sum_i |x_i'|^2 >= 0
// (GLPR; THEORY.md §5). Checked against the central difference of E along the flow's velocity.
#include <memory>

#include "theory/multihead_dynamics/baseline_energy.hpp"
#include "theory/multihead_dynamics/claims.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

double ascent_rate(const Matrix<double>&, const Matrix<double>& velocity, double) {
  return velocity.squaredNorm() / static_cast<double>(velocity.cols());
}

// Planted "usa-speedup-missing-n": X' = grad E taken literally, dE/dt = sum_i |x_i'|^2.
double rate_without_speedup(const Matrix<double>&, const Matrix<double>& velocity, double) {
  return velocity.squaredNorm();
}

}  // namespace

std::unique_ptr<harness::Claim> baseline_usa_ascent() {
  return energy_rate_claim(
      harness::ClaimInfo{"MH.baseline.usa-ascent", "MH", "THEORY.md §5 (USA is gradient ascent)",
                         "USA is spherical gradient ascent of E_beta sped up by n: X' = n grad E_beta(X), hence "
                         "dE_beta/dt = (1/n) sum_i |x_i'|^2 >= 0.",
                         harness::Provenance::paper, "[prior] (GLPR, arXiv:2312.10794) [checked]"},
      harness::ModelChoice<EnergyRateLaw>{{ascent_rate}, {{"usa-speedup-missing-n", {rate_without_speedup}}}},
      dynamics::Normalisation::unnormalised);
}

}  // namespace attnlaw::theory::multihead_dynamics
