// MH.entropy-production, experiments "equiangular" and "closed-form": the entropy of equiangular
// tokens along a particle trajectory, and H(rho), dH/drho against the THEORY.md §6 table.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "reference/attention_dynamics/equiangular.hpp"
#include "theory/multihead_dynamics/entropy_production/experiments.hpp"
#include "theory/multihead_dynamics/equiangular_scalar_heads.hpp"
#include "verify/dynamics/dormand_prince.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics::entropy_production_claim {

harness::ExperimentResult equiangular_entropy_rises(const EquiangularPoint& p, const EntropyRate&,
                                                    const harness::PointContext& at) {
  const auto n = static_cast<Eigen::Index>(p.n), d = n + 1;
  const std::vector<reference::ScalarHead<double>> head{{1.0, 1.0}};
  const double t1 = reference::clustering_time_closed_form<double>(p.n, p.beta, 1.0, 1.0, 0.0, p.rho1).value;
  std::vector<double> times;
  for (int k = 0; k <= 40; ++k) times.push_back(t1 * k / 40);
  const auto flow = scalar_head_flow(head, p.beta, p.n, dynamics::Normalisation::row_softmax);
  const ParticleRun run = run_equiangular(flow, p.n, 0.0, times);
  // rho_ODE(t): the scalar ODE by the same integrator.
  std::vector<double> rho_ode;
  dynamics::IntegrationOptions<double> o;
  o.tolerance = {1e-13, 1e-13};
  o.output_times = times;
  o.observe = [&](double, const dynamics::State<double>& y, bool at_step) {
    if (!at_step) rho_ode.push_back(y[0]);
  };
  const auto ode = dynamics::integrate_dormand_prince<double>(
      [&](double, const dynamics::State<double>& y, dynamics::State<double>& dy) {
        dy.resize(1);
        dy[0] = reference::equiangular_rate<double>(reference::EquiangularModel::softmax_row, head, p.beta, p.n, y[0]);
      },
      dynamics::State<double>::Zero(1), 0.0, t1, o);
  const double ln_n = std::log(static_cast<double>(p.n));
  // |delta H_i| <= beta^2 |Cov(s, delta s)| <= beta^2 max|delta s| (M = I, |s| <= 1), |delta s| <= 2 sqrt(d) E;
  // against H(rho_ODE): dH/drho <= beta^2 (1 - rho0)/4 times the error of both rho's (4 E and 2 E_ode).
  const double rounding = entropy_rounding(n, d, p.beta);
  const double particle_error = 2 * p.beta * p.beta * std::sqrt(static_cast<double>(d)) * run.error_estimate;
  const double tol_ode = p.beta * p.beta / 4 * (4 * run.error_estimate + 2 * ode.error_estimate) + 2 * rounding;
  std::vector<double> h_particles, h_ode;
  double worst_drop = 0, worst_gap = 0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    const auto h = dynamics::attention_entropies<double>(run.tokens[k], flow.heads.front().score, p.beta);
    h_particles.push_back(std::accumulate(h.begin(), h.end(), 0.0) / static_cast<double>(h.size()));
    h_ode.push_back(reference::equiangular_entropy<double>(p.n, p.beta, rho_ode[k]).entropy);
    worst_gap = std::max(worst_gap, std::abs(h_particles[k] - h_ode[k]) / tol_ode);
    if (k > 0)
      worst_drop = std::max(worst_drop, (h_particles[k - 1] - h_particles[k]) / (2 * particle_error + 2 * rounding));
  }
  // ln n - H(rho) = int_rho^1 beta^2 p(1-p)(1-r) dr <= beta^2 (1 - rho)^2 / 8.
  const double eps_end = mean_gap(run.tokens.back());
  const double limit_bound = p.beta * p.beta * eps_end * eps_end / 8, shortfall = ln_n - h_particles.back();
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      "S-type, one head M = I, equiangular particles: the mean attention entropy is non-decreasing in t", worst_drop,
      fmt::format("statistic = max(0, max_k (H(t_k) - H(t_k+1))) / (2 (2 beta^2 sqrt(d) E) + 2 rounding), 41 times, "
                  "E = {:.2e}",
                  run.error_estimate)));
  out.checks.push_back(harness::deterministic_check(
      "the particles' entropy equals H(rho_ODE(t)) of the equiangular closed form at every sampled time", worst_gap,
      fmt::format(
          "statistic = max_k |H_particles - H(rho_ODE)| / (beta^2/4 (4 E + 2 E_ode) + 2 rounding); E_ode = {:.2e}",
          ode.error_estimate)));
  out.checks.push_back(harness::deterministic_check(
      fmt::format("the entropy tends to ln n: 0 <= ln n - H(T) <= beta^2 (1 - rho(T))^2 / 8 at rho(T) = {:g}", p.rho1),
      std::abs(shortfall - limit_bound / 2) / (limit_bound / 2 + tol_ode),
      fmt::format("statistic = |shortfall - bound/2| / (bound/2 + tol); ln n - H(T) = {:.4g}, bound {:.4g}", shortfall,
                  limit_bound)));
  std::vector<double> ln_line(times.size(), ln_n);
  const std::string& id = at.claim.id;
  out.figures.push_back(harness::Figure{
      .id = harness::figure_slug(id, "entropy", at.fields),
      .claim = id,
      .title = fmt::format("{}: attention entropy along a clustering trajectory, n = {}, beta = {:g}", id, p.n, p.beta),
      .xlabel = "t",
      .ylabel = "H",
      .series = {{"H(rho_ODE(t)), closed form", "lines", times, h_ode},
                 {"particles: mean_i H_i", "points", times, h_particles},
                 {"ln n", "lines", times, ln_line}}});
  return out;
}

