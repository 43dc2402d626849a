#pragma once
// The random objects of the linear-attention surrogate (token mixing Y = T* X W* + noise): Gaussian
// matrices, Haar-random orthogonal matrices, planted operators T* = U diag(sigma) V^T with a
// prescribed spectrum, and the token covariances the claims use. Every draw is a pure function of
// (key, replicate, sample): one SampleSource per matrix, `sample` naming which matrix of the
// replicate it is.
#include <Eigen/Core>

#include <cstdint>
#include <span>

#include "verify/rng/philox_stream.hpp"

namespace attnlaw::surrogate {

using Matrix = Eigen::MatrixXd;

// rows x cols independent N(0, 1), filled column by column from one SampleSource.
Matrix gaussian_matrix(Eigen::Index rows, Eigen::Index cols, rng::StreamKey key, std::uint32_t replicate,
                       std::uint64_t sample);

// Haar-distributed n x n orthogonal matrix: Q of the QR decomposition of a Gaussian matrix with the
// signs of diag(R) moved into Q (without that fix Q is not Haar; Mezzadri, Notices AMS 54, 2007).
Matrix random_orthogonal(Eigen::Index n, rng::StreamKey key, std::uint32_t replicate, std::uint64_t sample);

// U diag(sigma, 0, ..., 0) V^T (n x n) with U, V independent Haar (samples `sample` and
// `sample + 1`); sigma descending, non-negative, at most n values (std::invalid_argument otherwise).
Matrix planted_operator(Eigen::Index n, std::span<const double> sigma, rng::StreamKey key, std::uint32_t replicate,
                        std::uint64_t sample);

// The Toeplitz covariance a^{|i - j|} (n x n, |a| < 1): an AR(1) token correlation.
Matrix toeplitz_covariance(Eigen::Index n, double a);

// The symmetric square root of a symmetric positive semi-definite matrix, by eigendecomposition.
Matrix symmetric_sqrt(const Matrix& spd);

// The singular values of `a`, descending (Eigen's BDCSVD).
Eigen::VectorXd singular_values(const Matrix& a);

}  // namespace attnlaw::surrogate
