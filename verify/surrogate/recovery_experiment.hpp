#pragma once
// Recovering the token-mixing rank r* from data, before any training (the EB recovery experiment):
// N sequences X_s = L G_s (n x d, columns N(0, L L^T)), targets Y_s = T* X_s + noise E_s (entries
// N(0, noise^2)), their moments C_YX = (1/N) sum Y_s X_s^T and C_XX = (1/N) sum X_s X_s^T, the
// whitened operator C_YX C_XX^{-1} (the least-squares estimate of T*), and three estimators of r*
// read off its singular values. The claim EB.recovery and `attnlaw simulate surrogate` share it.
#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <span>

#include "verify/rng/philox_stream.hpp"
#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::surrogate {

struct RecoveryDesign {
  Matrix t_star;              // n x n
  Matrix covariance_root;     // L (n x n, invertible): the columns of X_s are N(0, L L^T)
  Eigen::Index d = 1;         // channels per sequence
  std::uint64_t samples = 1;  // N; N d > n: C_XX invertible and residual degrees of freedom left
  double noise = 0;           // s.d. of each entry of E_s
};

struct RecoveryMoments {
  Matrix cyx, cxx;  // (1/N) sums, n x n
  double yy = 0;    // (1/N) sum |Y_s|_F^2, for the residual
  std::uint64_t samples = 0;
  Eigen::Index d = 0;
};

// The draws come in blocks of at most kRecoveryBlock sequences: block b takes G from sample 2b and
// E from sample 2b + 1 of (key, replicate), so the moments are a pure function of those and the design.
inline constexpr std::uint64_t kRecoveryBlock = 512;
RecoveryMoments sample_moments(const RecoveryDesign& design, rng::StreamKey key, std::uint32_t replicate);

// C_YX C_XX^{-1}, by a Cholesky factorisation of C_XX (std::runtime_error if it is not positive definite).
Matrix whitened_operator(const RecoveryMoments& m);

// The noise s.d. estimated from the residual of the least-squares fit t_hat = C_YX C_XX^{-1}:
// |Y - t_hat X|^2 = N (yy - tr(t_hat C_YX^T)) over n (N d - n) degrees of freedom.
double residual_noise_sd(const RecoveryMoments& m, const Matrix& t_hat);

// The rounding bound u on |t_hat - T*|_2 / sigma_1 for noiseless data (first order, THEORY.md §3):
// u = eps (5 n + 4 N d + 12 n^2) (tr C_XX / lambda_min C_XX) |t_hat|_F / sigma_1(t_hat) + n eps, from the
// products T* X, the sums over N d columns, the Cholesky solve and the SVD.
double rounding_bound(const RecoveryMoments& m, const Matrix& t_hat);

// The noise floor tau = s (2 sqrt(n) + sqrt(2 ln(1/delta))) / sqrt(lambda_min(N C_XX)): with Gaussian
// noise of s.d. s the estimation error has operator norm <= tau with probability >= 1 - delta
// (THEORY.md §3: Delta = s G (N C_XX)^{-1/2}, G an n x n standard Gaussian, Davidson–Szarek).
double noise_floor(const RecoveryMoments& m, double noise_sd, double delta);

// The largest ratio sigma_k / sigma_{k+1} over the top half of the spectrum (k <= K/2), each
// denominator floored at K eps sigma_1 (the SVD's resolution): the smallest singular values of a
// square noise matrix have a heavy-tailed ratio, so the bottom half is not searched. Needs K >= 2.
std::size_t spectral_gap_rank(std::span<const double> sigma);

// #{k : sigma_k > floor}.
std::size_t threshold_rank(std::span<const double> sigma, double floor);

// Every estimate of one data set, from the singular values of t_hat. The threshold estimator counts
// the singular values above max(noise floor at delta, rounding bound x sigma_1).
struct RankEstimates {
  Eigen::VectorXd sigma;
  double noise_sd = 0, floor = 0;  // the residual s.d. and the threshold
  std::size_t gap = 0, threshold = 0, energy_99 = 0;
  double energy_entropy = 0;
};
RankEstimates estimate_ranks(const RecoveryMoments& m, const Matrix& t_hat, double delta);

}  // namespace attnlaw::surrogate
