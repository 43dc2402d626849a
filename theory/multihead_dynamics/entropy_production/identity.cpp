// MH.entropy-production, experiment "identity": the entropy identity along random flows.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "theory/multihead_dynamics/entropy_production/experiments.hpp"
#include "verify/dynamics/dormand_prince.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics::entropy_production_claim {

// Along each random flow (uniform tokens, one random symmetric head M = V, spherical) at 21 times:
// the identity against the central difference of H_i in the direction of the velocity, step
// h = 1e-4 / max(1, max_i |x_i'|); tolerance = |FD(h) - FD(2h)| (three times FD(h)'s truncation,
// Richardson) + rounding of H / h.
harness::ExperimentResult identity_along_flows(const FlowPoint& p, const EntropyRate& model,
                                               const harness::PointContext& at) {
  constexpr double kStep = 1e-4;
  const auto n = static_cast<Eigen::Index>(p.n), d = static_cast<Eigen::Index>(p.d);
  double worst = 0, largest_tolerance = 0;
  std::size_t changing_tokens = 0, changing_starts = 0;
  for (std::uint32_t r = 0; r < p.reps; ++r) {
    dynamics::AttentionFlow<double> flow;
    flow.heads = dynamics::random_symmetric_heads(1, d, at.streams.key("heads"), r);
    flow.beta = p.beta;
    flow.normalisation = p.type == "U" ? dynamics::Normalisation::unnormalised : dynamics::Normalisation::row_softmax;
    const Matrix<double>& m = flow.heads.front().score;
    std::vector<std::vector<double>> rates;
    dynamics::IntegrationOptions<double> o;
    for (int k = 0; k <= 20; ++k) o.output_times.push_back(p.t1 * k / 20);
    o.project = [d](dynamics::State<double>& y) { dynamics::renormalise_tokens<double>(y, d); };
    o.observe = [&](double, const dynamics::State<double>& y, bool at_step) {
      if (at_step) return;
      const Matrix<double> x = dynamics::unflatten<double>(y, d);
      Matrix<double> v;
      flow.velocity(x, v);
      // The step moves every token by at most h_0 = 1e-4, however fast the flow.
      const double h = kStep / std::max(1.0, v.colwise().norm().maxCoeff());
      const auto entropy = [&](double step) { return dynamics::attention_entropies<double>(x + step * v, m, p.beta); };
      const auto hp = entropy(h), hm = entropy(-h), hp2 = entropy(2 * h), hm2 = entropy(-2 * h);
      rates.push_back(model.rate(x, v, m, p.beta));
      for (Eigen::Index i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        const double fd = (hp[u] - hm[u]) / (2 * h), fd2 = (hp2[u] - hm2[u]) / (4 * h);
        const double tolerance = std::abs(fd - fd2) + entropy_rounding(n, d, p.beta) / h;
        worst = std::max(worst, std::abs(rates.back()[u] - fd) / tolerance);
        largest_tolerance = std::max(largest_tolerance, tolerance);
      }
    };
    dynamics::integrate_dormand_prince<double>(
        flow, dynamics::flatten<double>(dynamics::uniform_tokens(n, d, at.streams.key("tokens"), r)), 0.0, p.t1, o);
    std::size_t here = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      const auto u = static_cast<std::size_t>(i);
      const auto below = [u](const std::vector<double>& rate) { return rate[u] < 0; };
      const auto above = [u](const std::vector<double>& rate) { return rate[u] > 0; };
      here += std::any_of(rates.begin(), rates.end(), below) && std::any_of(rates.begin(), rates.end(), above);
    }
    changing_tokens += here;
    changing_starts += here > 0;
  }
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("{}-type spherical flow, random symmetric M = V: dH_i/dt = -beta^2 Cov_{{A_i}}(s_ij, sdot_ij), "
                  "sdot from both x_i' and x_j'",
                  p.type),
      worst,
      fmt::format("statistic = max over {} flows x 21 times x {} tokens of |identity - FD| / tol, central difference "
                  "h = 1e-4 / max(1, max_i |x_i'|), tol = |FD(h) - FD(2h)| + rounding of H / h (largest tol {:.2e}); "
                  "observed (report only, off symmetry): {} of {} tokens in {} of {} flows change the sign of dH_i/dt "
                  "on [0, {:g}]",
                  p.reps, p.n, largest_tolerance, changing_tokens, p.reps * p.n, changing_starts, p.reps, p.t1)));
  return out;
}

}  // namespace attnlaw::theory::multihead_dynamics::entropy_production_claim
