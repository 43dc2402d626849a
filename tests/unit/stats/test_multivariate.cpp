// Mahalanobis + AD: d2 against a direct inverse, H0 acceptance and a covariance mutant.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>
#include <Eigen/Dense>
#include <boost/math/distributions/normal.hpp>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/multivariate.hpp"

namespace st = attnlaw::stats;
namespace rng = attnlaw::rng;

namespace {

Eigen::MatrixXd correlated_normals(std::size_t m, const Eigen::MatrixXd& cov, std::uint32_t rep) {
  const auto key = rng::make_key(7u, "stats", "mahalanobis");
  const Eigen::MatrixXd l = cov.llt().matrixL();
  const boost::math::normal_distribution<double> normal;
  Eigen::MatrixXd x(m, cov.rows());
  for (std::size_t i = 0; i < m; ++i) {
    rng::SampleSource src(key, rep, i);
    Eigen::VectorXd z(cov.rows());
    for (Eigen::Index j = 0; j < z.size(); ++j) z(j) = boost::math::quantile(normal, src.next_uniform());
    x.row(static_cast<Eigen::Index>(i)) = (l * z).transpose();
  }
  return x;
}

}  // namespace

TEST(Mahalanobis, AcceptsTheTrueLawAndRejectsAScaledCovariance) {
  Eigen::MatrixXd cov(3, 3);
  cov << 2.0, 0.6, 0.1, 0.6, 1.0, -0.3, 0.1, -0.3, 0.5;
  const Eigen::VectorXd mean = Eigen::VectorXd::Zero(3);
  const auto x = correlated_normals(5000, cov, 0);
  const auto ok = st::mahalanobis_test(x, mean, cov);
  EXPECT_GT(ok.p_value, 1e-4);
  // 10% variance error: A^2 is large, p tiny (a mutant must fail).
  const auto bad = st::mahalanobis_test(x, mean, 1.1 * cov);
  EXPECT_LT(bad.p_value, 1e-6);
  // One-row case: the statistic equals the AD statistic of the chi2_3 PIT of d2 = x S^-1 x.
  const Eigen::MatrixXd one = x.topRows(1);
  const double d2 = (one.row(0) * cov.inverse() * one.row(0).transpose())(0, 0);
  const double u =
      std::erf(std::sqrt(d2 / 2)) - std::sqrt(2 * d2 / std::numbers::pi) * std::exp(-d2 / 2);  // chi2_3 CDF
  EXPECT_NEAR(st::mahalanobis_test(one, mean, cov).statistic, -1.0 - std::log(u) - std::log1p(-u), 1e-10);
}

TEST(Mahalanobis, RejectsBadShapes) {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Zero(4, 2);
  EXPECT_THROW(st::mahalanobis_test(x, Eigen::VectorXd::Zero(3), Eigen::MatrixXd::Identity(3, 3)),
               std::invalid_argument);
  EXPECT_THROW(st::mahalanobis_test(x, Eigen::VectorXd::Zero(2), -Eigen::MatrixXd::Identity(2, 2)),
               std::invalid_argument);
}
