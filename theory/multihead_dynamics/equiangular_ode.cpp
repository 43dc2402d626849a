// MH.equiangular.ode: scalar heads M_h = m_h I, V_h = v_h I keep equiangular tokens equiangular,
// with U-type rho' = (2/n)(1 - rho)(1 + (n-1) rho) sum_h v_h e^{beta m_h rho} and S-type
// rho' = 2 (1 - rho)(1 + (n-1) rho) sum_h v_h / (e^{beta m_h (1 - rho)} + n - 1) (THEORY.md §3).
// The same code as MH.baseline.equiangular-ode, at H = 2, gradient-consistent (v = m) and not.
#include <memory>
#include <vector>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/equiangular_ode_law.hpp"

namespace attnlaw::theory::multihead_dynamics {

std::unique_ptr<harness::Claim> equiangular_ode() {
  auto claim = std::make_unique<harness::ClaimSpec<EquiangularLaw>>(
      harness::ClaimInfo{"MH.equiangular.ode", "MH", "THEORY.md §3 (equiangular configurations)",
                         "Under scalar heads M_h = m_h I, V_h = v_h I (d >= n + 1) equiangular tokens stay equiangular "
                         "and <x_i, x_j> = rho(t) solves the U-type or S-type scalar ODE of the heads.",
                         harness::Provenance::derived, "[derived][checked] (reconstruction; U- and S-type readings)"},
      ode_laws());
  const std::vector<double> m{0.5, 2.0}, v_other{1.5, 0.25};
  std::vector<OdePoint> smoke, standard;
  for (const char* type : {"U", "S"})
    for (const auto& v : {m, v_other}) smoke.push_back({type, 10, 2.0, m, v, 0.1, 3.0});
  standard = smoke;
  for (const char* type : {"U", "S"}) {
    standard.push_back({type, 10, 2.0, m, m, 0.0, 3.0});
    standard.push_back({type, 24, 1.0, {0.5, 1.0, 2.0}, {1.0, 0.5, 0.25}, 0.3, 3.0});
  }
  // Full: four heads (m = (0.25, 0.5, 1, 2), value scales not proportional to m), the n-ladder
  // 3, 10, 24, 48, and beta = 4 at v = m, where the U-type heads' weights e^{beta m rho} spread most.
  std::vector<OdePoint> full = standard;
  const std::vector<double> m4{0.25, 0.5, 1.0, 2.0}, v4{2.0, 0.25, 1.0, 0.5};
  for (const char* type : {"U", "S"}) {
    full.push_back({type, 3, 2.0, m, v_other, 0.1, 3.0});
    full.push_back({type, 10, 4.0, m, m, 0.1, 3.0});
    full.push_back({type, 24, 2.0, m4, v4, 0.0, 3.0});
    full.push_back({type, 48, 1.0, {0.5, 1.0, 2.0}, {1.0, 0.5, 0.25}, 0.3, 3.0});
  }
  claim->experiment("particles-vs-ode", harness::Grid<OdePoint>{.smoke = smoke, .standard = standard, .full = full},
                    [](const OdePoint& p, const EquiangularLaw& law, const harness::PointContext& at) {
                      return particles_follow_ode(p, law, at, true);
                    });
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
