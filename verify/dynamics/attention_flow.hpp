#pragma once
// Multi-head self-attention as a flow of n tokens x_i in R^d (flat) or on S^{d-1} (spherical):
// head h has a score matrix M_h and a value matrix V_h, scores s^h_ij = <x_i, M_h x_j>, and
//   U-type (unnormalised):   v_i = (1/n) sum_h sum_j w(beta s^h_ij) V_h x_j
//   S-type (per-head rows):  v_i =       sum_h sum_j [w(beta s^h_ij) / sum_k w(beta s^h_ik)] V_h x_j
// with the kernel w = exp (softmax attention) or w(u) = max(u, 0) (ReLU attention); spherical
// dynamics project v_i onto the tangent space, x_i' = v_i - <x_i, v_i> x_i. One head with
// M = V = I is GLPR's USA (U-type) and SA (S-type). The two normalisations are the two readings
// of the multi-head model; both are implemented, and each claim states which one it holds for.
//
// The state is the d x n matrix X (token i in column i), stored column-major as one vector, the
// layout the integrators take. Cost per evaluation: O(H (n d^2 + n^2 d)).
#include <Eigen/Core>

#include <cstddef>
#include <vector>

#include "verify/dynamics/dormand_prince.hpp"

namespace attnlaw::dynamics {

enum class Normalisation { unnormalised, row_softmax };  // U-type, S-type
enum class Kernel { exponential, relu };
enum class Geometry { flat, spherical };

const char* normalisation_name(Normalisation n) noexcept;  // "U", "S"
const char* kernel_name(Kernel k) noexcept;                // "softmax", "relu"
const char* geometry_name(Geometry g) noexcept;            // "flat", "spherical"

template <class Real>
using Matrix = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic>;

template <class Real>
struct Head {
  Matrix<Real> score;  // M_h = Q_h^T K_h, d x d
  Matrix<Real> value;  // V_h, d x d
};

template <class Real>
struct AttentionFlow {
  std::vector<Head<Real>> heads;
  Real beta = 1;
  Normalisation normalisation = Normalisation::row_softmax;
  Kernel kernel = Kernel::exponential;
  Geometry geometry = Geometry::spherical;

  // The dimension d (every head's matrices are d x d; throws std::invalid_argument otherwise).
  Eigen::Index dimension() const;
  // dX/dt at X (d x n), written into `velocity` (resized).
  void velocity(const Matrix<Real>& tokens, Matrix<Real>& velocity) const;
  // The same on the flattened state, for the integrators: f(t, y, dydt).
  void operator()(Real t, const State<Real>& y, State<Real>& dydt) const;
};

// The flattened state of X, and back (d rows).
template <class Real>
State<Real> flatten(const Matrix<Real>& tokens);
template <class Real>
Matrix<Real> unflatten(const State<Real>& y, Eigen::Index d);

// Renormalises every token (column) to unit length: the projection onto (S^{d-1})^n.
template <class Real>
void renormalise_tokens(State<Real>& y, Eigen::Index d);

// The score matrix S_ij = <x_i, M x_j> (n x n).
template <class Real>
Matrix<Real> scores(const Matrix<Real>& tokens, const Matrix<Real>& score);

// The attention matrix of one head in the S-type reading: row i is softmax_j(beta s_ij).
template <class Real>
Matrix<Real> softmax_attention(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta);

// Per-head energy E_h(X) = (1/(2 beta n^2)) sum_{i,j} e^{beta s^h_ij}, beta > 0.
template <class Real>
Real head_energy(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta);

// The Euclidean gradient of E_h in x_i, column i of the d x n result:
//   (1/(2 n^2)) sum_j [e^{beta s_ij} M x_j + e^{beta s_ji} M^T x_j]  (= g_ih for symmetric M).
template <class Real>
Matrix<Real> head_energy_gradient(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta);

// The attention entropies H_i = -sum_j A_ij ln A_ij of one head's softmax rows (n values).
template <class Real>
std::vector<Real> attention_entropies(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta);

// The mean of <x_i, x_j> over pairs i < j (1 for one token).
template <class Real>
Real mean_pairwise_inner_product(const Matrix<Real>& tokens);

}  // namespace attnlaw::dynamics
