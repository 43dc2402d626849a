#pragma once
// Initial token configurations: equiangular (every pairwise inner product rho0, d >= n + 1) and
// independent uniform points of S^{d-1} drawn from a Philox stream (one sample index per token,
// so the draw is a pure function of the key and the token).
#include <cstdint>

#include "verify/dynamics/attention_flow.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::dynamics {

// x_i = sqrt(1 - rho0) e_i + sqrt(rho0) e_{n+1}; needs 0 <= rho0 <= 1 and d >= n + 1
// (std::invalid_argument otherwise).
Matrix<double> equiangular_tokens(Eigen::Index n, Eigen::Index d, double rho0);

// Token i: d normals of sample i of `replicate`, normalised.
Matrix<double> uniform_tokens(Eigen::Index n, Eigen::Index d, rng::StreamKey key, std::uint32_t replicate);

// H heads M_h = V_h symmetric with operator norm 1 (symmetrised Gaussian matrices), head h from
// sample h of `replicate`: the gradient-consistent heads of the energy statements.
std::vector<Head<double>> random_symmetric_heads(int heads, Eigen::Index d, rng::StreamKey key, std::uint32_t replicate);

}  // namespace attnlaw::dynamics
