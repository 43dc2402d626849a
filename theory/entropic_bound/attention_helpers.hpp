#pragma once
// What the attention-group claims (EB.linear-qk, EB.softmax-partial, EB.effective-rank) share:
// the model of the "energy effective rank" (the planted bug "effective-rank-from-singular-values"
// swaps it for Roy–Vetterli), the predictability-frontier row every EB claim contributes to, and
// the rounding floors their proof checks state.
#include <Eigen/Core>

#include <cstddef>
#include <functional>
#include <limits>
#include <span>
#include <string>

#include "verify/harness/table.hpp"

namespace attnlaw::theory::entropic_bound {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// gamma_k = k u / (1 - k u) (Higham 2002, §3.1): the relative rounding of a k-term dot product.
double gamma(double k);

// Which function of the singular values the claims call the "energy effective rank".
struct EnergyRankModel {
  std::function<double(std::span<const double>)> energy_effective_rank;
};
EnergyRankModel true_energy_rank();
EnergyRankModel energy_rank_from_singular_values();

std::span<const double> as_span(const Eigen::VectorXd& v);

// The rounding of exp(H) or (sum w)^2 / sum w^2 evaluated on R values: R-term sums, R logarithms
// and divisions, and the final exp, each a few units of eps relative to f (1 + ln f).
double effective_rank_rounding(double f, std::size_t r);

// First-order bound on |B^ - B|_F for the Householder-QR least-squares coefficient B^ of the
// computed outputs y on x, B the exact coefficient of the exact outputs, given the layer's bound
// |y - y_exact|_F <= dy_layer (THEORY.md §4.1: Higham 2002, Thms 20.1 and 20.3, c = 4).
double least_squares_bound(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const Eigen::MatrixXd& b,
                           double dy_layer);

// The numerical rank of a computed matrix within distance `e` (2-norm) of an exact rank-r one is r
// (Weyl) exactly when sigma_{r+1} <= e < sigma_r: the statistic max(sigma_{r+1}/e, e/sigma_r).
double numerical_rank_statistic(const Eigen::VectorXd& sigma, Eigen::Index r, double e);


}  // namespace attnlaw::theory::entropic_bound
