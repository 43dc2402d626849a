#include "theory/multihead_dynamics/equiangular_ode_law.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "theory/multihead_dynamics/equiangular_scalar_heads.hpp"
#include "verify/dynamics/attention_flow.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/dynamics/runge_kutta4.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/linear_fit.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

using dynamics::Matrix;
using dynamics::State;
constexpr double kEps = std::numeric_limits<double>::epsilon();

std::vector<reference::ScalarHead<double>> scalar_heads(const std::vector<double>& m, const std::vector<double>& v) {
  if (m.size() != v.size() || m.empty())
    throw std::invalid_argument("scalar heads: m and v must have one entry per head");
  std::vector<reference::ScalarHead<double>> out;
  for (std::size_t h = 0; h < m.size(); ++h) out.push_back({m[h], v[h]});
  return out;
}

reference::EquiangularModel model_of(const std::string& type) {
  if (type != "U" && type != "S") throw std::invalid_argument("scalar heads: type must be U or S");
  return type == "U" ? reference::EquiangularModel::softmax_unnormalised : reference::EquiangularModel::softmax_row;
}

dynamics::Normalisation normalisation_of(const std::string& type) {
  return type == "U" ? dynamics::Normalisation::unnormalised : dynamics::Normalisation::row_softmax;
}

dynamics::Integration<double> dormand_prince(const Field& f, State<double> y, double t1,
                                             const dynamics::IntegrationOptions<double>& o) {
  return dynamics::integrate_dormand_prince<double>(f, std::move(y), 0.0, t1, o);
}

double rate_without_u_exponential(reference::EquiangularModel model, Heads heads, double beta, std::uint64_t n,
                                  double rho) {
  if (model != reference::EquiangularModel::softmax_unnormalised)
    return reference::equiangular_rate<double>(model, heads, beta, n, rho);
  const double nn = static_cast<double>(n);
  double sum = 0;
  for (const auto& h : heads) sum += h.v;
  return 2 / nn * (1 - rho) * (1 + (nn - 1) * rho) * sum;
}

double consensus_rate_without_u_exponential(reference::EquiangularModel model, Heads heads, double beta) {
  if (model != reference::EquiangularModel::softmax_unnormalised)
    return reference::consensus_rate<double>(model, heads, beta);
  double sum = 0;
  for (const auto& h : heads) sum += h.v;
  return 2 * sum;
}

constexpr double kFixedStep = 0.05;

dynamics::Integration<double> fixed_step_rk4(const Field& f, State<double> y, double t1,
                                             const dynamics::IntegrationOptions<double>& o) {
  const auto steps = static_cast<std::size_t>(std::ceil(t1 / kFixedStep));
  dynamics::Integration<double> out;
  out.final_state = dynamics::integrate_runge_kutta4<double>(
      f, std::move(y), 0.0, t1, steps, o.project, [&](double t, const State<double>& at) {
        if (o.observe) o.observe(t, at, true);
        // What a step accepted at the requested tolerance would have added (none at the start).
        if (t > 0) out.error_estimate += o.tolerance.absolute + o.tolerance.relative * at.cwiseAbs().maxCoeff();
      });
  out.accepted = steps;
  out.evaluations = 4 * steps;
  return out;
}

EquiangularLaw true_equiangular_law() {
  return {reference::equiangular_rate<double>, reference::consensus_rate<double>, dormand_prince};
}

EquiangularLaw law_without_u_exponential() {
  return {rate_without_u_exponential, consensus_rate_without_u_exponential, dormand_prince};
}

EquiangularLaw law_with_fixed_steps() {
  return {reference::equiangular_rate<double>, reference::consensus_rate<double>, fixed_step_rk4};
}

}  // namespace

harness::ModelChoice<EquiangularLaw> ode_laws() {
  return harness::ModelChoice<EquiangularLaw>{true_equiangular_law(),
                                              {{"u-rate-missing-exponential", law_without_u_exponential()},
                                               {"integrator-error-estimate-unused", law_with_fixed_steps()}}};
}

harness::ModelChoice<EquiangularLaw> consensus_laws() {
  return harness::ModelChoice<EquiangularLaw>{true_equiangular_law(),
                                              {{"u-rate-missing-exponential", law_without_u_exponential()}}};
}

