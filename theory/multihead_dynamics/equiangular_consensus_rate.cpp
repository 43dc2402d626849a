// MH.equiangular.consensus-rate: scalar heads near consensus, eps' = -lambda eps + O(eps^2) with
// lambda_S = 2 sum_h v_h and lambda_U = 2 sum_h v_h e^{beta m_h} (THEORY.md §3). The same code as
// MH.baseline.consensus-rate, at H = 2 and 3.
#include <memory>
#include <vector>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/equiangular_ode_law.hpp"

namespace attnlaw::theory::multihead_dynamics {

std::unique_ptr<harness::Claim> equiangular_consensus_rate() {
  auto claim = std::make_unique<harness::ClaimSpec<EquiangularLaw>>(
      harness::ClaimInfo{"MH.equiangular.consensus-rate", "MH", "THEORY.md §3 (linear rates at consensus)",
                         "Under scalar heads near consensus 1 - rho(t) decays like e^{-lambda t}, lambda_S = "
                         "2 sum_h v_h (S-type), lambda_U = 2 sum_h v_h e^{beta m_h} (U-type).",
                         harness::Provenance::derived, "[derived][checked] (reconstruction; U- and S-type readings)"},
      consensus_laws());
  const std::vector<double> m{0.5, 2.0}, v_other{1.5, 0.25};
  std::vector<ConsensusPoint> smoke, standard;
  for (const char* type : {"U", "S"})
    for (const auto& v : {m, v_other}) smoke.push_back({type, 10, 2.0, m, v});
  standard = smoke;
  for (const char* type : {"U", "S"}) {
    standard.push_back({type, 10, 0.5, m, v_other});
    standard.push_back({type, 24, 1.0, {0.5, 1.0, 2.0}, {1.0, 0.5, 0.25}});
  }
  // Full: four heads, and the n-ladder 3, 48, 96 at the spec's heads; beta max m stays <= 4, where the
  // O(eps) correction (1 + beta max m) 1e-3 is well inside the 1%.
  std::vector<ConsensusPoint> full = standard;
  const std::vector<double> m4{0.25, 0.5, 1.0, 2.0}, v4{2.0, 0.25, 1.0, 0.5};
  for (const char* type : {"U", "S"}) {
    for (std::uint64_t n : {3ull, 48ull, 96ull}) full.push_back({type, n, 2.0, m, v_other});
    full.push_back({type, 24, 2.0, m4, v4});
    full.push_back({type, 10, 1.0, m4, m4});
  }
  claim->experiment("slope", harness::Grid<ConsensusPoint>{.smoke = smoke, .standard = standard, .full = full},
                    consensus_slope);
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
