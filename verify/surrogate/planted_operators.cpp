#include "verify/surrogate/planted_operators.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <cmath>
#include <stdexcept>

#include "verify/rng/normal.hpp"

namespace attnlaw::surrogate {

Matrix gaussian_matrix(Eigen::Index rows, Eigen::Index cols, rng::StreamKey key, std::uint32_t replicate,
                       std::uint64_t sample) {
  rng::SampleSource source(key, replicate, sample);
  Matrix g(rows, cols);
  for (Eigen::Index i = 0; i < g.size(); ++i) g.data()[i] = rng::normal<double>(source);
  return g;
}

Matrix random_orthogonal(Eigen::Index n, rng::StreamKey key, std::uint32_t replicate, std::uint64_t sample) {
  const Eigen::HouseholderQR<Matrix> qr(gaussian_matrix(n, n, key, replicate, sample));
  Matrix q = qr.householderQ();
  const Matrix& r = qr.matrixQR();
  for (Eigen::Index j = 0; j < n; ++j) {
    if (r(j, j) < 0) q.col(j) = -q.col(j);
  }
  return q;
}

Matrix planted_operator(Eigen::Index n, std::span<const double> sigma, rng::StreamKey key, std::uint32_t replicate,
                        std::uint64_t sample) {
  if (static_cast<Eigen::Index>(sigma.size()) > n)
    throw std::invalid_argument("planted operator: more singular values than the dimension");
  Eigen::VectorXd s = Eigen::VectorXd::Zero(n);
  for (std::size_t k = 0; k < sigma.size(); ++k) {
    if (!(sigma[k] >= 0) || (k > 0 && sigma[k] > sigma[k - 1]))
      throw std::invalid_argument("planted operator: singular values must be non-negative and descending");
    s[static_cast<Eigen::Index>(k)] = sigma[k];
  }
  const Matrix u = random_orthogonal(n, key, replicate, sample);
  const Matrix v = random_orthogonal(n, key, replicate, sample + 1);
  return u * s.asDiagonal() * v.transpose();
}

Matrix toeplitz_covariance(Eigen::Index n, double a) {
  if (!(std::abs(a) < 1)) throw std::invalid_argument("toeplitz covariance: expected |a| < 1");
  Matrix c(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) c(i, j) = std::pow(a, static_cast<double>(std::abs(i - j)));
  return c;
}

Matrix symmetric_sqrt(const Matrix& spd) {
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(spd);
  if (eig.info() != Eigen::Success) throw std::runtime_error("symmetric square root: eigendecomposition failed");
  const Eigen::VectorXd root = eig.eigenvalues().cwiseMax(0.0).cwiseSqrt();
  return eig.eigenvectors() * root.asDiagonal() * eig.eigenvectors().transpose();
}

Eigen::VectorXd singular_values(const Matrix& a) { return Eigen::BDCSVD<Matrix>(a).singularValues(); }

}  // namespace attnlaw::surrogate
