#pragma once
// Multivariate normal goodness of fit with a fully specified mean and covariance.
#include <Eigen/Core>

#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

// d2_i = (x_i - mean)^T cov^{-1} (x_i - mean) ~ chi2_d exactly under H0 (x one sample per row,
// cov symmetric positive definite, factored by LLT); the PITs P(d/2, d2_i/2) go through the
// one-sample Anderson–Darling test. The statistic is A^2 of those PITs.
TestResult mahalanobis_test(const Eigen::MatrixXd& x, const Eigen::VectorXd& mean, const Eigen::MatrixXd& cov);

}  // namespace attnlaw::stats
