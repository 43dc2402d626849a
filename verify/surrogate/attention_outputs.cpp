#include "verify/surrogate/attention_outputs.hpp"

#include <Eigen/QR>
#include <cmath>
#include <stdexcept>

namespace attnlaw::surrogate {

Matrix attention_scores(const Matrix& x, const Matrix& w) { return x * w * x.transpose(); }

Matrix linear_qk_output(const Matrix& x, const Matrix& w, const Matrix& v) {
  const Matrix mixed = attention_scores(x, w) * x;
  return mixed * v / static_cast<double>(x.rows());
}

Matrix log_attention(const Matrix& scores, double beta) {
  Matrix out = beta * scores;
  for (Eigen::Index i = 0; i < out.rows(); ++i) {
    const double top = out.row(i).maxCoeff();
    const double lse = top + std::log((out.row(i).array() - top).exp().sum());
    out.row(i).array() -= lse;
  }
  return out;
}

Matrix softmax_output(const Matrix& x, const Matrix& w, const Matrix& v, double beta) {
  const Matrix a = log_attention(attention_scores(x, w), beta).array().exp().matrix();
  return a * x * v;
}

Matrix row_centred(const Matrix& b) { return b.colwise() - b.rowwise().mean(); }

Matrix regression_coefficient(const Matrix& x, const Matrix& y) {
  if (x.rows() < x.cols()) throw std::invalid_argument("regression: fewer rows than columns");
  const Eigen::HouseholderQR<Matrix> qr(x);
  return qr.solve(y);
}

}  // namespace attnlaw::surrogate
