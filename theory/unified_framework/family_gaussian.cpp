// UF.family.gaussian: i.i.d. N(0,1) scores, the (log n)^{1/2} law (UF.md §2 UF.family.gaussian,
// tests (3)-(5); (1), (2), (6) are UF.gumbel.point-process and UF.gumbel.lambda-law).
//   scale        h_n = n phi(b_n) (not sqrt(2 log n)), deterministic;
//   window       beta = c h_n, c in {4/3, 2, 4}, n-ladder to 1e12: Monte Carlo against the exact
//                finite-n expectations (quadrature, finite_n_window.hpp), the exact bias against
//                PD(1/c) and its ~1/log n rate (family_window_ladder.hpp);
//   ipr          beta = gamma sqrt(log n) (Giorlandino–Goldt): E sum a^2 against PD(h_n/beta), whose
//                limit is 1 - sqrt(2)/gamma;
//   subcritical  c < 1, full rows: E Z_raw = n e^{beta^2/2} exactly (E e^{beta s} = e^{beta^2/2});
//                H and log a_(1) against the annealed centring H_ann = log n - beta^2/2 (the Gibbs
//                mean energy E[sum s e^{beta s}]/E Z_raw = beta) and A_n = beta (b_n + gamma_E/h_n) -
//                log n - beta^2/2, whose ratios to log n tend to 1 - c^2 and -(1 - c)^2.
#include <fmt/core.h>

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/composite_null_checks.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/score_rows.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;

const ref::ScoreFamily kGaussian{ref::ScoreFamily::Kind::gaussian, 1};

// What the claim takes from the theory: the hazard scale h_n that sets beta = c h_n, and the
// log moment generating function log E e^{beta s} of one score that centres Z_raw.
struct GaussianModel {
  HazardScale scale = reference_hazard_scale;
  double (*log_mgf)(double beta) = [](double beta) { return beta * beta / 2; };
};

// Planted bug "gaussian-scale-sqrt-2-log-n": the asymptotic sqrt(2 log n) in place of n phi(b_n),
// which shifts the effective PD parameter by 4-10% at practical n (UF.md UF.family.gaussian).
double asymptotic_gaussian_scale(const ref::ScoreFamily&, double n) { return std::sqrt(2 * std::log(n)); }

// Planted bug "gaussian-mgf-without-half": log E e^{beta s} = beta^2/2 with the 1/2 dropped.
double gaussian_log_mgf_without_half(double beta) { return beta * beta; }

// The annealed centring of H and log a_(1) at beta = c h_n (see the file comment).
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

ScaleFunction scale_of(const GaussianModel& model) {
  return [hazard = model.scale](double n) { return hazard(kGaussian, n); };
}

struct ScalePoint {
  std::vector<double> n;  // the n at which h_n is checked
  harness::Fields fields() const { return {{"n", n}}; }
};

harness::ExperimentResult scale_is_n_phi_of_b_n(const ScalePoint& point, const GaussianModel& model,
                                                const harness::PointContext&) {
  return family_scale_check(kGaussian, scale_of(model), point.n);
}

struct WindowPoint {
  double c;                           // beta = c h_n
  std::vector<double> n;              // the n-ladder
  std::size_t K;                      // top scores retained per row
  std::size_t reps;                   // rows per rung
  std::optional<double> alpha_shift;  // the relative shift of alpha = 1/c the largest rung must detect
  harness::Fields fields() const {
    harness::Fields f{{"c", c}, {"n", n}, {"K", K}, {"reps", reps}};
    if (alpha_shift) f.push_back({"alpha_shift", *alpha_shift});
    return f;
  }
};

harness::ExperimentResult window_tends_to_pd(const WindowPoint& point, const GaussianModel& model,
                                             const harness::PointContext& at) {
  return window_ladder(kGaussian, scale_of(model),
                       {.c = point.c, .n = point.n, .K = point.K, .reps = point.reps, .alpha_shift = point.alpha_shift},
                       at);
}

