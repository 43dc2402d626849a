#pragma once
// Attention layers of the surrogate and the regression that reads a mixing operator off their
// outputs. Scores S = X W X^T (X: n tokens x d channels, W = W_Q W_K^T). Linear-QK output
// (1/n) S X V, formed in that order (the products a layer computes, never a regrouping that
// would make the output an exact multiple of X); softmax rows by log-sum-exp, so that no row
// overflows at large beta; ln A as beta S - logsumexp_row(beta S), finite where exp underflows.
#include <Eigen/Core>

#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::surrogate {

Matrix attention_scores(const Matrix& x, const Matrix& w);

Matrix linear_qk_output(const Matrix& x, const Matrix& w, const Matrix& v);

// ln softmax_row(beta S) for the scores S.
Matrix log_attention(const Matrix& scores, double beta);

// A X V with A = softmax_row(beta X W X^T).
Matrix softmax_output(const Matrix& x, const Matrix& w, const Matrix& v, double beta);

// B with every row's mean subtracted.
Matrix row_centred(const Matrix& b);

// argmin_B |X B - Y|_F by Householder QR of X (not the normal equations, whose rounding grows
// with cond(X)^2); X must have full column rank.
Matrix regression_coefficient(const Matrix& x, const Matrix& y);

}  // namespace attnlaw::surrogate
