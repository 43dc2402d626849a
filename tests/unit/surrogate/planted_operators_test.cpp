// The surrogate's random objects (verify/surrogate/planted_operators.hpp): orthogonality to
// rounding, the planted spectrum recovered by an SVD, Haar signs (the first row of Q is symmetric
// in law: its mean over draws is 0 within 4 standard errors), determinism in (key, replicate,
// sample), and the Toeplitz covariance's square root.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::surrogate {
namespace {

const rng::StreamKey kKey = rng::stream_key(20261202, {"surrogate-test"});
constexpr double kEps = std::numeric_limits<double>::epsilon();

TEST(PlantedOperators, OrthogonalToRoundingAndDeterministic) {
  for (Eigen::Index n : {1, 4, 16, 64}) {
    const Matrix q = random_orthogonal(n, kKey, 3, 7);
    const double error = (q.transpose() * q - Matrix::Identity(n, n)).cwiseAbs().maxCoeff();
    EXPECT_LE(error, 8 * n * kEps) << n;
    EXPECT_EQ(q, random_orthogonal(n, kKey, 3, 7));
    if (n == 1) continue;  // Q = +-1: two draws may well agree
    EXPECT_NE(q, random_orthogonal(n, kKey, 3, 8));
    EXPECT_NE(q, random_orthogonal(n, kKey, 4, 7));
  }
}

TEST(PlantedOperators, SignFixMakesTheFirstEntryCentred) {
  constexpr int draws = 4000;
  double sum = 0;
  for (std::uint32_t r = 0; r < draws; ++r) sum += random_orthogonal(4, kKey, r, 0)(0, 0);
  // Haar: Q_00 has mean 0 and variance 1/4; without the sign fix its mean is about +0.6 (diag(R) > 0 in Q R).
  EXPECT_LE(std::abs(sum / draws), 4 * std::sqrt(0.25 / draws));
}

TEST(PlantedOperators, PlantedSpectrumIsRecovered) {
  const std::vector<double> sigma{4, 3, 2, 1};
  const Matrix t = planted_operator(16, sigma, kKey, 0, 0);
  const Eigen::VectorXd s = singular_values(t);
  for (std::size_t k = 0; k < sigma.size(); ++k) EXPECT_NEAR(s[static_cast<Eigen::Index>(k)], sigma[k], 64 * kEps);
  for (Eigen::Index k = 4; k < 16; ++k) EXPECT_LE(s[k], 64 * kEps);
  EXPECT_THROW(planted_operator(3, sigma, kKey, 0, 0), std::invalid_argument);
  EXPECT_THROW(planted_operator(8, std::vector<double>{1, 2}, kKey, 0, 0), std::invalid_argument);
}

TEST(PlantedOperators, ToeplitzSquareRoot) {
  const Matrix c = toeplitz_covariance(16, 0.5);
  EXPECT_EQ(c(3, 5), 0.25);
  const Matrix root = symmetric_sqrt(c);
  EXPECT_LE((root * root - c).cwiseAbs().maxCoeff(), 64 * kEps);
  EXPECT_LE((root - root.transpose()).cwiseAbs().maxCoeff(), 0.0 + 16 * kEps);
  EXPECT_THROW(toeplitz_covariance(4, 1.0), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::surrogate
