#include "theory/scaling_limits/output_fluctuations.hpp"

#include <fmt/core.h>

#include <Eigen/Dense>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <vector>

#include "reference/sphere/vmf_moments.hpp"
#include "theory/scaling_limits/direction_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/multivariate.hpp"

namespace attnlaw::theory::scaling_limits {

OutputTargets output_targets(harness::Battery battery) {
  if (battery == harness::Battery::smoke) return {0.01, 0.15, 0.10};
  return {0.01, 0.075, 0.05};
}

FirstOrderMoments exact_first_order_moments(int d, double beta) {
  const auto exact = reference::subcritical_covariance<double>(d, beta);
  return {exact.A.value, exact.var_perp.value, exact.var_par.value, exact.bias.value};
}

// Planted bug "subcritical-two-term-centring", the centring pitfall of THEORY.md §2 SL.subcritical.bias:
// A_d(beta) replaced by its expansion 1 - (d-1)/(2 beta).
FirstOrderMoments first_order_two_term_centring(int d, double beta) {
  FirstOrderMoments m = exact_first_order_moments(d, beta);
  m.A = 1 - (d - 1) / (2 * beta);
  return m;
}

// Planted bug "bessel-orders-swapped": A_d(beta) as I_{d/2-1}/I_{d/2}, the reciprocal of the true ratio.
FirstOrderMoments first_order_bessel_orders_swapped(int d, double beta) {
  FirstOrderMoments m = exact_first_order_moments(d, beta);
  m.A = 1 / m.A;
  return m;
}

// Planted bug "variance-at-beta": the second vMF moment taken at beta in place of 2 beta, A_d(beta)
// standing for A_d(2 beta) in var_perp = P A_d(2 beta)/(2 beta) and in var_par.
FirstOrderMoments first_order_variance_at_beta(int d, double beta) {
  const auto exact = reference::subcritical_covariance<double>(d, beta);
  const double P = exact.P.value, wrong_a2 = exact.A.value;
  return {exact.A.value, P * wrong_a2 / beta, P * (1 - (d - 1) * wrong_a2 / beta - wrong_a2 * wrong_a2),
          exact.bias.value};
}

// Planted bug "tangential-variance-x1.05": the tangential variance off by 5%.
FirstOrderMoments first_order_tangential_variance_x1_05(int d, double beta) {
  FirstOrderMoments m = exact_first_order_moments(d, beta);
  m.var_perp *= 1.05;
  return m;
}

NextOrderTerms exact_next_order_terms(int d, double beta) {
  const auto next = reference::output_variance_next_order<double>(d, beta);
  return {next.par.value, next.perp.value};
}

// Planted bug "output-variance-next-order-sign": the 1/n terms of the variances with the wrong sign,
// var - next/n in place of var + next/n (a second-order correction subtracted).
NextOrderTerms next_order_terms_sign_flipped(int d, double beta) {
  const NextOrderTerms t = exact_next_order_terms(d, beta);
  return {-t.par, -t.perp};
}

OutputMoments sphere_output_moments(FirstOrderLaw first_order, NextOrderLaw next_order, int d, double beta,
                                    std::uint64_t n) {
  const FirstOrderMoments m = first_order(d, beta);
  const NextOrderTerms next = next_order(d, beta);
  const auto n_keys = static_cast<double>(n);
  return {m, m.var_perp + next.perp / n_keys, m.var_par + next.par / n_keys};
}

harness::ExperimentResult output_fluctuation_checks(const std::string& claim, const harness::Fields& point,
                                                    const OutputExperiment& e, const OutputMoments& m,
                                                    const Eigen::MatrixXd& centred, unsigned which,
                                                    const OutputTargets& targets) {
  harness::ExperimentResult out;
  const std::string label = fmt::format("d={} beta={:g} n={}", e.d, e.beta, e.n);
  const double root_n = std::sqrt(static_cast<double>(e.n));

  if (which & kMahalanobis) {
    Eigen::MatrixXd sigma = Eigen::MatrixXd::Identity(e.d, e.d) * m.var_perp_n;
    sigma(0, 0) = m.var_par_n;
    out.checks.push_back(harness::gof_check(stats::mahalanobis_test(centred, Eigen::VectorXd::Zero(e.d), sigma),
                                            fmt::format("Mahalanobis d^2 of sqrt(n)(ybar - mean) ~ chi2_{}", e.d),
                                            e.reps));
    const boost::math::chi_squared_distribution<double> chi2(e.d);
    std::vector<double> pit(e.reps);
    for (Eigen::Index r = 0; r < centred.rows(); ++r) {
      const double par = centred(r, 0);
      const double perp_sq = centred.row(r).squaredNorm() - par * par;
      pit[static_cast<std::size_t>(r)] = boost::math::cdf(chi2, par * par / m.var_par_n + perp_sq / m.var_perp_n);
    }
    out.figures.push_back(harness::pit_ecdf_figure(harness::figure_slug(claim, "pit", point), claim,
                                                   claim + ": PIT of Mahalanobis d^2, " + label, pit));
  }

  std::vector<double> parallel(e.reps);
  for (std::size_t r = 0; r < e.reps; ++r) parallel[r] = centred(static_cast<Eigen::Index>(r), 0);
  if (which & kMean) {
    const double sd = std::sqrt(m.var_par_n);
    out.checks.push_back(harness::mean_check(stats::z_test_mean(parallel, 0.0, sd), 0.0,
                                             "mean of <q, ybar> vs A_d(beta) + bias/n", sd, e.reps,
                                             "mean <q,ybar> - (A_d + bias/n)", root_n, targets.mean_relative * m.A));
  }

  if (which & kVariances) {
    out.checks.push_back(harness::variance_check(stats::variance_test_known_mean(parallel, 0.0, m.var_par_n),
                                                 "n Var<q, ybar> vs var_par + par/n", e.reps,
                                                 targets.variance_parallel));
    std::vector<double> tangential;
    tangential.reserve(e.reps * static_cast<std::size_t>(e.d - 1));
    for (Eigen::Index r = 0; r < centred.rows(); ++r) {
      for (int i = 1; i < e.d; ++i) tangential.push_back(centred(r, i));
    }
    out.checks.push_back(harness::variance_check(stats::variance_test_known_mean(tangential, 0.0, m.var_perp_n),
                                                 "n Var(P_perp ybar) per coordinate vs var_perp + perp/n",
                                                 tangential.size(), targets.variance_tangential));
    const boost::math::normal_distribution<double> normal(0.0, std::sqrt(m.var_perp_n));
    out.figures.push_back(harness::cdf_comparison_figure(harness::figure_slug(claim, "tangential", point), claim,
                                                         claim + ": tangential coordinate vs N(0, var_perp), " + label,
                                                         "sqrt(n) <e_i, ybar>, i >= 2", tangential,
                                                         [normal](double x) { return boost::math::cdf(normal, x); }));
  }

  if ((which & kDirections) && e.d >= 3) {
    // The keys' law is invariant under the rotations fixing q, so P_perp ybar/|P_perp ybar| is
    // exactly uniform on S^{d-2} at every n and beta: the naive sampler's directions.
    const std::size_t row = static_cast<std::size_t>(e.d - 1);
    std::vector<double> directions(e.reps * row);
    for (Eigen::Index r = 0; r < centred.rows(); ++r) {
      const double norm = centred.row(r).tail(e.d - 1).norm();
      for (std::size_t i = 0; i < row; ++i)
        directions[static_cast<std::size_t>(r) * row + i] = centred(r, static_cast<Eigen::Index>(i + 1)) / norm;
    }
    direction_law_checks(directions, e.d - 1, "P_perp ybar/|P_perp ybar|", out);
  }
  return out;
}

}  // namespace attnlaw::theory::scaling_limits
