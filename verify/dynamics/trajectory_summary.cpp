#include "verify/dynamics/trajectory_summary.hpp"

#include <stdexcept>

namespace attnlaw::dynamics {

TrajectorySample summarise_state(const AttentionFlow<double>& flow, double t, const Matrix<double>& tokens) {
  TrajectorySample s;
  s.t = t;
  double entropy = 0;
  for (const Head<double>& h : flow.heads) {
    s.head_energies.push_back(head_energy<double>(tokens, h.score, flow.beta));
    s.energy += s.head_energies.back();
    for (double e : attention_entropies<double>(tokens, h.score, flow.beta)) entropy += e;
  }
  s.mean_entropy = entropy / static_cast<double>(flow.heads.size() * static_cast<std::size_t>(tokens.cols()));
  s.mean_inner_product = mean_pairwise_inner_product<double>(tokens);
  return s;
}

TrajectorySummary summarise_trajectory(const AttentionFlow<double>& flow, const Matrix<double>& tokens, double t1,
                                       std::size_t count, const Tolerance<double>& tolerance, std::size_t step_limit) {
  if (!(flow.beta > 0)) throw std::invalid_argument("summarise_trajectory: beta must be > 0 (the energy needs it)");
  if (!(t1 > 0) || count < 2) throw std::invalid_argument("summarise_trajectory: need t1 > 0 and at least 2 samples");
  const Eigen::Index d = flow.dimension();
  TrajectorySummary out;
  IntegrationOptions<double> o;
  o.tolerance = tolerance;
  o.step_limit = step_limit;
  for (std::size_t k = 0; k < count; ++k) o.output_times.push_back(t1 * static_cast<double>(k) / static_cast<double>(count - 1));
  o.output_times.back() = t1;
  if (flow.geometry == Geometry::spherical) o.project = [d](State<double>& y) { renormalise_tokens<double>(y, d); };
  o.observe = [&](double t, const State<double>& y, bool at_step) {
    if (!at_step) out.samples.push_back(summarise_state(flow, t, unflatten<double>(y, d)));
  };
  const auto r = integrate_dormand_prince<double>(flow, flatten<double>(tokens), 0.0, t1, o);
  out.error_estimate = r.error_estimate;
  out.largest_projection = r.largest_projection;
  out.accepted = r.accepted;
  out.rejected = r.rejected;
  out.evaluations = r.evaluations;
  return out;
}

}  // namespace attnlaw::dynamics