struct IprPoint {
  double gamma;           // beta = gamma sqrt(log n)
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"gamma", gamma}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult ipr_tends_to_pd(const IprPoint& point, const GaussianModel& model,
                                          const harness::PointContext& at) {
  return window_ladder(kGaussian, scale_of(model),
                       {.gamma = point.gamma, .n = point.n, .K = point.K, .reps = point.reps}, at);
}

struct SubcriticalPoint {
  double c;          // beta = c h_n, c < 1
  double n;          // scores per row (full rows)
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"reps", reps}}; }
};

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

struct AnnealedLimitPoint {
  double c;  // beta = c h_n, c < 1
  harness::Fields fields() const { return {{"c", c}}; }
};

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

std::vector<SubcriticalPoint> subcritical_grid(std::initializer_list<double> ns, std::size_t reps) {
  std::vector<SubcriticalPoint> points;
  for (double c : {0.3, 0.5, 0.7}) {
    for (double n : ns) points.push_back({c, n, reps});
  }
  return points;
}

}  // namespace

std::unique_ptr<harness::Claim> family_gaussian() {
  auto claim = std::make_unique<harness::ClaimSpec<GaussianModel>>(
      harness::ClaimInfo{
          "UF.family.gaussian", "UF", "UF.md §2 UF.family.gaussian (tests 3-5); UF.pd-limit",
          "I.i.d. Gaussian scores: h_n = n phi(b_n) ~ sqrt(2 log n); at beta = c h_n the weights tend to PD(1/c, 0) "
          "for c > 1 with an O(1/log n) bias, and for c < 1 H/log n -> 1 - c^2, log a_(1)/log n -> -(1-c)^2.",
          harness::Provenance::derived, "[prior] + [derived][checked]"},
      harness::ModelChoice<GaussianModel>{
          GaussianModel{},
          {{"gaussian-scale-sqrt-2-log-n", {asymptotic_gaussian_scale, GaussianModel{}.log_mgf}},
           {"gaussian-mgf-without-half", {reference_hazard_scale, gaussian_log_mgf_without_half}}}});
  const ScalePoint scale{{1e3, 1e4, 1e6, 1e9, 1e12, 1e15}};
  claim->experiment("scale", harness::Grid<ScalePoint>{.smoke = {scale}, .standard = {scale}}, scale_is_n_phi_of_b_n);
  // Standard replicates sized so that every statistic at n = 1e12 detects a 4% shift of alpha =
  // 1/c (the sqrt(2 log n) scale shifts it by 3.5% there, 4-8% on the smaller rungs); K from the
  // PD tail: the bulk correction carries the rest.
  const std::vector<double> ladder{1e4, 1e6, 1e9, 1e12};
  claim->experiment("window",
                    harness::Grid<WindowPoint>{.smoke = {{2.0, {1e4, 1e6, 1e12}, 200, 3000, std::nullopt},
                                                         {4.0 / 3, {1e4, 1e12}, 400, 2000, std::nullopt}},
                                               .standard = {{4.0 / 3, ladder, 1000, 6000, 0.04},
                                                            {2.0, ladder, 200, 20000, 0.04},
                                                            {4.0, ladder, 100, 60000, 0.04}}},
                    window_tends_to_pd);
  claim->experiment("ipr",
                    harness::Grid<IprPoint>{
                        .smoke = {}, .standard = {{2.0, {1e6, 1e12}, 1000, 6000}, {3.0, {1e6, 1e12}, 1000, 6000}}},
                    ipr_tends_to_pd);
  claim->experiment("subcritical",
                    harness::Grid<SubcriticalPoint>{.smoke = subcritical_grid({1e3, 1e4}, 400),
                                                    .standard = subcritical_grid({1e3, 1e4, 1e5}, 1000)},
                    subcritical_rows);
  const std::vector<AnnealedLimitPoint> cs{{0.3}, {0.5}, {0.7}};
  claim->experiment("annealed-limit", harness::Grid<AnnealedLimitPoint>{.smoke = cs, .standard = cs},
                    annealed_centrings_converge);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
