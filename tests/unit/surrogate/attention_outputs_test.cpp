// The surrogate's attention layers (verify/surrogate/attention_outputs.hpp): softmax rows sum to
// one and ln A agrees with log of A where A is representable, and stays finite where exp
// underflows; row-centring; the QR regression recovers an exact coefficient; the linear-QK
// output is (1/n) X W X^T X V.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "verify/rng/philox_stream.hpp"
#include "verify/surrogate/attention_outputs.hpp"

namespace attnlaw::surrogate {
namespace {

const rng::StreamKey kKey = rng::stream_key(20261202, {"attention-outputs-test"});
constexpr double kEps = std::numeric_limits<double>::epsilon();

TEST(AttentionOutputs, LogAttentionRowsNormalise) {
  const Matrix x = gaussian_matrix(32, 4, kKey, 0, 0), w = gaussian_matrix(4, 4, kKey, 0, 1);
  const Matrix s = attention_scores(x, w);
  for (double beta : {0.1, 1.0, 5.0}) {
    const Matrix log_a = log_attention(s, beta);
    const Matrix a = log_a.array().exp().matrix();
    for (Eigen::Index i = 0; i < a.rows(); ++i) EXPECT_NEAR(a.row(i).sum(), 1.0, 64 * kEps) << beta;
    // ln A and log of a directly formed softmax agree to the rounding of the log-sum-exp.
    const Matrix direct = (beta * s).array().exp().matrix();
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
      const double z = direct.row(i).sum();
      for (Eigen::Index j = 0; j < a.cols(); ++j)
        EXPECT_NEAR(log_a(i, j), std::log(direct(i, j) / z), 64 * kEps * (1 + std::abs(log_a(i, j))));
    }
  }
  // At beta = 1e4 most entries of A underflow to 0; ln A stays finite and is 0 at each row's maximum.
  const Matrix hot = log_attention(s, 1e4);
  EXPECT_TRUE(hot.allFinite());
  for (Eigen::Index i = 0; i < hot.rows(); ++i)
    EXPECT_NEAR(hot.row(i).maxCoeff(), 0.0, 1e-12 * hot.row(i).cwiseAbs().maxCoeff());
}

TEST(AttentionOutputs, RowCentringAndRegression) {
  const Matrix b = gaussian_matrix(5, 7, kKey, 1, 0);
  const Matrix c = row_centred(b);
  EXPECT_LE(c.rowwise().sum().cwiseAbs().maxCoeff(), 16 * kEps * b.cwiseAbs().maxCoeff() * 7);
  // What was subtracted is one number per row: the row's mean.
  const Matrix removed = b - c;
  for (Eigen::Index i = 0; i < b.rows(); ++i) {
    EXPECT_LE(removed.row(i).maxCoeff() - removed.row(i).minCoeff(), 4 * kEps * b.cwiseAbs().maxCoeff());
    EXPECT_NEAR(removed(i, 0), b.row(i).mean(), 4 * kEps * b.cwiseAbs().maxCoeff());
  }
  const Matrix x = gaussian_matrix(200, 6, kKey, 1, 1), coefficient = gaussian_matrix(6, 3, kKey, 1, 2);
  EXPECT_LE((regression_coefficient(x, x * coefficient) - coefficient).norm(), 1e-13 * coefficient.norm());
  EXPECT_THROW(regression_coefficient(gaussian_matrix(3, 5, kKey, 1, 3), gaussian_matrix(3, 1, kKey, 1, 4)),
               std::invalid_argument);
}

TEST(AttentionOutputs, LinearQkAndSoftmaxOutputs) {
  const Eigen::Index n = 40, d = 5;
  const Matrix x = gaussian_matrix(n, d, kKey, 2, 0), w = gaussian_matrix(d, d, kKey, 2, 1),
               v = gaussian_matrix(d, 3, kKey, 2, 2);
  const Matrix expected = x * (w * (x.transpose() * x) * v) / static_cast<double>(n);
  EXPECT_LE((linear_qk_output(x, w, v) - expected).norm(), 1e-13 * expected.norm());
  // beta -> 0: uniform attention, every output row the mean token times V.
  const Matrix flat = softmax_output(x, w, v, 0.0);
  const Eigen::RowVectorXd mean = x.colwise().mean() * v;
  for (Eigen::Index i = 0; i < n; ++i) EXPECT_LE((flat.row(i) - mean).norm(), 1e-13 * (1 + mean.norm()));
}

}  // namespace
}  // namespace attnlaw::surrogate
