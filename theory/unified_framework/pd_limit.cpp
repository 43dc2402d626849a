// UF.pd-limit: at beta = c h_n, c > 1, the ranked weights of a Gumbel-domain row converge to
// PD(1/c, 0) (UF.md §2 UF.pd-limit); for c < 1 the top weight vanishes. Three parts:
//   - the PD sampler itself against the PD references (a positive control that binds the
//     references used below to the law they describe);
//   - exponential rows (h_n = 1, the clean bed: the only error is the missing bulk,
//     O(n^{1-c})) at n = 1e12 by the exact top-K sampler plus the bulk correction, against PD;
//   - c < 1: mean log a_max against log n over an n-ladder, slope -(1 - c).
#include <fmt/core.h>

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "theory/unified_framework/claims.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/composite_null_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;

constexpr std::size_t kPdTruncation = 1000;
constexpr std::size_t kTopK = 1000;

// The CDF of V_1 tabulated once per alpha and interpolated linearly: a KS test needs it at every
// sample. Near w = 1 it behaves like 1 - C (1 - w)^alpha (infinite slope; at alpha = 1/4 a fifth
// of the mass lies within 0.0025 of 1), so the grid is uniform in y = (1 - w)^alpha, where F is
// smooth: 400 cells in y keep the interpolation error near 1e-5.
class TopWeightCdf {
 public:
  explicit TopWeightCdf(double alpha) : alpha_(alpha), values_(kCells + 1) {
    for (int i = 0; i <= kCells; ++i) {
      const double y = static_cast<double>(i) / kCells;
      const auto e = ref::pd_top_weight_cdf<double>(alpha, 1 - std::pow(y, 1 / alpha));
      values_[static_cast<std::size_t>(i)] = std::clamp(e.value, 0.0, 1.0);
      error_ = std::max(error_, e.error);
    }
  }
  double operator()(double w) const {
    const double x = std::pow(1 - std::clamp(w, 0.0, 1.0), alpha_) * kCells;
    const auto i = std::min(static_cast<std::size_t>(x), static_cast<std::size_t>(kCells - 1));
    const double f = x - static_cast<double>(i);
    return (1 - f) * values_[i] + f * values_[i + 1];
  }
  double error() const { return error_; }

 private:
  static constexpr int kCells = 400;
  double alpha_;
  std::vector<double> values_;
  double error_ = 0;
};

// Exponential rows: E Z_n - c/(c-1) = -c Gamma(c) Gamma(n+1) / ((c-1) Gamma(n+c)) (the missing bulk
// of the PPP beyond the n-th point; derivation in family_exponential/claim.cpp).
double exponential_missing_mass(double c, double n) {
  return c / (c - 1) * std::tgamma(c) * boost::math::tgamma_delta_ratio(n + 1, c - 1);
}

void fill_pit(std::span<const double> values, const std::function<double(double)>& cdf, std::vector<double>& pit) {
  pit.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) pit[i] = std::clamp(cdf(values[i]), 0.0, 1.0);
}

// The four PD moments of a WindowSample against PD(alpha, 0), each with a tolerance = stated
// bias bound + the reference's error.
void pd_moment_checks(const WindowSample& s, double alpha, double bias, const std::string& who,
                      harness::ExperimentResult& out) {
  const auto sq = ref::pd_mean_power_sum<double>(alpha, 2);
  const auto h = ref::pd_mean_entropy<double>(alpha);
  const auto top = ref::pd_mean_top_weight<double>(alpha);
  const auto inv = ref::pd_mean_inverse_top<double>(alpha);
  out.checks.push_back(harness::tolerance_mean_check(s.sum_sq, sq.value, bias + sq.error,
                                                     fmt::format("{}: E sum a^2 = 1 - alpha", who), 0.05));
  out.checks.push_back(harness::tolerance_mean_check(s.entropy, h.value, 2 * bias + h.error,
                                                     fmt::format("{}: E H = psi(1) - psi(1 - alpha)", who), 0.3));
  out.checks.push_back(harness::tolerance_mean_check(
      s.top_weight, top.value, bias + top.error, fmt::format("{}: E a_max = E V_1 (Mecke/Laplace form)", who), 0.05));
  out.checks.push_back(harness::tolerance_mean_check(s.partition, inv.value, bias + inv.error,
                                                     fmt::format("{}: E Z = E[1/a_max] = 1/(1 - alpha)", who),
                                                     0.15 * inv.value));
}

