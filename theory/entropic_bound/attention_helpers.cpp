#include "theory/entropic_bound/attention_helpers.hpp"

#include <algorithm>
#include <cmath>

#include "reference/spectra/effective_rank.hpp"
#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::theory::entropic_bound {

double gamma(double k) { return k * kEps / (1 - k * kEps); }

EnergyRankModel true_energy_rank() {
  return {[](std::span<const double> s) { return reference::energy_entropy_rank(s); }};
}

// Planted: the entropy of sigma_k / sum sigma (Roy–Vetterli) where the energies sigma_k^2 were meant.
EnergyRankModel energy_rank_from_singular_values() {
  return {[](std::span<const double> s) { return reference::roy_vetterli_rank(s); }};
}

std::span<const double> as_span(const Eigen::VectorXd& v) { return {v.data(), static_cast<std::size_t>(v.size())}; }

double effective_rank_rounding(double f, std::size_t r) {
  return f * (2.0 * static_cast<double>(r) + 6) * (1 + std::log(std::max(f, 1.0))) * kEps;
}

double least_squares_bound(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const Eigen::MatrixXd& b,
                           double dy_layer) {
  const double n = static_cast<double>(x.rows()), d = static_cast<double>(x.cols());
  const Eigen::VectorXd sx = surrogate::singular_values(x);
  const double smax = sx[0], smin = sx[sx.size() - 1];
  const double backward = gamma(4 * n * d), eps_x = backward * std::sqrt(d);
  const double residual = (y - x * b).norm();
  const double dy = dy_layer + backward * y.norm();
  return (eps_x * smax * b.norm() + dy) / smin + eps_x * (smax / smin) * (smax / smin) * residual / smax;
}

double numerical_rank_statistic(const Eigen::VectorXd& sigma, Eigen::Index r, double e) {
  const double above = r < sigma.size() ? sigma[r] / e : 0.0;
  const double below = r > 0 ? e / sigma[r - 1] : 0.0;
  return std::max(above, below);
}


}  // namespace attnlaw::theory::entropic_bound
