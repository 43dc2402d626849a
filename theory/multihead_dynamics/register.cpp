#include <memory>

#include "theory/multihead_dynamics/claims.hpp"

namespace attnlaw::theory::multihead_dynamics {

// The claims, in report order: one line each, naming the function of the claim's own file that
// builds it. Three groups: the single-head baseline (GLPR), the energy and its radial shadows,
// and the equiangular configurations of scalar heads.
#define ATTNLAW_MULTIHEAD_BASELINE_CLAIMS(CLAIM) \
  CLAIM(baseline_usa_ascent)                     \
  CLAIM(baseline_sa_dissipation)                 \
  CLAIM(baseline_qkv_condition)                  \
  CLAIM(baseline_clustering)                     \
  CLAIM(baseline_equiangular_ode)                \
  CLAIM(baseline_consensus_rate)

#define ATTNLAW_MULTIHEAD_ENERGY_CLAIMS(CLAIM) \
  CLAIM(energy_monotone)                       \
  CLAIM(energy_negative_controls)              \
  CLAIM(radial_shadow)                         \
  CLAIM(radial_shadow_sufficient)              \
  CLAIM(orthogonality_robustness)

#define ATTNLAW_MULTIHEAD_EQUIANGULAR_CLAIMS(CLAIM) \
  CLAIM(equiangular_ode)                            \
  CLAIM(equiangular_consensus_rate)                 \
  CLAIM(equiangular_clustering_time)                \
  CLAIM(equiangular_critical_beta)                  \
  CLAIM(superadditive)                              \
  CLAIM(relu_vs_softmax)                            \
  CLAIM(entropy_production)

#define ATTNLAW_MULTIHEAD_DYNAMICS_CLAIMS(CLAIM) \
  ATTNLAW_MULTIHEAD_BASELINE_CLAIMS(CLAIM)       \
  ATTNLAW_MULTIHEAD_ENERGY_CLAIMS(CLAIM)         \
  ATTNLAW_MULTIHEAD_EQUIANGULAR_CLAIMS(CLAIM)

#define ATTNLAW_DECLARE_CLAIM(name) std::unique_ptr<harness::Claim> name();
ATTNLAW_MULTIHEAD_DYNAMICS_CLAIMS(ATTNLAW_DECLARE_CLAIM)
#undef ATTNLAW_DECLARE_CLAIM

void register_claims(harness::Registry& registry) {
  registry.add_paper("MH",
                     "Pendharkar: Gradient Flow Structure and Quantitative Dynamics of Multi-Head Self-Attention "
                     "(arXiv:2605.04279); statements reconstructed from the abstract",
                     "theory/multihead_dynamics/THEORY.md");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_MULTIHEAD_DYNAMICS_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants). Baseline group:
  registry.add_mutant("usa-speedup-missing-n",
                      "USA read as X' = grad E_beta without the speed-up n: dE/dt = sum_i |x_i'|^2 instead of "
                      "(1/n) sum_i |x_i'|^2");
  registry.add_mutant("sa-dissipation-unweighted",
                      "the SA dissipation identity without the partition functions: (1/n^2) sum_i |x_i'|^2 instead of "
                      "(1/n^2) sum_i Z_i |x_i'|^2");
  registry.add_mutant("qkv-value-identity",
                      "the QKV condition read as Q^T K symmetric alone, with the value matrix V = I instead of "
                      "V = Q^T K");
  registry.add_mutant("cone-collapse-value-score",
                      "cone collapse run with the QKV condition's value matrix V = Q^T K instead of the theorem's "
                      "V = I");

  // Energy group:
  registry.add_mutant("energy-rate-without-n",
                      "the U-type energy identity without the flow's factor n: dE/dt = sum_i |P G_i|^2 instead of "
                      "n sum_i |P G_i|^2");
  registry.add_mutant("radial-shadow-sign",
                      "the per-head identity of orthogonal heads with the radial shadow's sign flipped: "
                      "n sum_i [|P g_ih|^2 + r_ih S_ih]");
  registry.add_mutant("nonsymmetric-rate-sign",
                      "the non-symmetric counterexample's rate with the sign of <Sx, Kx> slipped: "
                      "e^{2 beta cos^2 t} cos t sin t (cos t sin t + k)");

  // Equiangular group:
  registry.add_mutant("u-rate-missing-exponential",
                      "the U-type equiangular rate and linear rate at consensus without the factor e^{beta m_h rho} "
                      "(resp. e^{beta m_h}): the unnormalised weights taken as 1/n");
  registry.add_mutant("integrator-error-estimate-unused",
                      "the equiangular runs stepped by fixed-step RK4 at dt = 0.05 while the tolerance is taken as if "
                      "the steps were error-controlled at the requested tolerance");
  registry.add_mutant("clustering-time-ei-argument",
                      "the clustering time's second exponential integral taken at -beta(1 + (n-1) rho)/n, the "
                      "partial fraction's n - 1 written as n");
  registry.add_mutant("critical-beta-missing-log",
                      "the critical inverse temperature written (n-1)/(m(1-rho)), the logarithm of n - 1 dropped");
  registry.add_mutant("superadditive-heads-averaged",
                      "the heads' outputs averaged, v_i = (1/H) sum_h (...), instead of summed");
  registry.add_mutant("relu-gain-without-beta",
                      "the ReLU-U weights' gain written m instead of beta m (ReLU(m s)/n), the inverse temperature "
                      "left out of the ReLU rates");
  registry.add_mutant("entropy-rate-one-sided",
                      "the entropy identity's score rate sdot_ij taken from x_i' only, <x_i', M x_j>, the key's motion "
                      "<x_i, M x_j'> dropped");
}

}  // namespace attnlaw::theory::multihead_dynamics