void pd_law_checks(const WindowSample& s, double alpha, const harness::PointContext& at, const std::string& who,
                   harness::ExperimentResult& out) {
  const std::string& claim = at.claim.id;
  std::vector<double> pit;
  fill_pit(
      s.ratio21, [alpha](double x) { return ref::pd_ratio_cdf<double>(alpha, x); }, pit);
  out.checks.push_back(harness::gof_check(
      stats::ks_test(pit), fmt::format("{}: a_(2)/a_(1) ~ U^(1/alpha), P(<= x) = x^alpha (KS)", who), pit.size()));
  const TopWeightCdf cdf(alpha);
  fill_pit(s.top_weight, cdf, pit);
  out.checks.push_back(harness::gof_check(
      stats::ks_test(pit),
      fmt::format("{}: law of a_max = law of V_1 (KS; reference CDF error {:.1e})", who, cdf.error()), pit.size()));
  out.figures.push_back(harness::cdf_comparison_figure(
      harness::figure_slug(claim, "top-weight-cdf", at.fields), claim,
      fmt::format("{}: ECDF of a_max against the PD({:.3g}, 0) CDF of V_1, {}", claim, alpha, at.label), "a_max",
      s.top_weight, cdf));
  out.figures.push_back(harness::cdf_comparison_figure(
      harness::figure_slug(claim, "ratio-cdf", at.fields), claim,
      fmt::format("{}: ECDF of a_(2)/a_(1) against x^alpha, alpha = {:.3g}, {}", claim, alpha, at.label), "a_(2)/a_(1)",
      s.ratio21, [alpha](double x) { return ref::pd_ratio_cdf<double>(alpha, x); }));
}

const ref::ScoreFamily kExponential{ref::ScoreFamily::Kind::exponential, 1};

