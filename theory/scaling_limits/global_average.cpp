// SL.global-average: at fixed beta, keys uniform on S^{d-1} and the identity value map,
//   E ybar -> A_d(beta) q,   sqrt(n) (ybar - A_d(beta) q) => N(0, Sigma(beta)),
// Sigma = var_par q q^T + var_perp P_perp, with the exact first-order-in-1/n moments of
// reference/vmf_moments.hpp (SL.md, SL.subcritical.bias and SL.subcritical.gaussian at fixed beta).
#include <fmt/core.h>

#include <Eigen/Dense>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <vector>

#include "reference/vmf_moments.hpp"
#include "theory/scaling_limits/claims.hpp"
#include "verify/attention/online_softmax.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/mutants.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/multivariate.hpp"
#include "verify/stats/power.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

using harness::Json;

struct GridPoint {
  int d;
  double beta;
  std::uint64_t n;
  std::size_t reps;
};

// The reference moments at run time (double path), with the planted bug of the mutant
// audit when one is active.
struct Moments {
  double A, var_perp, var_par, bias;
};

Moments reference_moments(int d, double beta) {
  const auto exact = reference::subcritical_covariance<double>(d, beta);
  Moments m{exact.A.value, exact.var_perp.value, exact.var_par.value, exact.bias.value};
  if (harness::mutant_active("bessel-orders-swapped")) {
    m.A = 1 / m.A;
  }
  if (harness::mutant_active("variance-at-beta")) {
    const double P = exact.P.value, wrong_a2 = exact.A.value;
    m.var_perp = P * wrong_a2 / beta;
    m.var_par = P * (1 - (d - 1) * wrong_a2 / beta - wrong_a2 * wrong_a2);
  }
  if (harness::mutant_active("tangential-variance-x1.1")) {
    m.var_perp *= 1.1;
  }
  return m;
}

GridPoint parse(const Json& p) {
  return {p.at("d").get<int>(), p.at("beta").get<double>(), p.at("n").get<std::uint64_t>(),
          p.at("reps").get<std::size_t>()};
}

