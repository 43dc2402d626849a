// MH.baseline.equiangular-ode: GLPR's equiangular reduction. Tokens started with every pairwise
// inner product rho0 stay equiangular, and rho(t) solves the scalar ODE of SA,
// rho' = 2 e^{beta rho}(1 - rho)((n-1) rho + 1)/(e^beta + (n-1) e^{beta rho}), or of USA,
// rho' = (2/n) e^{beta rho}(1 - rho)((n-1) rho + 1) (THEORY.md §3, §5). The particle flow and the
// model's ODE are integrated as one state, so the integrator's error estimate bounds both.
#include <memory>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/equiangular_ode_law.hpp"

namespace attnlaw::theory::multihead_dynamics {

std::unique_ptr<harness::Claim> baseline_equiangular_ode() {
  auto claim = std::make_unique<harness::ClaimSpec<EquiangularLaw>>(
      harness::ClaimInfo{"MH.baseline.equiangular-ode", "MH", "THEORY.md §3 (equiangular configurations), §5",
                         "Equiangular tokens stay equiangular under SA and USA (M = V = I, spherical), with "
                         "<x_i, x_j> = rho(t) the solution of GLPR's scalar ODE.",
                         harness::Provenance::paper, "[prior] (GLPR, arXiv:2312.10794) [checked]"},
      ode_laws());
  const auto point = [](const char* type, double beta, double rho0, std::uint64_t n = 32, double t1 = 3.0) {
    return OdePoint{type, n, beta, {1.0}, {1.0}, rho0, t1};
  };
  const std::vector<OdePoint> smoke{point("S", 1, 0), point("S", 4, 0.3), point("U", 1, 0), point("U", 4, 0.3)};
  std::vector<OdePoint> standard;
  for (const char* type : {"S", "U"})
    for (double beta : {0.0, 1.0, 4.0})
      for (double rho0 : {0.0, 0.3}) standard.push_back(point(type, beta, rho0));
  // Full: more tokens (n = 64 in d = 65, and n = 3 in d = 4, the smallest simplex with a spread),
  // beta = 8, and SA run ten times longer (its clustering at beta = 4 is slow), so that the rounding
  // of many steps meets the symmetry check.
  std::vector<OdePoint> full = standard;
  for (const char* type : {"S", "U"}) {
    for (double beta : {1.0, 4.0})
      for (double rho0 : {0.0, 0.3}) full.push_back(point(type, beta, rho0, 64));
    full.push_back(point(type, 8.0, 0.3));
    full.push_back(point(type, 2.0, 0.0, 3));
  }
  full.push_back(point("S", 4.0, 0.0, 32, 30.0));
  claim->experiment("particles-vs-ode", harness::Grid<OdePoint>{.smoke = smoke, .standard = standard, .full = full},
                    [](const OdePoint& p, const EquiangularLaw& law, const harness::PointContext& at) {
                      return particles_follow_ode(p, law, at, false);
                    });
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
