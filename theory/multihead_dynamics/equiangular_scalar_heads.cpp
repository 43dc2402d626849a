#include "theory/multihead_dynamics/equiangular_scalar_heads.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

#include "verify/dynamics/dormand_prince.hpp"
#include "verify/dynamics/initial_tokens.hpp"

namespace attnlaw::theory::multihead_dynamics {

dynamics::AttentionFlow<double> scalar_head_flow(std::span<const reference::ScalarHead<double>> heads, double beta,
                                                 std::uint64_t n, dynamics::Normalisation normalisation,
                                                 dynamics::Kernel kernel) {
  const auto d = static_cast<Eigen::Index>(n) + 1;
  dynamics::AttentionFlow<double> flow;
  for (const auto& h : heads)
    flow.heads.push_back(
        {h.m * dynamics::Matrix<double>::Identity(d, d), h.v * dynamics::Matrix<double>::Identity(d, d)});
  flow.beta = beta;
  flow.normalisation = normalisation;
  flow.kernel = kernel;
  return flow;
}

ParticleRun run_equiangular(const dynamics::AttentionFlow<double>& flow, std::uint64_t n, double rho0,
                            const std::vector<double>& times) {
  const auto d = static_cast<Eigen::Index>(n) + 1;
  ParticleRun out;
  dynamics::IntegrationOptions<double> o;
  o.tolerance = {1e-12, 1e-12};
  o.output_times = times;
  o.project = [d](dynamics::State<double>& y) { dynamics::renormalise_tokens<double>(y, d); };
  // Dense output is not on the sphere (its drift is of the order of the local error): projected
  // like the steps, so that 1 - <x_i, x_j> = |x_i - x_j|^2 / 2 holds at the observed times too.
  o.observe = [&](double, const dynamics::State<double>& y, bool at_step) {
    if (at_step) return;
    dynamics::State<double> on_sphere = y;
    dynamics::renormalise_tokens<double>(on_sphere, d);
    out.tokens.push_back(dynamics::unflatten<double>(on_sphere, d));
  };
  const auto run = dynamics::integrate_dormand_prince<double>(
      flow, dynamics::flatten<double>(dynamics::equiangular_tokens(static_cast<Eigen::Index>(n), d, rho0)), 0.0,
      times.back(), o);
  out.error_estimate = run.error_estimate;
  out.accepted = run.accepted;
  return out;
}

double worst_pair_deviation(const dynamics::Matrix<double>& tokens, double rho) {
  const dynamics::Matrix<double> gram = tokens.transpose() * tokens;
  double worst = 0;
  for (Eigen::Index i = 0; i < gram.rows(); ++i)
    for (Eigen::Index j = 0; j < gram.cols(); ++j)
      if (i != j) worst = std::max(worst, std::abs(gram(i, j) - rho));
  return worst;
}

double mean_gap(const dynamics::Matrix<double>& tokens) {
  const Eigen::Index n = tokens.cols();
  double sum = 0;
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = i + 1; j < n; ++j) sum += (tokens.col(i) - tokens.col(j)).squaredNorm() / 2;
  return sum / static_cast<double>(n * (n - 1) / 2);
}

Quoted quoted(std::string_view decimal) {
  double value = 0;
  const auto [end, error] = std::from_chars(decimal.data(), decimal.data() + decimal.size(), value);
  if (error != std::errc() || end != decimal.data() + decimal.size())
    throw std::invalid_argument("quoted: not a decimal number: " + std::string(decimal));
  const auto point = decimal.find('.');
  const auto digits = point == std::string_view::npos ? 0 : static_cast<int>(decimal.size() - point - 1);
  return {value, 0.5 * std::pow(10.0, -digits)};
}

}  // namespace attnlaw::theory::multihead_dynamics
