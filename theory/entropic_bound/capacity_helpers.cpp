#include "theory/entropic_bound/capacity_helpers.hpp"

#include <Eigen/Cholesky>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>
#include <limits>

#include "reference/spectra/effective_rank.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/power.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::entropic_bound {

TailSum true_tail() {
  return [](std::span<const double> sigma, std::size_t r) { return reference::eckart_young_tail(sigma, r); };
}

TailSum tail_one_late() {
  return [](std::span<const double> sigma, std::size_t r) { return reference::eckart_young_tail(sigma, r + 1); };
}

std::vector<double> singular_spectrum(const Mat& a) {
  const Eigen::VectorXd s = Eigen::BDCSVD<Mat>(a).singularValues();
  return {s.data(), s.data() + s.size()};
}

double rounding_floor(double excess, double m_frobenius, Eigen::Index n, double kappa) {
  const double delta = 4.0 * static_cast<double>(n) * std::numeric_limits<double>::epsilon() * kappa * m_frobenius;
  return 2 * std::sqrt(std::max(excess, 0.0)) * delta + delta * delta;
}

AlsFit als_rank_r(const Mat& t_star, const Mat& s, Mat p, Mat q) {
  const Mat m = t_star * s;
  const Eigen::LLT<Mat> s_chol(s);
  const double stop = 1e-14 * m.squaredNorm();
  const auto objective = [&](const Mat& pp, const Mat& qq) {
    return ((pp * qq.transpose() - t_star) * s).squaredNorm();
  };
  double f = objective(p, q), previous_decrease = std::numeric_limits<double>::infinity();
  AlsFit fit;
  for (fit.sweeps = 1; fit.sweeps <= 20000; ++fit.sweeps) {
    // P: min |P (S Q)^T - M|; then Q through G = S Q: min |P G^T - M|.
    p = (s * q).completeOrthogonalDecomposition().solve(m.transpose()).transpose();
    q = s_chol.solve(Mat(p.completeOrthogonalDecomposition().solve(m).transpose()));
    const double next = objective(p, q);
    const double decrease = std::abs(f - next);
    f = next;
    if (decrease <= stop) {
      const double rho = decrease / previous_decrease;
      fit.remaining = decrease == 0 ? 0
                      : rho < 1     ? decrease * rho / (1 - rho)
                                    : std::numeric_limits<double>::infinity();
      break;
    }
    previous_decrease = decrease;
  }
  if (fit.sweeps > 20000) fit.remaining = std::numeric_limits<double>::infinity();
  fit.t = p * q.transpose();
  fit.scale = p.norm() * (s * q).norm();
  fit.objective = f;
  return fit;
}

void factorised_gd(Mat& p, Mat& q, double eta, std::size_t steps, const std::function<Mat(const Mat& t)>& gradient) {
  for (std::size_t k = 0; k < steps; ++k) {
    const Mat g = gradient(p * q.transpose());
    const Mat p_next = p - eta * g * q;
    q -= eta * g.transpose() * p;
    p = p_next;
  }
}

std::size_t numerical_rank(const Mat& t, double tau) {
  const std::vector<double> sigma = singular_spectrum(t);
  return static_cast<std::size_t>(
      std::count_if(sigma.begin(), sigma.end(), [&](double s) { return s > tau * sigma[0]; }));
}

harness::Check at_least_check(std::uint64_t successes, std::uint64_t trials, double level, std::string what,
                              double target) {
  stats::ProportionTest test = stats::binomial_test(successes, trials, level);
  const boost::math::binomial_distribution<double> law(static_cast<double>(trials), level);
  test.result.p_value = boost::math::cdf(law, static_cast<double>(successes));
  test.result.test = "binomial (one-sided, H0: p >= level)";
  test.result.p_method = "exact: P(Bin(trials, level) <= successes)";
  harness::Check c = harness::proportion_check(test, std::move(what), level, trials, target);
  // Only a shortfall is tested: the smallest Delta with trials >= ((z_{1-a} sqrt(p0 q0) +
  // z_power sqrt(p1 q1)) / Delta)^2, p1 = level - Delta (normal approximation, bisection).
  c.detectable_at = [level, trials](double alpha) {
    const double za = stats::normal_quantile(1 - alpha), zp = stats::normal_quantile(0.99);
    const auto needed = [&](double delta) {
      const double p1 = level - delta;
      const double root = (za * std::sqrt(level * (1 - level)) + zp * std::sqrt(p1 * (1 - p1))) / delta;
      return root * root;
    };
    double lo = 0, hi = level;
    if (needed(hi) > static_cast<double>(trials)) return harness::Detectable{"level - probability", hi, 0.99};
    for (int k = 0; k < 60; ++k) (needed((lo + hi) / 2) > static_cast<double>(trials) ? lo : hi) = (lo + hi) / 2;
    return harness::Detectable{"level - probability", hi, 0.99};
  };
  return c;
}

harness::Table frontier_table(std::vector<std::vector<std::string>> rows, std::string note) {
  return {"predictability-frontier",
          "EB",
          "Predictability frontier: where r* is recovered",
          {"setting", "observed", "recovers r*", "measured", "claim"},
          std::move(rows),
          std::move(note)};
}

std::string recovery_word(std::size_t recovered, std::size_t of) {
  return recovered == of ? "exactly" : recovered == 0 ? "not" : "partially";
}

}  // namespace attnlaw::theory::entropic_bound
