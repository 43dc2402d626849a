#include "reference/poisson_process/summary.hpp"

#include "reference/extreme_value/critical_scale.hpp"
#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/dickman.hpp"
#include "reference/poisson_process/finite_n.hpp"
#include "reference/poisson_process/ppp_functionals.hpp"
#include "reference/poisson_process/supercritical.hpp"

namespace attnlaw::reference {

namespace {

std::vector<double> cdf_grid() {
  std::vector<double> w;
  for (int i = 1; i <= 19; ++i) w.push_back(0.05 * i);
  return w;
}

// The general-d path: single-resolution evaluations (the doubled resolution of the Estimate
// versions only serves the error estimate, which the summary does not report).
template <class Model>
void fill_generic(const Model& model, bool with_cdf, CriticalSummary& s) {
  s.mean_top = detail::mean_top_weight_at<Model, double>(model, 0);
  const auto mm = detail::mecke_moments_at<Model, double>(model, 0);
  s.mean_sum_sq = mm.v[1];
  s.mean_energy = mm.v[2];
  s.mean_tangential = mm.v[3];
  s.p_top_ge_half = detail::top_weight_survival_at(model, 0.5, 0, default_euler_params<double>()).value;
  if (!with_cdf) return;
  for (const double w : cdf_grid()) {
    const auto prm = w < 0.5 ? lower_tail_euler_params<double>() : default_euler_params<double>();
    s.cdf_top.emplace_back(w, 1 - detail::top_weight_survival_at(model, w, 0, prm).value);
  }
}

}  // namespace

CriticalSummary sphere_critical_limit(int d, double gamma, bool with_cdf) {
  CriticalSummary s{};
  s.c = sphere_critical_c<double>(d, gamma);
  if (d == 3) {
    const double theta = 1 / s.c;
    s.mean_top = d3_mean_top_weight(theta).value;
    s.p_top_ge_half = d3_top_weight_survival_upper(theta, 0.5);
    s.mean_sum_sq = d3_mean_sum_squares(theta).value;
    s.mean_energy = d3_mean_energy(theta).value;
    const auto model = sphere_limit_model<double>(d, gamma);
    s.mean_tangential = detail::mecke_moments_at<PoissonLimitModel<double>, double>(model, 0).v[3];
    if (with_cdf) {
      const DickmanCdf<double> F(theta, 20.0);
      for (const double w : cdf_grid()) s.cdf_top.emplace_back(w, d3_top_weight_cdf(F, w).value);
    }
    return s;
  }
  fill_generic(sphere_limit_model<double>(d, gamma), with_cdf, s);
  return s;
}

CriticalSummary sphere_critical_finite_n(int d, double gamma, std::uint64_t n, bool with_cdf) {
  CriticalSummary s{};
  s.c = sphere_critical_c<double>(d, gamma);
  const double beta = sphere_critical_beta(d, gamma, static_cast<double>(n));
  fill_generic(sphere_finite_model<double>(d, beta, n), with_cdf, s);
  return s;
}

double sphere_critical_finite_n_mean_top(int d, double gamma, std::uint64_t n) {
  const double beta = sphere_critical_beta(d, gamma, static_cast<double>(n));
  const auto model = sphere_finite_model<double>(d, beta, n);
  return detail::mean_top_weight_at<decltype(model), double>(model, 0);
}

SupercriticalSummary sphere_supercritical_constants(int d) {
  const auto k = supercritical_constants<double>(d);
  return {k.p, k.fG0, k.mean_gap_limit};
}

}  // namespace attnlaw::reference
