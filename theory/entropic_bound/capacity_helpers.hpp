#pragma once
// What the capacity claims (EB.rank-lower-bound, EB.channel-map-bound, EB.gd-recovery,
// EB.gd-implicit-bias) share: the tail-sum model that carries "eckart-young-tail-one-late", the
// rank-r alternating least squares with its own estimate of the distance still to go, the
// one-sided binomial check of "a fraction at least a level", and the EB predictability-frontier
// table (THEORY.md §2).
#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "verify/harness/check.hpp"
#include "verify/harness/table.hpp"

namespace attnlaw::theory::entropic_bound {

using Mat = Eigen::MatrixXd;

// sum_{k > r} sigma_k^2 as the claim states it (sigma descending).
using TailSum = std::function<double(std::span<const double> sigma, std::size_t r)>;
TailSum true_tail();
// Planted "eckart-young-tail-one-late": the sum started at k = r + 2.
TailSum tail_one_late();

std::vector<double> singular_spectrum(const Mat& a);

// A rounding floor for |computed excess - exact excess| of a rank-r fit: every entry of
// (T - T*) S carries an error delta <= 4 n eps kappa(S) |M|_F (products of n-term sums, gamma_n
// ~ n eps, Higham Thm 3.5; the SVD's backward error O(n eps)|M|; S^{-1} amplifies by kappa(S)),
// so |f - f_exact| <= 2 sqrt(f) delta + delta^2.
double rounding_floor(double excess, double m_frobenius, Eigen::Index n, double kappa);

// min over rank-r T = P Q^T of |(T - T*) S|_F^2 by alternating exact least squares in P and in
// Q (minimum-norm solves, so r above rank(T* S) is allowed), from (P0, Q0), until one sweep
// lowers the objective by at most 1e-14 |T* S|_F^2 (or 20000 sweeps). `remaining` is the
// solver's own estimate of how far the objective still is above its limit: the geometric tail
// d rho / (1 - rho) of the last decrease d at the observed contraction rho (ALS converges
// linearly); infinite when the last two decreases did not contract. `scale` = |P|_F |S Q|_F bounds
// the entries' rounding in forming P Q^T S (it can exceed |T* S|_F: the factors are unbalanced).
struct AlsFit {
  Mat t;
  double objective = 0;
  double scale = 0;
  double remaining = 0;
  std::size_t sweeps = 0;
};
AlsFit als_rank_r(const Mat& t_star, const Mat& s, Mat p, Mat q);

// Gradient descent on a loss of T given its gradient in T, from T0 = P0 Q0^T: the model of the
// EB.gd-* claims. The implicit bias they check belongs to the factorisation T = P Q^T, so the
// planted bug "gd-unfactorised" is the same descent run on T itself.
using LossGradient = std::function<Mat(const Mat& t)>;
struct GdTraining {
  std::function<Mat(Mat p, Mat q, double eta, std::size_t steps, const LossGradient& gradient)> train;
};
// P <- P - eta G Q, Q <- Q - eta G^T P (simultaneous), `steps` times; returns P Q^T.
GdTraining factorised_training();
// T <- T - eta G, `steps` times, from T0 = P0 Q0^T.
GdTraining unfactorised_training();

// The numerical rank #{k : sigma_k > tau sigma_1}.
std::size_t numerical_rank(const Mat& t, double tau);


}  // namespace attnlaw::theory::entropic_bound