harness::ExperimentResult closed_form(const TablePoint& p, const EntropyRate& model, const harness::PointContext&) {
  constexpr std::uint64_t n = 16;
  constexpr double beta = 3, h = 1e-4;
  const auto at = [&](double rho) { return reference::equiangular_entropy<double>(n, beta, rho); };
  const auto e = at(p.rho);
  const Quoted entropy = quoted(p.entropy), derivative = quoted(p.derivative);
  const double fd = (at(p.rho + h).entropy - at(p.rho - h).entropy) / (2 * h);
  const double fd2 = (at(p.rho + 2 * h).entropy - at(p.rho - 2 * h).entropy) / (4 * h);
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("equiangular H(rho) = {} and dH/drho = beta^2 p(1-p)(1-rho) = {} (n = 16, beta = 3; THEORY.md §6)",
                  p.entropy, p.derivative),
      std::max(std::abs(e.entropy - entropy.value) / (entropy.rounding + 8 * kEps),
               std::abs(e.derivative - derivative.value) / (derivative.rounding + 8 * kEps)),
      fmt::format("statistic = max of |value - quote| / (quote's rounding + 8 eps); H = {:.10g}, dH/drho = {:.10g}",
                  e.entropy, e.derivative)));
  out.checks.push_back(harness::deterministic_check(
      "dH/drho closed form = central difference of H(rho)",
      std::abs(e.derivative - fd) / (std::abs(fd - fd2) + 64 * kEps / h),
      fmt::format("statistic = |dH/drho - FD(h)| / (|FD(h) - FD(2h)| + 64 eps / h), h = {:g}", h)));
  if (p.rho >= 0) {
    // The identity at equiangular tokens must give dH/drho rho'. Rounding: the covariance of
    // scores (|s| <= 1) and score rates (|sdot| <= 2 |x'|) over n weights, to (n + 2d) eps each.
    const auto flow = scalar_head_flow(std::vector<reference::ScalarHead<double>>{{1.0, 1.0}}, beta, n,
                                       dynamics::Normalisation::row_softmax);
    const Matrix<double> x = dynamics::equiangular_tokens(n, n + 1, p.rho);
    Matrix<double> v;
    flow.velocity(x, v);
    const auto rates = model.rate(x, v, flow.heads.front().score, beta);
    const double rate =
        reference::equiangular_rate<double>(reference::EquiangularModel::softmax_row,
                                            std::vector<reference::ScalarHead<double>>{{1.0, 1.0}}, beta, n, p.rho);
    const double expected = e.derivative * rate;
    double worst = 0;
    for (double r : rates) worst = std::max(worst, std::abs(r - expected));
    const double tolerance =
        8 * beta * beta * (3 * n + 2) * kEps * v.colwise().norm().maxCoeff() + 16 * kEps * expected;
    out.checks.push_back(harness::deterministic_check(
        "the entropy identity at equiangular tokens: dH_i/dt = (dH/drho) rho' for every token (S-type, M = I)",
        worst / tolerance,
        fmt::format("statistic = max_i |identity - dH/drho rho'| / (8 beta^2 (n + 2d) eps max|x'| + 16 eps); "
                    "dH/dt = {:.10g}",
                    expected)));
  }
  return out;
}

}  // namespace attnlaw::theory::multihead_dynamics::entropy_production_claim
