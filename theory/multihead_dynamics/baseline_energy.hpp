#pragma once
// The energy E(X) = (1/(2 beta n^2)) sum_{i,j} e^{beta <x_i, M x_j>} of one head along GLPR's flows
// (THEORY.md §5), shared by MH.baseline.usa-ascent, sa-dissipation, qkv-condition and clustering:
// its rate along a velocity field, the central difference that checks a rate with a derived error
// bound, and the random non-symmetric score matrices M = Q^T K of the QKV statements.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "verify/dynamics/attention_flow.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::multihead_dynamics {

using dynamics::Matrix;

// What a claim's condition prescribes for the value matrix V given the score matrix M.
struct ValueRule {
  std::function<Matrix<double>(const Matrix<double>& score)> value;
};
extern const ValueRule kValueIsScore;     // V = M (GLPR's QKV condition)
extern const ValueRule kValueIsIdentity;  // V = I (GLPR's cone collapse)

// Gaussian entries from sample `replicate` of `key`, scaled to operator norm 1; no symmetry.
Matrix<double> random_score_matrix(Eigen::Index d, rng::StreamKey key, std::uint32_t replicate);

// dE/dt = <grad E, velocity> (the Euclidean gradient of verify/dynamics, any M).
double energy_rate(const Matrix<double>& tokens, const Matrix<double>& velocity, const Matrix<double>& score,
                   double beta);

// A bound on the rounding of the computed E: n^2 positive terms (n^2 eps), each an exponential
// (eps) of a d-term inner product (beta d |M|_F max_i |x_i|^2 eps).
double energy_rounding(const Matrix<double>& tokens, const Matrix<double>& score, double beta, double energy);

// A claimed dE/dt along V against the central difference at h = 1e-6: |rate - difference| over the
// difference's bound plus n d eps |rate| (the rounding of an analytic rate's n d terms).
struct RateAgreement {
  double ratio, relative_error, relative_bound;
};
RateAgreement compare_with_difference(const Matrix<double>& tokens, const Matrix<double>& velocity,
                                      const Matrix<double>& score, double beta, double rate);

// The rate identity of one of GLPR's flows (M = V = I, spherical): the claim's formula for dE/dt
// in terms of the tokens and their velocities.
struct EnergyRateLaw {
  std::function<double(const Matrix<double>& tokens, const Matrix<double>& velocity, double beta)> rate;
};

// The claim that the law's dE/dt is the derivative of E along the flow of `normalisation`
// (experiment "identity": the central difference at uniform random configurations of the point's
// main stream; n = 16, d = 8 at several beta, and a many-token and a few-token corner).
std::unique_ptr<harness::Claim> energy_rate_claim(harness::ClaimInfo info, harness::ModelChoice<EnergyRateLaw> laws,
                                                  dynamics::Normalisation normalisation);

}  // namespace attnlaw::theory::multihead_dynamics