harness::ExperimentResult particles_follow_ode(const OdePoint& p, const EquiangularLaw& law,
                                               const harness::PointContext& at, bool figure) {
  const auto heads = scalar_heads(p.m, p.v);
  const auto model = model_of(p.type);
  const auto n = static_cast<Eigen::Index>(p.n), d = n + 1, tokens = d * n;
  const auto flow = scalar_head_flow(heads, p.beta, p.n, normalisation_of(p.type));
  // State: the d x n tokens, then the scalar rho of the model's ODE.
  State<double> y(tokens + 1);
  y.head(tokens) = dynamics::flatten<double>(dynamics::equiangular_tokens(n, d, p.rho0));
  y[tokens] = p.rho0;
  const Field field = [&](double t, const State<double>& at_y, State<double>& dy) {
    State<double> velocity;
    flow(t, State<double>(at_y.head(tokens)), velocity);
    dy.resize(tokens + 1);
    dy.head(tokens) = velocity;
    dy[tokens] = law.rate(model, heads, p.beta, p.n, at_y[tokens]);
  };
  double worst = 0, spread = 0, l1 = 0;
  std::vector<double> ts, rho_particles, rho_ode;
  dynamics::IntegrationOptions<double> o;
  o.tolerance = {1e-13, 1e-14};
  o.project = [&](State<double>& at_y) { Eigen::Map<Matrix<double>>(at_y.data(), d, n).colwise().normalize(); };
  o.observe = [&](double t, const State<double>& at_y, bool at_step) {
    if (!at_step) return;
    const Matrix<double> x = Eigen::Map<const Matrix<double>>(at_y.data(), d, n);
    const Matrix<double> gram = x.transpose() * x;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j)
        if (i != j) lo = std::min(lo, gram(i, j)), hi = std::max(hi, gram(i, j));
    worst = std::max({worst, std::abs(hi - at_y[tokens]), std::abs(lo - at_y[tokens])});
    spread = std::max(spread, hi - lo);
    l1 = std::max(l1, x.cwiseAbs().colwise().sum().maxCoeff());
    ts.push_back(t), rho_particles.push_back((lo + hi) / 2), rho_ode.push_back(at_y[tokens]);
  };
  const auto run = law.integrate(field, y, p.t1, o);
  // Symmetry is exact, so only rounding separates the pairs: each evaluation adds at most
  // (n + d) eps to a component (sums over n keys and d coordinates).
  const double rounding = static_cast<double>(run.evaluations) * static_cast<double>(n + d) * kEps;
  // A token's error is at most twice the step errors (the renormalisation at most doubles a
  // step's error, the exact flow being on the sphere); an inner product moves by at most
  // (|x_i|_1 + |x_j|_1) times the tokens' max-norm error, the scalar by its own error.
  const double tolerance = (4 * l1 + 1) * run.error_estimate + rounding;
  const std::string reading = fmt::format("{}-type, spherical, softmax, m = {}, v = {}", p.type, p.m, p.v);
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("every <x_i, x_j>(t), i != j, equals the scalar ODE's rho(t) after every step ({})", reading),
      worst / tolerance,
      fmt::format(
          "statistic = max over steps and pairs |<x_i,x_j> - rho_ODE| / ((4 max_i |x_i|_1 + 1) error estimate + "
          "rounding); max deviation {:.3g}, error estimate {:.3g} ({} steps, {} evaluations), rounding {:.3g}",
          worst, run.error_estimate, run.accepted, run.evaluations, rounding)));
  out.checks.push_back(harness::deterministic_check(
      fmt::format("the tokens stay equiangular: max - min over pairs of <x_i, x_j> within rounding ({})", reading),
      spread / rounding,
      fmt::format("statistic = largest pairwise spread {:.3g} / rounding bound (evaluations (n + d) eps = {:.3g})",
                  spread, rounding)));
  if (figure) {
    harness::Series points{"particles: <x_i, x_j>", "points", {}, {}};
    const std::size_t stride = std::max<std::size_t>(1, ts.size() / 40);
    for (std::size_t k = 0; k < ts.size(); k += stride) points.x.push_back(ts[k]), points.y.push_back(rho_particles[k]);
    const std::string& id = at.claim.id;
    out.figures.push_back(harness::Figure{
        .id = harness::figure_slug(id, "rho " + at.label),
        .claim = id,
        .title =
            fmt::format("{}: rho(t), {}-type, beta = {:g}, n = {}, m = {}, v = {}", id, p.type, p.beta, p.n, p.m, p.v),
        .xlabel = "t",
        .ylabel = "rho = <x_i, x_j>",
        .series = {{"scalar ODE", "lines", ts, rho_ode}, std::move(points)}});
  }
  return out;
}

harness::ExperimentResult consensus_slope(const ConsensusPoint& p, const EquiangularLaw& law,
                                          const harness::PointContext&) {
  constexpr double kStart = 0.999, kEnd = 1e-7;  // rho0, and the last 1 - rho of the fit
  const auto heads = scalar_heads(p.m, p.v);
  const auto n = static_cast<Eigen::Index>(p.n), d = n + 1;
  const auto flow = scalar_head_flow(heads, p.beta, p.n, normalisation_of(p.type));
  const double lambda = law.consensus_rate(model_of(p.type), heads, p.beta);
  std::vector<double> ts, log_gap;
  dynamics::IntegrationOptions<double> o;
  o.tolerance = {1e-10, 1e-14};
  o.project = [&](State<double>& y) { dynamics::renormalise_tokens<double>(y, d); };
  o.observe = [&](double t, const State<double>& y, bool at_step) {
    // 1 - rho = |x_1 - x_2|^2 / 2 keeps its relative precision near consensus.
    const double gap = (y.segment(0, d) - y.segment(d, d)).squaredNorm() / 2;
    if (at_step && gap >= kEnd) ts.push_back(t), log_gap.push_back(std::log(gap));
  };
  const Field field = [&](double t, const State<double>& y, State<double>& dy) { flow(t, y, dy); };
  law.integrate(field, dynamics::flatten<double>(dynamics::equiangular_tokens(n, d, kStart)),
                std::log((1 - kStart) / kEnd) / lambda, o);
  if (ts.size() < 3) throw std::runtime_error("consensus slope: fewer than 3 steps in the fit window");
  const double slope = stats::least_squares(ts, log_gap).slope;
  const double b_max = p.beta * *std::max_element(p.m.begin(), p.m.end());
  harness::ExperimentResult out;
  out.checks.push_back(harness::rate_check(
      fmt::format("slope of ln(1 - rho(t)) from rho = 0.999 is -lambda = {:.8g} within 1% ({}-type, spherical, "
                  "softmax, m = {}, v = {})",
                  -lambda, p.type, p.m, p.v),
      slope, -lambda, 0.01 * lambda,
      fmt::format("least squares over the {} steps (Dormand-Prince, tolerance 1e-10) with 1 - rho in [1e-7, 1e-3]; "
                  "1 - rho = |x_1 - x_2|^2/2; the rate's O(eps) correction is at most (1 + beta max m) 1e-3 = {:.2g} "
                  "relative there, inside 1%",
                  ts.size(), (1 + b_max) * 1e-3)));
  return out;
}

}  // namespace attnlaw::theory::multihead_dynamics
