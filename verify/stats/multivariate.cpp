#include "verify/stats/multivariate.hpp"

#include <string>
#include <vector>

#include <Eigen/Cholesky>
#include <boost/math/special_functions/gamma.hpp>

#include "verify/stats/detail/validate.hpp"
#include "verify/stats/goodness_of_fit.hpp"

namespace attnlaw::stats {

TestResult mahalanobis_test(const Eigen::MatrixXd& x, const Eigen::VectorXd& mean, const Eigen::MatrixXd& cov) {
  const std::string where = "mahalanobis_test";
  const auto d = mean.size();
  detail::require_nonempty(static_cast<std::size_t>(x.rows()), where);
  detail::require(d > 0, where, "dimension is zero");
  detail::require(x.cols() == d, where,
                  "x has " + std::to_string(x.cols()) + " columns, mean has " + std::to_string(d));
  detail::require(cov.rows() == d && cov.cols() == d, where, "cov is not d x d");
  detail::require(x.allFinite() && mean.allFinite() && cov.allFinite(), where, "non-finite input");
  const Eigen::LLT<Eigen::MatrixXd> llt(cov);
  detail::require(llt.info() == Eigen::Success, where, "cov is not positive definite");

  std::vector<double> pit(static_cast<std::size_t>(x.rows()));
  const double half_d = 0.5 * static_cast<double>(d);
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const Eigen::VectorXd y = llt.matrixL().solve((x.row(i).transpose() - mean).eval());
    pit[static_cast<std::size_t>(i)] = boost::math::gamma_p(half_d, 0.5 * y.squaredNorm());
  }
  TestResult r = anderson_darling_test(pit);
  r.test = "mahalanobis-anderson-darling";
  r.p_method += ", on chi2(" + std::to_string(d) + ") PITs of d2";
  return r;
}

}  // namespace attnlaw::stats
