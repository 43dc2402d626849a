#pragma once
// What the energy claims share (MH.energy.*, MH.radial-shadow*, MH.orthogonality.robustness):
// the per-head terms of the energy identities at one configuration (THEORY.md §1), two
// independent routes to an energy's rate along the flow (the flow's velocity against the
// gradient, and central differences of the energy itself with a stated error bound, §2), the
// record of the energies at every accepted step of a trajectory with the integrator-derived
// tolerance of each step change, and the per-head identity model with its planted sign slip.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "verify/dynamics/attention_flow.hpp"

namespace attnlaw::theory::multihead_dynamics {

using Mat = dynamics::Matrix<double>;
using Heads = std::vector<dynamics::Head<double>>;

// Head h's terms at tokens X for a symmetric M_h (THEORY.md §1).
struct HeadTerms {
  Mat g;                       // g_ih = grad_{x_i} E_h, column i
  Eigen::VectorXd r;           // the radial shadow r_ih = <x_i, g_ih>
  Eigen::VectorXd tangential;  // |P_{x_i} g_ih|^2
  Eigen::VectorXd z;           // Z_ih = sum_k e^{beta s^h_ik}
};

struct EnergyTerms {
  std::vector<HeadTerms> heads;
  Mat total;  // G_i = sum_h g_ih
  double n = 0;
  Eigen::VectorXd shadow(std::size_t h) const;  // S_ih = sum_{h' != h} r_ih'
};

EnergyTerms energy_terms(const Mat& x, const Heads& heads, double beta);

// H heads M_h = V_h = the projector onto the h-th of H equal blocks of coordinates (H divides d).
Heads block_heads(int count, Eigen::Index d);

dynamics::AttentionFlow<double> energy_flow(Heads heads, double beta, dynamics::Normalisation normalisation,
                                            dynamics::Geometry geometry);
Mat velocity(const dynamics::AttentionFlow<double>& flow, const Mat& x);

// The rounding floor of a short sum: (m + 32) u times the sum of the magnitudes of its m summands
// (recursive summation contributes (m - 1) u; no summand here passes through 32 rounded operations).
double rounding_floor(double magnitude, double summands);

struct Rate {
  double value = 0;
  double tolerance = 0;
};

// dE/dt = sum_i <grad_{x_i} E, x_i'> over the flow's heads from the gradient and the velocity of
// verify/dynamics (any M_h), with its rounding floor.
Rate rate_by_gradient(const dynamics::AttentionFlow<double>& flow, const Mat& x);

// A bound on the rounding error of E = sum over `heads` of E_h evaluated at points near X
// (THEORY.md §2, "numerical floors"): u [(n^2 + 3 + 2 d beta |M_h|_F max|x_i|^2) E_h + sum_i
// |grad_i E_h| |x_i|], summed over heads.
double energy_rounding_bound(const Mat& x, const Heads& heads, double beta);

// d/dt E(X + t V) at t = 0 for E = sum over `heads`: Richardson extrapolation (4 D(k) - D(2k))/3
// of central differences D at k = 1e-4 / max(max|V|, 1), a step of at most 1e-4 in X; tolerance = |D(k) - D(2k)|/3 (the
// truncation of D(k), which bounds the extrapolation's O(k^4) one) + 1.5 rounding / k.
Rate rate_by_differences(const Mat& x, const Mat& v, const Heads& heads, double beta);

// Each head's energy at every accepted step of a Dormand–Prince run (tolerance 1e-10 relative,
// 1e-12 absolute; spherical flows renormalised after each step), with what the step tolerance
// needs: Lipschitz factors L_h = sum_i |grad_i E_h| and rounding bounds.
struct EnergyTrack {
  std::vector<double> t;
  std::vector<std::vector<double>> energy, lipschitz, rounding;  // [step][head]
  Mat final_tokens;
  double error_estimate = 0;
  std::size_t accepted = 0;
  double sqrt_d = 1;
  bool spherical = true;
};
EnergyTrack track_energies(const dynamics::AttentionFlow<double>& flow, const Mat& x0, double t1);

// The worst step change of sum over `which` heads in the direction `sign` (+1: must not fall,
// -1: must not rise), over its tolerance: max_k -sign (E_{k+1} - E_k) / tol_k. The exact flow
// from state k moves E in that direction, and state k+1 is within the local error e (<= the
// run's error estimate, max-norm) of it, twice that after renormalisation on the sphere, so
// tol_k = 2 sqrt(d) e L_k (flat: sqrt(d) e L_k) + the two evaluations' rounding bounds.
struct StepWorst {
  double statistic = 0;
  double smallest_change = 0;  // min_k sign (E_{k+1} - E_k)
};
StepWorst worst_step(const EnergyTrack& track, const std::vector<std::size_t>& which, double sign);

// The per-head identity for orthogonal heads (U-type, V_h = M_h), as the model that
// MH.radial-shadow and MH.radial-shadow.sufficient check: dE_h/dt = n sum_i [|P g_ih|^2 - r_ih S_ih]
// (spherical) and n sum_i |g_ih|^2 (flat).
struct HeadIdentity {
  std::function<double(const EnergyTerms&, std::size_t h)> spherical;
  std::function<double(const EnergyTerms&, std::size_t h)> flat;
};
HeadIdentity orthogonal_head_identity();
// Planted "radial-shadow-sign": the shadow term added, n sum_i [|P g_ih|^2 + r_ih S_ih].
HeadIdentity head_identity_with_shadow_added();
// The magnitude of the spherical identity's summands, n sum_i (|P g_ih|^2 + |r_ih S_ih|), for its rounding floor.
double head_identity_magnitude(const EnergyTerms& terms, std::size_t h);

// THEORY.md §6 prints reference values to 8 decimals: half a unit of the last one.
inline constexpr double kPrintedHalfUnit = 5e-9;

// "min ... max" of a list, for method strings.
std::string span_of(const std::vector<double>& values);

}  // namespace attnlaw::theory::multihead_dynamics
