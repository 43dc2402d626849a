#include "theory/multihead_dynamics/energy_helpers.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "verify/dynamics/dormand_prince.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

constexpr double kUnit = std::numeric_limits<double>::epsilon() / 2;

double energy_of(const Mat& x, const Heads& heads, double beta) {
  double e = 0;
  for (const auto& h : heads) e += dynamics::head_energy<double>(x, h.score, beta);
  return e;
}

}  // namespace

Eigen::VectorXd EnergyTerms::shadow(std::size_t h) const {
  Eigen::VectorXd s = Eigen::VectorXd::Zero(heads.front().r.size());
  for (std::size_t k = 0; k < heads.size(); ++k)
    if (k != h) s += heads[k].r;
  return s;
}

EnergyTerms energy_terms(const Mat& x, const Heads& heads, double beta) {
  EnergyTerms out;
  out.n = static_cast<double>(x.cols());
  out.total = Mat::Zero(x.rows(), x.cols());
  for (const auto& head : heads) {
    HeadTerms t;
    t.g = dynamics::head_energy_gradient<double>(x, head.score, beta);
    t.r = (x.array() * t.g.array()).colwise().sum().transpose();
    const Mat tangent = t.g - x * t.r.asDiagonal();
    t.tangential = tangent.colwise().squaredNorm().transpose();
    t.z = (beta * dynamics::scores<double>(x, head.score).array()).exp().matrix().rowwise().sum();
    out.total += t.g;
    out.heads.push_back(std::move(t));
  }
  return out;
}

Heads block_heads(int count, Eigen::Index d) {
  if (count <= 0 || d % count != 0) throw std::invalid_argument("block_heads: the head count must divide d");
  const Eigen::Index block = d / count;
  Heads out;
  for (int h = 0; h < count; ++h) {
    Mat p = Mat::Zero(d, d);
    p.diagonal().segment(h * block, block).setOnes();
    out.push_back({p, p});
  }
  return out;
}

dynamics::AttentionFlow<double> energy_flow(Heads heads, double beta, dynamics::Normalisation normalisation,
                                            dynamics::Geometry geometry) {
  dynamics::AttentionFlow<double> flow;
  flow.heads = std::move(heads);
  flow.beta = beta;
  flow.normalisation = normalisation;
  flow.geometry = geometry;
  return flow;
}

Mat velocity(const dynamics::AttentionFlow<double>& flow, const Mat& x) {
  Mat v;
  flow.velocity(x, v);
  return v;
}

double rounding_floor(double magnitude, double summands) { return (summands + 32) * kUnit * magnitude; }

Rate rate_by_gradient(const dynamics::AttentionFlow<double>& flow, const Mat& x) {
  const Mat v = velocity(flow, x);
  double rate = 0, magnitude = 0;
  for (const auto& h : flow.heads) {
    const Mat g = dynamics::head_energy_gradient<double>(x, h.score, flow.beta);
    rate += (g.array() * v.array()).sum();
    magnitude += (g.array() * v.array()).abs().sum();
  }
  return {rate,
          rounding_floor(magnitude, static_cast<double>(x.size() * static_cast<Eigen::Index>(flow.heads.size())))};
}

double energy_rounding_bound(const Mat& x, const Heads& heads, double beta) {
  const double n = static_cast<double>(x.cols()), d = static_cast<double>(x.rows());
  const double reach = x.colwise().squaredNorm().maxCoeff();
  const Eigen::RowVectorXd norms = x.colwise().norm();
  double bound = 0;
  for (const auto& h : heads) {
    const double e = dynamics::head_energy<double>(x, h.score, beta);
    const Eigen::RowVectorXd grad = dynamics::head_energy_gradient<double>(x, h.score, beta).colwise().norm();
    bound += (n * n + 3 + 2 * d * beta * h.score.norm() * reach) * e + grad.dot(norms);
  }
  return kUnit * bound;
}