struct PdSamplerPoint {
  double alpha;      // the PD(alpha, 0) parameter
  std::size_t K;     // weights drawn per sample
  std::size_t reps;  // samples
  harness::Fields fields() const { return {{"alpha", alpha}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult pd_sampler_matches_references(const PdSamplerPoint& p, const PdParameter& pd,
                                                        const harness::PointContext& at) {
  harness::ExperimentResult out;
  const WindowSample s = simulate_pd(p.alpha, p.K, p.reps, at.streams.key());
  // Truncation at K moves sum V^2 and H by O(K^{1 - 2/alpha}) after the tail terms: nil.
  pd_moment_checks(s, pd(p.alpha), 0, "PD sampler", out);
  pd_law_checks(s, pd(p.alpha), at, "PD sampler", out);
  return out;
}

struct ExponentialRowsPoint {
  double c;          // beta = c (h_n = 1)
  double n;          // scores per row
  std::size_t K;     // top scores retained per row
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult exponential_rows_tend_to_pd(const ExponentialRowsPoint& p, const PdParameter& pd,
                                                      const harness::PointContext& at) {
  harness::ExperimentResult out;
  const double c = p.c, n = p.n;
  const WindowSample s = simulate_window(kExponential, static_cast<std::uint64_t>(n), c, p.K, p.reps, at.streams.key());
  // Stated bias bound: the PPP mass beyond the n-th point, E(Z_inf - Z_n), bounds the shift of
  // a_max and sum a^2 (both move by at most the relative change of Z); twice it for H.
  const double bias = exponential_missing_mass(c, n);
  pd_moment_checks(s, pd(1 / c), bias, fmt::format("exponential rows, n = {:.0e}, beta = {:.4g}", n, c), out);
  pd_law_checks(s, pd(1 / c), at, "exponential rows", out);
  return out;
}

struct SubcriticalPoint {
  double c;               // beta = c (h_n = 1), c < 1
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

// Subcritical: log a_max = -log Z = -(1 - c) log n + O_P(1); the n^{-(1-c)} correction to E Z_n
// moves the fitted slope over 1e4..1e12 by < 0.005 (c = 0.7), the tolerance is 0.02.
harness::ExperimentResult top_weight_vanishes(const SubcriticalPoint& p, const PdParameter&,
                                              const harness::PointContext& at) {
  harness::ExperimentResult out;
  const double c = p.c;
  const std::size_t reps = p.reps;
  // Common random numbers across the ladder: the same stream at every n.
  const auto stream = at.streams.key();
  std::vector<double> log_n, mean_log_top, weight;
  std::vector<double> xs, ys, es;
  for (double n : p.n) {
    const WindowSample s = simulate_window(kExponential, static_cast<std::uint64_t>(n), c, p.K, reps, stream);
    std::vector<double> log_top(reps);
    for (std::size_t r = 0; r < reps; ++r) log_top[r] = std::log(s.top_weight[r]);
    const stats::MeanWithError log_top_mean = stats::mean_with_error(log_top);
    const double m = log_top_mean.mean, se = log_top_mean.std_error();
    log_n.push_back(std::log(n));
    mean_log_top.push_back(m);
    weight.push_back(1 / (se * se));
    xs.push_back(n);
    ys.push_back(m);
    es.push_back(2 * se);
  }
  const stats::LinearFit fit = stats::weighted_least_squares(log_n, mean_log_top, weight);
  out.checks.push_back(harness::rate_check(
      fmt::format("c = {:.3g} < 1: slope of E log a_max against log n = -(1 - c) (+-0.02); a_max -> 0", c), fit.slope,
      -(1 - c), 0.02, "Monte Carlo means with common random numbers over the n-ladder, weighted fit"));
  std::vector<double> fitted;
  for (double x : log_n) fitted.push_back(fit.intercept + fit.slope * x);
  std::vector<harness::Series> series;
  series.push_back({"E log a_max (MC, 2 s.e.)", "errorbars", xs, ys, es});
  series.push_back({fmt::format("fit, slope {:.4f} (theory {:.4f})", fit.slope, -(1 - c)), "lines", xs, fitted});
  const std::string& claim = at.claim.id;
  out.figures.push_back(
      harness::Figure{.id = harness::figure_slug(claim, "subcritical", at.fields),
                      .claim = claim,
                      .title = fmt::format("{}: E log a_max against n, exponential rows, beta = {:.3g}", claim, c),
                      .xlabel = "n",
                      .ylabel = "E log a_max",
                      .log_x = true,
                      .series = std::move(series)});
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> pd_limit() {
  auto claim = std::make_unique<harness::ClaimSpec<PdParameter>>(
      harness::ClaimInfo{
          "UF.pd-limit", "UF", "UF.md §2 UF.pd-limit",
          "Gumbel-domain i.i.d. scores at beta_n = c h_n: for c > 1 the ranked weights converge to PD(1/c, 0) "
          "(E sum a^2 -> 1 - 1/c, E H -> psi(1) - psi(1 - 1/c), E Z -> c/(c-1), a_(2)/a_(1) ~ U^c); for c < 1 a_max -> "
          "0 (like n^{-(1-c)} for exponential scores).",
          harness::Provenance::derived, "[derived] from the random energy model [prior: Ruelle 1987; Bovier ch. 9]"},
      // The model: the alpha at which the PD references are evaluated.
      harness::ModelChoice<PdParameter>{pd_parameter_exact, {{"pd-alpha-plus-0.05", pd_parameter_plus_0_05}}});
  const auto pd_sampler = [](std::size_t reps) {
    std::vector<PdSamplerPoint> points;
    for (double alpha : {0.25, 0.5, 0.75}) points.push_back({alpha, kPdTruncation, reps});
    return points;
  };
  claim->experiment("pd-sampler",
                    harness::Grid<PdSamplerPoint>{.smoke = pd_sampler(4000), .standard = pd_sampler(20000)},
                    pd_sampler_matches_references);
  const auto rows = [](std::size_t reps) {
    std::vector<ExponentialRowsPoint> points;
    for (double c : {4.0 / 3, 2.0, 4.0}) points.push_back({c, 1e12, kTopK, reps});
    return points;
  };
  claim->experiment("exponential-rows",
                    harness::Grid<ExponentialRowsPoint>{.smoke = rows(4000), .standard = rows(20000)},
                    exponential_rows_tend_to_pd);
  const std::vector<double> ladder{1e4, 1e6, 1e8, 1e10, 1e12};
  claim->experiment(
      "subcritical",
      harness::Grid<SubcriticalPoint>{
          .smoke = {{0.5, ladder, kTopK, 500}},
          .standard = {{0.3, ladder, kTopK, 2000}, {0.5, ladder, kTopK, 2000}, {0.7, ladder, kTopK, 2000}}},
      top_weight_vanishes);
  return claim;
}

}  // namespace attnlaw::theory::unified_framework
