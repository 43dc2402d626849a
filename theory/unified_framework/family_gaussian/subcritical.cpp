// UF.family.gaussian, experiments "subcritical" (c < 1, full rows, against the annealed centrings)
// and "annealed-limit" (the centrings tend to the claim's limits).
#include <fmt/core.h>

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "theory/unified_framework/family_gaussian/experiments.hpp"
#include "verify/harness/composite_null_checks.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/score_rows.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::theory::unified_framework::family_gaussian_claim {
namespace {

// The annealed centring of H and log a_(1) at beta = c h_n (see the comment of family_gaussian/claim.cpp).
struct Annealed {
  double entropy, log_top;
};
Annealed annealed(double n, double c) {
  const auto s = reference::independent_family_scale<long double>(kGaussian, n);
  const double b = static_cast<double>(s.b), h = static_cast<double>(s.h);
  const double beta = c * h, log_n = std::log(n);
  return {log_n - beta * beta / 2, beta * (b + boost::math::constants::euler<double>() / h) - log_n - beta * beta / 2};
}

// Tolerance on (H - H_ann)/log n and (log a_(1) - A_n)/log n: the quenched-annealed gap, whose
// scale is the relative variance v = Var(Z_raw)/(E Z_raw)^2 = (e^{beta^2} - 1)/n (E log Z_raw -
// log E Z_raw ~ -v/2, and the Gibbs mean energy falls short of beta by as much when few scores
// reach s ~ beta): tol = max(0.02, 2 v / log n). Measured at c = 0.7, n = 1e3 (v = 0.26): 0.045
// of log n against tol 0.075.
double subcritical_tolerance(double beta, double n) {
  return std::max(0.02, 2 * std::expm1(beta * beta) / n / std::log(n));
}
// Z_raw / (n e^{beta^2/2}) is the mean of n terms X = e^{beta s - beta^2/2} with E X^k =
// e^{k(k-1) beta^2/2}: variance (e^{beta^2} - 1)/n and skewness kappa_3(X)/(sqrt(n) Var(X)^{3/2}),
// kappa_3(X) = e^{3 beta^2} - 3 e^{beta^2} + 2 (exact).
struct RatioLaw {
  double variance, skewness;
};
RatioLaw ratio_law(double beta, double n) {
  const double b2 = beta * beta;
  const double var_x = std::expm1(b2);
  const double kappa3 = std::exp(3 * b2) - 3 * std::exp(b2) + 2;
  return {var_x / n, kappa3 / (std::sqrt(n) * var_x * std::sqrt(var_x))};
}
// Cochran's rule for the normal approximation to a mean of m skewed observations: m > 25 G_1^2.
// At c = 0.7 the ratio's skewness is 132 (n = 1e3) to 8000 (n = 1e5), so no feasible m
// qualifies; the smoke calibration saw one false failure there (p 6e-10 in 200 seeds).
bool mean_is_normal_enough(double skewness, std::size_t m) { return static_cast<double>(m) > 25 * skewness * skewness; }

// The departure beyond the tolerance the subcritical checks promise to see (a 10% error of a rate).
constexpr double kSubcriticalExcess = 0.1;

}  // namespace

harness::ExperimentResult subcritical_rows(const SubcriticalPoint& p, const GaussianModel& model,
                                           const harness::PointContext& at) {
  const std::size_t reps = p.reps;
  const double c = p.c, n_value = p.n;
  harness::ExperimentResult out;
  const auto n = static_cast<std::uint64_t>(n_value);
  const double beta = c * model.scale(kGaussian, n_value);
  const double log_n = std::log(n_value);
  const auto stream = at.streams.key();
  const double log_mgf = model.log_mgf(beta);
  std::vector<double> ratio(reps), entropy(reps), log_top(reps);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const std::vector<double> row = sample::sample_full_row(kGaussian, stream, static_cast<std::uint32_t>(r), n);
    double top = row[0];
    for (double s : row) top = std::max(top, s);
    double z = 0, gap = 0;
    for (double s : row) {
      const double e = std::exp(beta * (s - top));
      z += e;
      gap += beta * (top - s) * e;
    }
    entropy[r] = (std::log(z) + gap / z) / log_n;
    log_top[r] = -std::log(z) / log_n;
    ratio[r] = std::exp(beta * top + std::log(z) - log_n - log_mgf);
  });
  // E Z_raw / (n e^{beta^2/2}) = 1 exactly, tested with its exact standard deviation (a sample
  // s.d. of a right-skewed sample is small exactly when its mean is, which skews the statistic)
  // where the mean of the replicates is close enough to normal.
  const RatioLaw law = ratio_law(beta, n_value);
  if (mean_is_normal_enough(law.skewness, reps)) {
    const double sigma = std::sqrt(law.variance);
    out.checks.push_back(harness::mean_check(
        stats::z_test_mean(ratio, 1.0, sigma), 1.0,
        fmt::format("E Z_raw / (n e^(beta^2/2)) = 1 exactly at beta = {} h_n, n = {} (exact s.d. {:.3g}, "
                    "skewness {:.3g}: Cochran's reps > 25 skew^2 holds)",
                    c, n, sigma, law.skewness),
        sigma, reps, "mean - 1"));
  }
  const Annealed a = annealed(n_value, c);
  const double tol = subcritical_tolerance(beta, n_value);
  out.checks.push_back(harness::tolerance_mean_check(
      entropy, a.entropy / log_n, tol,
      fmt::format("H / log n against the annealed (log n - beta^2/2)/log n = {:.4f} (limit 1 - c^2 = {:.4f})",
                  a.entropy / log_n, 1 - c * c),
      tol + kSubcriticalExcess));
  out.checks.push_back(harness::tolerance_mean_check(
      log_top, a.log_top / log_n, tol,
      fmt::format("log a_(1) / log n against the annealed A_n / log n = {:.4f} (limit -(1 - c)^2 = {:.4f})",
                  a.log_top / log_n, -(1 - c) * (1 - c)),
      tol + kSubcriticalExcess));
  return out;
}

// The annealed centrings tend to the limits of the claim: their distance to 1 - c^2 and
// -(1 - c)^2 shrinks along n and is below 0.01 at n = 1e300 (deterministic).
harness::ExperimentResult annealed_centrings_converge(const AnnealedLimitPoint& p, const GaussianModel&,
                                                      const harness::PointContext&) {
  const double c = p.c;
  double worst = 0;
  double previous_h = 1e300, previous_a = 1e300;
  bool monotone = true;
  for (double n_far : {1e6, 1e12, 1e50, 1e300}) {
    const Annealed a = annealed(n_far, c);
    const double dh = std::abs(a.entropy / std::log(n_far) - (1 - c * c));
    const double da = std::abs(a.log_top / std::log(n_far) + (1 - c) * (1 - c));
    monotone = monotone && dh < previous_h && da < previous_a;
    previous_h = dh;
    previous_a = da;
    if (n_far == 1e300) worst = std::max(dh, da) / 0.01;
  }
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("c = {}: H_ann/log n -> 1 - c^2 and A_n/log n -> -(1-c)^2 (monotone; within 0.01 at n = 1e300)", c),
      monotone ? worst : 2.0,
      "closed forms with h_n, b_n; statistic = worst distance at 1e300 / 0.01 (2 if not monotone)"));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_gaussian_claim
