// MH.baseline.consensus-rate: near consensus eps = 1 - rho obeys eps' = -lambda eps + O(eps^2)
// with lambda = 2 for SA (independent of beta) and 2 e^beta for USA (Rigollet, arXiv:2512.01868;
// THEORY.md §3). The particle flow from rho = 0.999 is fitted and the slope compared.
#include <memory>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/equiangular_ode_law.hpp"

namespace attnlaw::theory::multihead_dynamics {

std::unique_ptr<harness::Claim> baseline_consensus_rate() {
  auto claim = std::make_unique<harness::ClaimSpec<EquiangularLaw>>(
      harness::ClaimInfo{"MH.baseline.consensus-rate", "MH", "THEORY.md §3 (linear rates at consensus), §5",
                         "Near consensus 1 - rho(t) decays like e^{-lambda t} with lambda = 2 for SA and 2 e^beta for "
                         "USA (M = V = I, spherical).",
                         harness::Provenance::paper,
                         "[prior] (GLPR, arXiv:2312.10794) [checked]; linear rates: Rigollet, arXiv:2512.01868"},
      consensus_laws());
  std::vector<ConsensusPoint> smoke, standard;
  for (const char* type : {"S", "U"}) {
    for (double beta : {1.0, 4.0}) smoke.push_back({type, 10, beta, {1.0}, {1.0}});
    for (double beta : {0.0, 1.0, 4.0}) standard.push_back({type, 10, beta, {1.0}, {1.0}});
    standard.push_back({type, 32, 2.0, {1.0}, {1.0}});
  }
  // Full: the n-ladder 3, 10, 32, 64, 128 at beta = 2, and beta = 2, 6 at n = 10; USA stops at
  // beta = 6, where the O(eps) correction (1 + beta) 1e-3 on the fit window is still inside the 1%.
  std::vector<ConsensusPoint> full = standard;
  for (const char* type : {"S", "U"}) {
    for (std::uint64_t n : {3ull, 64ull, 128ull}) full.push_back({type, n, 2.0, {1.0}, {1.0}});
    for (double beta : {2.0, 6.0}) full.push_back({type, 10, beta, {1.0}, {1.0}});
  }
  claim->experiment("slope", harness::Grid<ConsensusPoint>{.smoke = smoke, .standard = standard, .full = full},
                    consensus_slope);
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
