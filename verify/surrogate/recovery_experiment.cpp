#include "verify/surrogate/recovery_experiment.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/spectra/effective_rank.hpp"

namespace attnlaw::surrogate {

RecoveryMoments sample_moments(const RecoveryDesign& design, rng::StreamKey key, std::uint32_t replicate) {
  const Eigen::Index n = design.t_star.rows();
  if (design.t_star.cols() != n || design.covariance_root.rows() != n || design.covariance_root.cols() != n)
    throw std::invalid_argument("recovery: T* and the covariance root must be n x n");
  if (design.d < 1 || design.samples < 1 ||
      static_cast<double>(design.samples) * static_cast<double>(design.d) <= static_cast<double>(n))
    throw std::invalid_argument("recovery: expected d >= 1 and N d > n (C_XX invertible, noise estimable)");
  if (!(design.noise >= 0)) throw std::invalid_argument("recovery: expected noise >= 0");
  RecoveryMoments m{Matrix::Zero(n, n), Matrix::Zero(n, n), 0.0, design.samples, design.d};
  for (std::uint64_t first = 0, block = 0; first < design.samples; first += kRecoveryBlock, ++block) {
    const auto count = static_cast<Eigen::Index>(std::min(kRecoveryBlock, design.samples - first));
    // Coefficient-wise products: these thin n x (block) products are too small for Eigen's threaded
    // GEMM, whose OpenMP start-up otherwise costs more than the arithmetic.
    const Matrix x =
        design.covariance_root.lazyProduct(gaussian_matrix(n, count * design.d, key, replicate, 2 * block));
    Matrix y = design.t_star.lazyProduct(x);
    if (design.noise > 0) y += design.noise * gaussian_matrix(n, count * design.d, key, replicate, 2 * block + 1);
    m.cxx.noalias() += x.lazyProduct(x.transpose());
    m.cyx.noalias() += y.lazyProduct(x.transpose());
    m.yy += y.squaredNorm();
  }
  const double scale = 1.0 / static_cast<double>(design.samples);
  m.cxx *= scale;
  m.cyx *= scale;
  m.yy *= scale;
  return m;
}

Matrix whitened_operator(const RecoveryMoments& m) {
  const Eigen::LLT<Matrix> llt(m.cxx);
  if (llt.info() != Eigen::Success) throw std::runtime_error("recovery: C_XX is not positive definite");
  // C_XX is symmetric, so (C_YX C_XX^{-1})^T = C_XX^{-1} C_YX^T.
  return llt.solve(m.cyx.transpose()).transpose();
}

double residual_noise_sd(const RecoveryMoments& m, const Matrix& t_hat) {
  const double n = static_cast<double>(m.cxx.rows());
  const double dof = n * (static_cast<double>(m.samples) * static_cast<double>(m.d) - n);
  const double rss = static_cast<double>(m.samples) * (m.yy - (t_hat.array() * m.cyx.array()).sum());
  return std::sqrt(std::max(rss, 0.0) / dof);
}

namespace {

Eigen::VectorXd covariance_eigenvalues(const RecoveryMoments& m) {
  return Eigen::SelfAdjointEigenSolver<Matrix>(m.cxx, Eigen::EigenvaluesOnly).eigenvalues();
}

}  // namespace

double rounding_bound(const RecoveryMoments& m, const Matrix& t_hat) {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  const double n = static_cast<double>(m.cxx.rows());
  const double columns = static_cast<double>(m.samples) * static_cast<double>(m.d);
  const Eigen::VectorXd lambda = covariance_eigenvalues(m);
  const double sigma_1 = singular_values(t_hat)(0);
  return eps * (5 * n + 4 * columns + 12 * n * n) * (lambda.sum() / lambda(0)) * t_hat.norm() / sigma_1 + n * eps;
}

double noise_floor(const RecoveryMoments& m, double noise_sd, double delta) {
  if (!(delta > 0 && delta < 1)) throw std::invalid_argument("recovery: expected 0 < delta < 1");
  const double lambda_min = covariance_eigenvalues(m)(0) * static_cast<double>(m.samples);
  const double n = static_cast<double>(m.cxx.rows());
  return noise_sd * (2 * std::sqrt(n) + std::sqrt(2 * std::log(1 / delta))) / std::sqrt(lambda_min);
}

std::size_t spectral_gap_rank(std::span<const double> sigma) {
  if (sigma.size() < 2) throw std::invalid_argument("spectral gap: expected at least two singular values");
  const double resolution = static_cast<double>(sigma.size()) * std::numeric_limits<double>::epsilon() * sigma.front();
  std::size_t best = 1;
  double best_ratio = -1;
  for (std::size_t k = 1; k <= sigma.size() / 2; ++k) {
    const double ratio = sigma[k - 1] / std::max(sigma[k], resolution);
    if (ratio > best_ratio) {
      best_ratio = ratio;
      best = k;
    }
  }
  return best;
}

std::size_t threshold_rank(std::span<const double> sigma, double floor) {
  return static_cast<std::size_t>(std::count_if(sigma.begin(), sigma.end(), [floor](double s) { return s > floor; }));
}

RankEstimates estimate_ranks(const RecoveryMoments& m, const Matrix& t_hat, double delta) {
  RankEstimates e;
  e.sigma = singular_values(t_hat);
  const std::span<const double> s(e.sigma.data(), static_cast<std::size_t>(e.sigma.size()));
  e.noise_sd = residual_noise_sd(m, t_hat);
  e.floor = std::max(noise_floor(m, e.noise_sd, delta), rounding_bound(m, t_hat) * s.front());
  e.gap = spectral_gap_rank(s);
  e.threshold = threshold_rank(s, e.floor);
  e.energy_99 = reference::energy_rank(s, 0.99);
  e.energy_entropy = reference::energy_entropy_rank(s);
  return e;
}

}  // namespace attnlaw::surrogate