Rate rate_by_differences(const Mat& x, const Mat& v, const Heads& heads, double beta) {
  const double k = 1e-4 / std::max(v.cwiseAbs().maxCoeff(), 1.0);
  const auto central = [&](double step) {
    return (energy_of(x + step * v, heads, beta) - energy_of(x - step * v, heads, beta)) / (2 * step);
  };
  const double d1 = central(k), d2 = central(2 * k);
  return {(4 * d1 - d2) / 3, std::abs(d1 - d2) / 3 + 1.5 * energy_rounding_bound(x, heads, beta) / k};
}

EnergyTrack track_energies(const dynamics::AttentionFlow<double>& flow, const Mat& x0, double t1) {
  const Eigen::Index d = x0.rows();
  EnergyTrack track;
  track.sqrt_d = std::sqrt(static_cast<double>(d));
  track.spherical = flow.geometry == dynamics::Geometry::spherical;
  dynamics::IntegrationOptions<double> o;
  o.tolerance = {1e-10, 1e-12};
  if (track.spherical) o.project = [d](dynamics::State<double>& y) { dynamics::renormalise_tokens<double>(y, d); };
  o.observe = [&](double t, const dynamics::State<double>& y, bool at_step) {
    if (!at_step) return;
    const Mat x = dynamics::unflatten<double>(y, d);
    std::vector<double> e, l, r;
    for (const auto& h : flow.heads) {
      const Heads one{h};
      e.push_back(energy_of(x, one, flow.beta));
      l.push_back(dynamics::head_energy_gradient<double>(x, h.score, flow.beta).colwise().norm().sum());
      r.push_back(energy_rounding_bound(x, one, flow.beta));
    }
    track.t.push_back(t);
    track.energy.push_back(std::move(e));
    track.lipschitz.push_back(std::move(l));
    track.rounding.push_back(std::move(r));
  };
  const auto run = dynamics::integrate_dormand_prince<double>(flow, dynamics::flatten<double>(x0), 0.0, t1, o);
  track.error_estimate = run.error_estimate;
  track.accepted = run.accepted;
  track.final_tokens = dynamics::unflatten<double>(run.final_state, d);
  return track;
}

StepWorst worst_step(const EnergyTrack& track, const std::vector<std::size_t>& which, double sign) {
  StepWorst out{-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  const double reach = (track.spherical ? 2 : 1) * track.sqrt_d * track.error_estimate;
  const auto sum = [&](const std::vector<std::vector<double>>& a, std::size_t k) {
    double s = 0;
    for (std::size_t h : which) s += a[k][h];
    return s;
  };
  for (std::size_t k = 0; k + 1 < track.t.size(); ++k) {
    const double change = sign * (sum(track.energy, k + 1) - sum(track.energy, k));
    const double tol = reach * sum(track.lipschitz, k) + sum(track.rounding, k) + sum(track.rounding, k + 1);
    out.statistic = std::max(out.statistic, -change / tol);
    out.smallest_change = std::min(out.smallest_change, change);
  }
  return out;
}

namespace {

double flat_head_rate(const EnergyTerms& t, std::size_t h) { return t.n * t.heads[h].g.squaredNorm(); }

}  // namespace

HeadIdentity orthogonal_head_identity() {
  return {[](const EnergyTerms& t, std::size_t h) {
            return t.n * (t.heads[h].tangential - t.heads[h].r.cwiseProduct(t.shadow(h))).sum();
          },
          flat_head_rate};
}

HeadIdentity head_identity_with_shadow_added() {
  return {[](const EnergyTerms& t, std::size_t h) {
            return t.n * (t.heads[h].tangential + t.heads[h].r.cwiseProduct(t.shadow(h))).sum();
          },
          flat_head_rate};
}

double head_identity_magnitude(const EnergyTerms& t, std::size_t h) {
  return t.n * (t.heads[h].tangential.sum() + t.heads[h].r.cwiseProduct(t.shadow(h)).cwiseAbs().sum());
}

std::string span_of(const std::vector<double>& values) {
  if (values.empty()) return "none";
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  return fmt::format("{:.6g} ... {:.6g}", *lo, *hi);
}

}  // namespace attnlaw::theory::multihead_dynamics
