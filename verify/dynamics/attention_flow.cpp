#include "verify/dynamics/attention_flow.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace attnlaw::dynamics {

const char* normalisation_name(Normalisation n) noexcept { return n == Normalisation::unnormalised ? "U" : "S"; }
const char* kernel_name(Kernel k) noexcept { return k == Kernel::exponential ? "softmax" : "relu"; }
const char* geometry_name(Geometry g) noexcept { return g == Geometry::flat ? "flat" : "spherical"; }

template <class Real>
Eigen::Index AttentionFlow<Real>::dimension() const {
  if (heads.empty()) throw std::invalid_argument("AttentionFlow: no heads");
  const Eigen::Index d = heads.front().score.rows();
  for (const Head<Real>& h : heads) {
    if (h.score.rows() != d || h.score.cols() != d || h.value.rows() != d || h.value.cols() != d)
      throw std::invalid_argument("AttentionFlow: every score and value matrix must be d x d");
  }
  return d;
}

template <class Real>
Matrix<Real> scores(const Matrix<Real>& tokens, const Matrix<Real>& score) {
  return tokens.transpose() * (score * tokens);
}

namespace {

// The kernel weights of one head, transposed: column i holds query i's weights over the keys j,
// so that each query's row is contiguous in Eigen's column-major storage (at n = 512 the row-wise
// loop over a column-major matrix cost 5 times more than the arithmetic). `scores_t` is S^T,
// column i = (s_i1, ..., s_in). The S-type softmax subtracts each query's maximum so that large
// beta s does not overflow; a ReLU query with no positive score has no attention and contributes
// nothing.
template <class Real>
Matrix<Real> head_weights_by_query(Matrix<Real> scores_t, Real beta, Normalisation normalisation, Kernel kernel) {
  const Eigen::Index n = scores_t.rows();
  for (Eigen::Index i = 0; i < n; ++i) {
    auto w = scores_t.col(i);
    if (kernel == Kernel::exponential) {
      const Real shift = normalisation == Normalisation::row_softmax ? beta * w.maxCoeff() : Real(0);
      w = (beta * w.array() - shift).exp().matrix();
    } else {
      w = (beta * w.array()).max(Real(0)).matrix();
    }
    if (normalisation == Normalisation::row_softmax) {
      const Real z = w.sum();
      if (z > 0) w /= z;
    } else {
      w /= static_cast<Real>(n);
    }
  }
  return scores_t;
}

}  // namespace

template <class Real>
void AttentionFlow<Real>::velocity(const Matrix<Real>& tokens, Matrix<Real>& v) const {
  const Eigen::Index d = dimension();
  if (tokens.rows() != d) throw std::invalid_argument("AttentionFlow: tokens must have d rows");
  v.setZero(d, tokens.cols());
  for (const Head<Real>& h : heads) {
    const Matrix<Real> w_t =
        head_weights_by_query<Real>(scores<Real>(tokens, h.score.transpose()), beta, normalisation, kernel);
    v.noalias() += h.value * (tokens * w_t);
  }
  if (geometry == Geometry::spherical) {
    for (Eigen::Index i = 0; i < tokens.cols(); ++i) v.col(i) -= tokens.col(i).dot(v.col(i)) * tokens.col(i);
  }
}

template <class Real>
void AttentionFlow<Real>::operator()(Real, const State<Real>& y, State<Real>& dydt) const {
  const Eigen::Index d = dimension();
  Matrix<Real> v;
  velocity(unflatten<Real>(y, d), v);
  dydt = flatten<Real>(v);
}

template <class Real>
State<Real> flatten(const Matrix<Real>& tokens) {
  return Eigen::Map<const State<Real>>(tokens.data(), tokens.size());
}

template <class Real>
Matrix<Real> unflatten(const State<Real>& y, Eigen::Index d) {
  if (d <= 0 || y.size() % d != 0) throw std::invalid_argument("unflatten: the state length is not a multiple of d");
  return Eigen::Map<const Matrix<Real>>(y.data(), d, y.size() / d);
}

template <class Real>
void renormalise_tokens(State<Real>& y, Eigen::Index d) {
  Eigen::Map<Matrix<Real>> x(y.data(), d, y.size() / d);
  for (Eigen::Index i = 0; i < x.cols(); ++i) x.col(i).normalize();
}

template <class Real>
Matrix<Real> softmax_attention(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta) {
  return head_weights_by_query<Real>(scores<Real>(tokens, score.transpose()), beta, Normalisation::row_softmax,
                                    Kernel::exponential)
      .transpose();
}

template <class Real>
Real head_energy(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta) {
  if (!(beta > 0)) throw std::invalid_argument("head_energy: beta must be > 0");
  const Real n = static_cast<Real>(tokens.cols());
  return scores<Real>(tokens, score).unaryExpr([beta](Real s) { return std::exp(beta * s); }).sum() / (2 * beta * n * n);
}

template <class Real>
Matrix<Real> head_energy_gradient(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta) {
  const Real n = static_cast<Real>(tokens.cols());
  const Matrix<Real> e = scores<Real>(tokens, score).unaryExpr([beta](Real s) { return std::exp(beta * s); });
  // Column i: sum_j e_ij M x_j + sum_j e_ji M^T x_j.
  return (score * tokens * e.transpose() + score.transpose() * tokens * e) / (2 * n * n);
}

template <class Real>
std::vector<Real> attention_entropies(const Matrix<Real>& tokens, const Matrix<Real>& score, Real beta) {
  const Matrix<Real> a = softmax_attention<Real>(tokens, score, beta);
  std::vector<Real> h(static_cast<std::size_t>(a.rows()), Real(0));
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      if (a(i, j) > 0) h[static_cast<std::size_t>(i)] -= a(i, j) * std::log(a(i, j));
    }
  }
  return h;
}

template <class Real>
Real mean_pairwise_inner_product(const Matrix<Real>& tokens) {
  const Eigen::Index n = tokens.cols();
  if (n < 2) return Real(1);
  const Matrix<Real> g = tokens.transpose() * tokens;
  return (g.sum() - g.trace()) / static_cast<Real>(n * (n - 1));
}

#define ATTNLAW_ATTENTION_FLOW_INSTANTIATE(Real)                                                         \
  template struct AttentionFlow<Real>;                                                                   \
  template State<Real> flatten<Real>(const Matrix<Real>&);                                               \
  template Matrix<Real> unflatten<Real>(const State<Real>&, Eigen::Index);                               \
  template void renormalise_tokens<Real>(State<Real>&, Eigen::Index);                                    \
  template Matrix<Real> scores<Real>(const Matrix<Real>&, const Matrix<Real>&);                          \
  template Matrix<Real> softmax_attention<Real>(const Matrix<Real>&, const Matrix<Real>&, Real);         \
  template Real head_energy<Real>(const Matrix<Real>&, const Matrix<Real>&, Real);                       \
  template Matrix<Real> head_energy_gradient<Real>(const Matrix<Real>&, const Matrix<Real>&, Real);      \
  template std::vector<Real> attention_entropies<Real>(const Matrix<Real>&, const Matrix<Real>&, Real);  \
  template Real mean_pairwise_inner_product<Real>(const Matrix<Real>&);

ATTNLAW_ATTENTION_FLOW_INSTANTIATE(double)
ATTNLAW_ATTENTION_FLOW_INSTANTIATE(long double)

#undef ATTNLAW_ATTENTION_FLOW_INSTANTIATE

}  // namespace attnlaw::dynamics
