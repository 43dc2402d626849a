#include "verify/dynamics/initial_tokens.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <stdexcept>

#include "verify/rng/normal.hpp"

namespace attnlaw::dynamics {

Matrix<double> equiangular_tokens(Eigen::Index n, Eigen::Index d, double rho0) {
  if (!(rho0 >= 0 && rho0 <= 1)) throw std::invalid_argument("equiangular tokens need 0 <= rho0 <= 1");
  if (d < n + 1) throw std::invalid_argument("equiangular tokens need d >= n + 1");
  Matrix<double> x = Matrix<double>::Zero(d, n);
  for (Eigen::Index i = 0; i < n; ++i) x(i, i) = std::sqrt(1 - rho0), x(n, i) = std::sqrt(rho0);
  return x;
}

Matrix<double> uniform_tokens(Eigen::Index n, Eigen::Index d, rng::StreamKey key, std::uint32_t replicate) {
  Matrix<double> x(d, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    rng::SampleSource source(key, replicate, static_cast<std::uint64_t>(i));
    for (Eigen::Index k = 0; k < d; ++k) x(k, i) = rng::normal<double>(source);
    x.col(i).normalize();
  }
  return x;
}

std::vector<Head<double>> random_symmetric_heads(int heads, Eigen::Index d, rng::StreamKey key, std::uint32_t replicate) {
  std::vector<Head<double>> out;
  for (int h = 0; h < heads; ++h) {
    rng::SampleSource source(key, replicate, static_cast<std::uint64_t>(h));
    Matrix<double> a(d, d);
    for (Eigen::Index i = 0; i < a.size(); ++i) a.data()[i] = rng::normal<double>(source);
    Matrix<double> m = (a + a.transpose()) / 2;
    m /= m.operatorNorm();
    out.push_back({m, m});
  }
  return out;
}

}  // namespace attnlaw::dynamics
