#pragma once
// Equiangular tokens under scalar heads M_h = m_h I, V_h = v_h I (THEORY.md §3, §5): one piece of
// code for MH.baseline.equiangular-ode / consensus-rate (one head m = v = 1: GLPR's SA and USA)
// and MH.equiangular.ode / consensus-rate (H heads). The particle flow of verify/dynamics is the
// truth; the model is the scalar law the claims state (rate and linear rate at consensus) and the
// integration policy whose own error statement becomes the tolerance.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "reference/attention_dynamics/equiangular.hpp"
#include "verify/dynamics/dormand_prince.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::multihead_dynamics {

using Heads = std::span<const reference::ScalarHead<double>>;
using Field = std::function<void(double, const dynamics::State<double>&, dynamics::State<double>&)>;

struct EquiangularLaw {
  // rho' at rho, and lambda of eps' = -lambda eps at consensus (eps = 1 - rho).
  std::function<double(reference::EquiangularModel, Heads, double beta, std::uint64_t n, double rho)> rate;
  std::function<double(reference::EquiangularModel, Heads, double beta)> consensus_rate;
  // The stepping policy from t = 0 to t1; its Integration::error_estimate is trusted as the run's
  // global error (options.observe is called after every step with at_step = true).
  std::function<dynamics::Integration<double>(const Field&, dynamics::State<double>, double t1,
                                              const dynamics::IntegrationOptions<double>&)>
      integrate;
};

// The true law (the reference rates, error-controlled Dormand-Prince) with the planted bugs the ODE
// claims carry, and those the rate claims carry (their fits do not use the error estimate):
//   "u-rate-missing-exponential": the U-type rate and linear rate without e^{beta m_h rho}
//     (resp. e^{beta m_h}), as if the unnormalised weights were 1/n;
//   "integrator-error-estimate-unused" (ODE claims only): fixed-step RK4 at dt = 0.05 that reports
//     the error an error-controlled run at the requested tolerance would have had.
harness::ModelChoice<EquiangularLaw> ode_laws();
harness::ModelChoice<EquiangularLaw> consensus_laws();

struct OdePoint {
  std::string type;  // "U" (USA-like, unnormalised) or "S" (SA-like, per-head softmax)
  std::uint64_t n;   // tokens, in d = n + 1
  double beta;
  std::vector<double> m, v;  // the heads' score and value scales
  double rho0, t1;
  harness::Fields fields() const {
    return {{"type", type}, {"n", n}, {"beta", beta}, {"m", m}, {"v", v}, {"rho0", rho0}, {"t1", t1}};
  }
};

struct ConsensusPoint {
  std::string type;
  std::uint64_t n;
  double beta;
  std::vector<double> m, v;
  harness::Fields fields() const { return {{"type", type}, {"n", n}, {"beta", beta}, {"m", m}, {"v", v}}; }
};

// Particles started equiangular at rho0 against the model's scalar ODE, integrated together as one
// state (so one error estimate covers both), compared after every step; with `figure`, rho(t) of
// both is drawn.
harness::ExperimentResult particles_follow_ode(const OdePoint& p, const EquiangularLaw& law,
                                               const harness::PointContext& at, bool figure);

// The fitted slope of ln(1 - rho(t)) of the particles from rho = 0.999 against -lambda of the model.
harness::ExperimentResult consensus_slope(const ConsensusPoint& p, const EquiangularLaw& law,
                                          const harness::PointContext& at);

}  // namespace attnlaw::theory::multihead_dynamics