class GlobalAverage final : public harness::Claim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }

  std::vector<Json> grid(harness::Battery battery) const override {
    // n keeps the first-order moments exact to O(1/n^2); reps are sized so the variance
    // tests resolve the targets below (smoke 10%, standard 5%) at the Bonferroni alpha.
    const std::uint64_t n = battery == harness::Battery::smoke ? 1000 : 4000;
    const std::size_t reps = battery == harness::Battery::smoke ? 20000 : 40000;
    std::vector<Json> points;
    for (int d : {3, 5}) {
      for (double beta : {1.0, 4.0}) points.push_back({{"d", d}, {"beta", beta}, {"n", n}, {"reps", reps}});
    }
    return points;
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const GridPoint g = parse(params);
    const auto moments = reference_moments(g.d, g.beta);
    const double root_n = std::sqrt(static_cast<double>(g.n));
    const double mean_parallel = moments.A + moments.bias / static_cast<double>(g.n);

    // Replicate r: sqrt(n) (ybar - mean) in the basis (q, e_2, ..., e_d) with q = e_1.
    const auto stream = rng::make_key(context.seed, info_.id, params.dump());
    Eigen::MatrixXd centred(g.reps, g.d);
    harness::for_each_replicate(g.reps, [&](std::size_t r) {
      attention::OnlineSoftmaxAverage<double> average(g.d);
      sample::for_each_naive_sphere_key(stream, static_cast<std::uint32_t>(r), g.n, g.d,
                                        [&](std::uint64_t, std::span<const double> key) {
                                          average.add(g.beta * key[0], key);
                                        });
      centred(r, 0) = root_n * (average.average(0) - mean_parallel);
      for (int i = 1; i < g.d; ++i) centred(r, i) = root_n * average.average(i);
    });

    harness::ExperimentResult out;
    const std::string label = fmt::format("d={} beta={} n={}", g.d, g.beta, g.n);
    const std::string slug = fmt::format("sl-global-average-d{}-beta{}", g.d, g.beta);

    // Omnibus: the Mahalanobis form against chi2_d.
    Eigen::MatrixXd sigma = Eigen::MatrixXd::Identity(g.d, g.d) * moments.var_perp;
    sigma(0, 0) = moments.var_par;
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(g.d);
    {
      harness::Check c = harness::make_check(stats::mahalanobis_test(centred, zero, sigma),
                                             fmt::format("Mahalanobis d^2 of sqrt(n)(ybar - mean) ~ chi2_{}", g.d),
                                             params);
      const std::size_t m = g.reps;
      c.detectable_at = [m](double alpha) {
        return harness::Detectable{"sup |F_emp - F_chi2| of d^2 (DKW bound; AD is at least as powerful)",
                                   stats::detectable_cdf_distance(m, alpha, 0.99), 0.99};
      };
      out.checks.push_back(std::move(c));

      boost::math::chi_squared_distribution<double> chi2(g.d);
      std::vector<double> pit(g.reps);
      for (std::size_t r = 0; r < g.reps; ++r) {
        const Eigen::VectorXd x = centred.row(static_cast<Eigen::Index>(r)).transpose();
        const double d2 = x(0) * x(0) / moments.var_par + (x.squaredNorm() - x(0) * x(0)) / moments.var_perp;
        pit[r] = boost::math::cdf(chi2, d2);
      }
      out.figures.push_back(harness::pit_ecdf_figure(slug + "-pit", info_.id,
                                                     "SL.global-average: PIT of Mahalanobis d^2, " + label, pit));
    }

    // The mean A_d(beta) + bias/n of <q, ybar>, in sqrt(n) units.
    std::vector<double> parallel(g.reps);
    for (std::size_t r = 0; r < g.reps; ++r) parallel[r] = centred(r, 0);
    {
      const double sd = std::sqrt(moments.var_par);
      const stats::MeanTest t = stats::z_test_mean(parallel, 0.0, sd);
      harness::Check c = harness::make_check(t.result, "mean of <q, ybar> vs A_d(beta) + bias/n", params);
      c.effect = harness::Effect{"mean <q,ybar> - (A_d + bias/n)", t.estimate / root_n,
                                 {t.ci.lo / root_n, t.ci.hi / root_n}};
      const std::size_t m = g.reps;
      c.detectable_at = [sd, m, root_n](double alpha) {
        return harness::Detectable{"|mean <q,ybar> - A_d(beta)|",
                                   stats::detectable_mean_shift(sd, m, alpha, 0.99) / root_n, 0.99};
      };
      c.detectable_target = 0.01 * moments.A;  // a 1% error in A_d(beta)
      out.checks.push_back(std::move(c));
    }

    // Variances: parallel against var_par, tangential (pooled coordinates) against var_perp.
    const double variance_target = context.battery == harness::Battery::smoke ? 0.10 : 0.05;
    {
      const stats::VarianceTest v = stats::variance_test_known_mean(parallel, 0.0, moments.var_par);
      harness::Check c = harness::make_check(v.result, "n Var<q, ybar> vs var_par", params);
      c.effect = harness::Effect{"variance ratio", v.ratio, v.ratio_ci};
      const std::size_t m = g.reps;
      c.detectable_at = [m](double alpha) {
        return harness::Detectable{"variance ratio - 1", stats::detectable_variance_ratio(m, alpha, 0.99) - 1, 0.99};
      };
      c.detectable_target = variance_target;
      out.checks.push_back(std::move(c));
    }
    std::vector<double> tangential;
    tangential.reserve(g.reps * static_cast<std::size_t>(g.d - 1));
    for (std::size_t r = 0; r < g.reps; ++r) {
      for (int i = 1; i < g.d; ++i) tangential.push_back(centred(r, i));
    }
    {
      const stats::VarianceTest v = stats::variance_test_known_mean(tangential, 0.0, moments.var_perp);
      harness::Check c = harness::make_check(v.result, "n Var(P_perp ybar) per coordinate vs var_perp", params);
      c.effect = harness::Effect{"variance ratio", v.ratio, v.ratio_ci};
      const std::size_t m = tangential.size();
      c.detectable_at = [m](double alpha) {
        return harness::Detectable{"variance ratio - 1", stats::detectable_variance_ratio(m, alpha, 0.99) - 1, 0.99};
      };
      c.detectable_target = variance_target;
      out.checks.push_back(std::move(c));

      const double sd = std::sqrt(moments.var_perp);
      boost::math::normal_distribution<double> normal(0.0, sd);
      out.figures.push_back(harness::cdf_comparison_figure(
          slug + "-tangential", info_.id, "SL.global-average: tangential coordinate vs N(0, var_perp), " + label,
          "sqrt(n) <e_i, ybar>, i >= 2", tangential, [normal](double x) { return boost::math::cdf(normal, x); }));
    }
    return out;
  }

 private:
  harness::ClaimInfo info_{
      "SL.global-average", "SL", "SL.md §1 regime map (global row); SL.subcritical.bias and .gaussian at fixed beta",
      "At fixed beta, with n keys uniform on S^{d-1}, ybar -> A_d(beta) q with A_d = I_{d/2}/I_{d/2-1}, and "
      "sqrt(n)(ybar - A_d q) is asymptotically N(0, var_par q q^T + var_perp P_perp) with the exact vMF moments.",
      harness::Provenance::derived, "[derived][checked]"};
};

}  // namespace

void register_global_average(harness::Registry& registry) { registry.add(std::make_unique<GlobalAverage>()); }

}  // namespace attnlaw::theory::scaling_limits
