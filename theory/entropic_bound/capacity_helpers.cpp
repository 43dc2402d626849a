#include "theory/entropic_bound/capacity_helpers.hpp"

#include <Eigen/Cholesky>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/spectra/effective_rank.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/power.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::entropic_bound {

TailSum true_tail() {
  return [](std::span<const double> sigma, std::size_t r) { return reference::eckart_young_tail(sigma, r); };
}

TailSum tail_one_late() {
  return [](std::span<const double> sigma, std::size_t r) { return reference::eckart_young_tail(sigma, r + 1); };
}

std::vector<double> singular_spectrum(const Mat& a) {
  const Eigen::VectorXd s = Eigen::BDCSVD<Mat>(a).singularValues();
  return {s.data(), s.data() + s.size()};
}

double rounding_floor(double excess, double m_frobenius, Eigen::Index n, double kappa) {
  const double delta = 4.0 * static_cast<double>(n) * std::numeric_limits<double>::epsilon() * kappa * m_frobenius;
  return 2 * std::sqrt(std::max(excess, 0.0)) * delta + delta * delta;
}

AlsFit als_rank_r(const Mat& t_star, const Mat& s, Mat p, Mat q) {
  const Mat m = t_star * s;
  const Eigen::LLT<Mat> s_chol(s);
  const double stop = 1e-14 * m.squaredNorm();
  const auto objective = [&](const Mat& pp, const Mat& qq) {
    return ((pp * qq.transpose() - t_star) * s).squaredNorm();
  };
  double f = objective(p, q), previous_decrease = std::numeric_limits<double>::infinity();
  AlsFit fit;
  for (fit.sweeps = 1; fit.sweeps <= 20000; ++fit.sweeps) {
    // P: min |P (S Q)^T - M|; then Q through G = S Q: min |P G^T - M|.
    p = (s * q).completeOrthogonalDecomposition().solve(m.transpose()).transpose();
    q = s_chol.solve(Mat(p.completeOrthogonalDecomposition().solve(m).transpose()));
    const double next = objective(p, q);
    const double decrease = std::abs(f - next);
    f = next;
    if (decrease <= stop) {
      const double rho = decrease / previous_decrease;
      fit.remaining = decrease == 0 ? 0
                      : rho < 1     ? decrease * rho / (1 - rho)
                                    : std::numeric_limits<double>::infinity();
      break;
    }
    previous_decrease = decrease;
  }
  if (fit.sweeps > 20000) fit.remaining = std::numeric_limits<double>::infinity();
  fit.t = p * q.transpose();
  fit.scale = p.norm() * (s * q).norm();
  fit.objective = f;
  return fit;
}

GdTraining factorised_training() {
  return {[](Mat p, Mat q, double eta, std::size_t steps, const LossGradient& gradient) {
    for (std::size_t k = 0; k < steps; ++k) {
      const Mat g = gradient(p * q.transpose());
      const Mat p_next = p - eta * g * q;
      q -= eta * g.transpose() * p;
      p = p_next;
    }
    return Mat(p * q.transpose());
  }};
}

GdTraining unfactorised_training() {
  return {[](Mat p, Mat q, double eta, std::size_t steps, const LossGradient& gradient) {
    Mat t = p * q.transpose();
    for (std::size_t k = 0; k < steps; ++k) t -= eta * gradient(t);
    return t;
  }};
}

std::size_t numerical_rank(const Mat& t, double tau) {
  const std::vector<double> sigma = singular_spectrum(t);
  return static_cast<std::size_t>(
      std::count_if(sigma.begin(), sigma.end(), [&](double s) { return s > tau * sigma[0]; }));
}

}  // namespace attnlaw::theory::entropic_bound
