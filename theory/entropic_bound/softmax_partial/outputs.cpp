// EB.softmax-partial, experiment "outputs": the regression coefficient B^ of softmax outputs on
// X. Asserted on the grid of THEORY.md §5 (r* = 2 of d = 8): full algebraic rank from beta = 0.3 (below it
// the curvature term is too small to be told from a threshold) and r_0.9 = r* from beta = 0.1 (at
// 0.05 the uniform-attention term, a rank-one part of relative size ~ |mean token|^2 n / beta, a
// chi-square in d, tips r_0.9 to r* + 1 in some instances: reported); everywhere, the energy
// effective rank obeys the entropy-grouping bound at the measured tail energy. Beyond the grid
// (beta to 100, r* to d - 1) r_0.9 = r* is only reported.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "reference/spectra/effective_rank.hpp"
#include "theory/entropic_bound/softmax_partial/experiments.hpp"
#include "theory/entropic_bound/frontier.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/surrogate/attention_outputs.hpp"

namespace attnlaw::theory::entropic_bound::softmax_partial {
namespace {

constexpr double kTau = 0.9;
// Full algebraic rank is asserted at the rounding bound from beta = 0.3; the first target's level
// sigma_d/sigma_1 > 1e-6 (THEORY.md §4.2, §5) is reported: over many instances its margin is only a few.
constexpr double kFullRankLevel = 1e-6, kFullRankFrom = 0.3, kTauRankFrom = 0.1;

struct Cell {
  Eigen::VectorXd sigma;  // of B^, descending
  double energy_rank = 0, grouping = 0;
  double rounding = 0;  // bound on |B^ - B^exact|_F
};

// |Y - Y_exact|_F for Y = A X (V = I): ln A is off by at most beta gamma_{2d+1} (|X||W||X|^T)_ij +
// (n + 4) eps max(scale, 1) (THEORY.md §4.2), A by that plus eps relative, and the product A X adds
// gamma_n: (gamma_n + that) |A||X| entrywise.
double output_rounding(const Instance& inst, double beta) {
  const double n = static_cast<double>(inst.x.rows()), d = static_cast<double>(inst.x.cols());
  const Matrix ax = inst.x.cwiseAbs();
  const Matrix s = surrogate::attention_scores(inst.x, inst.w);
  const Matrix log_a = surrogate::log_attention(s, beta);
  const double scale = std::max(log_a.cwiseAbs().maxCoeff(), beta * s.cwiseAbs().maxCoeff());
  const double log_error = beta * gamma(2 * d + 1) * (ax * inst.w.cwiseAbs() * ax.transpose()).maxCoeff() +
                           (n + 4) * kEps * std::max(scale, 1.0);
  return (gamma(n) + log_error + kEps) * (log_a.array().exp().matrix() * ax).norm();
}

// H(p) = h(eps) + (1 - eps) H(top r) + eps H(tail) <= h(eps) + (1 - eps) ln r + eps ln(R - r), eps the
// tail's energy fraction: the energy effective rank is at most the exp of that (THEORY.md §4.2).
double grouping_bound(const Eigen::VectorXd& s, Eigen::Index r) {
  const double total = s.squaredNorm(), eps = s.tail(s.size() - r).squaredNorm() / total;
  const auto xlx = [](double v) { return v > 0 ? v * std::log(v) : 0.0; };
  const double tail = s.size() > r ? eps * std::log(static_cast<double>(s.size() - r)) : 0.0;
  return std::exp(-xlx(eps) - xlx(1 - eps) + (1 - eps) * std::log(static_cast<double>(r)) + tail);
}

// r_0.9 = r exactly when the top r - 1 energies fall short of 0.9 and the top r reach it: the
// statistic max(E_{r-1} / (0.9 E), 0.9 E / E_r) <= 1, with E_0 = 0.
double tau_rank_margin(const Eigen::VectorXd& s, Eigen::Index r) {
  const double total = s.squaredNorm();
  return std::max(s.head(r - 1).squaredNorm() / (kTau * total), kTau * total / s.head(r).squaredNorm());
}

}  // namespace

harness::ExperimentResult outputs_concentrate(const OutputPoint& p, const SoftmaxModel& model,
                                              const harness::PointContext& at) {
  const auto count = static_cast<std::size_t>(p.instances);
  const std::size_t nb = p.betas.size(), nr = p.ranks.size();
  std::vector<Cell> cells(count * nr * nb);  // [instance][rank][beta]
  harness::for_each_replicate(count, [&](std::size_t i) {
    for (std::size_t k = 0; k < nr; ++k) {
      const auto r = static_cast<std::int64_t>(p.ranks[k]);
      const Instance inst = draw_instance(p.n, p.d, r, at.streams.key(), static_cast<std::uint32_t>(i));
      const Matrix v = Matrix::Identity(p.d, p.d);
      for (std::size_t b = 0; b < nb; ++b) {
        Cell& c = cells[(i * nr + k) * nb + b];
        const Matrix y = surrogate::softmax_output(inst.x, inst.w, v, p.betas[b]);
        const Matrix coefficient = surrogate::regression_coefficient(inst.x, y);
        c.sigma = surrogate::singular_values(coefficient);
        if (p.assert_grid) c.rounding = least_squares_bound(inst.x, y, coefficient, output_rounding(inst, p.betas[b]));
        c.energy_rank = model.energy.energy_effective_rank(as_span(c.sigma));
        const double bound = grouping_bound(c.sigma, r);
        c.grouping = c.energy_rank / (bound + effective_rank_rounding(c.energy_rank, c.sigma.size()) +
                                      effective_rank_rounding(bound, c.sigma.size()));
      }
    }
  });
  double grouping = 0, margin = 0, full_rank = 0, low_erank = std::numeric_limits<double>::infinity(), high_erank = 0,
         low_tail = std::numeric_limits<double>::infinity(), high_tail = 0;
  std::size_t tau_hits = 0, full_hits = 0, level_hits = 0, full_trials = 0;
  double floor = 0;
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> hits;  // (rank, beta) -> instances with r_0.9 = r*
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t k = 0; k < nr; ++k) {
      const auto r = static_cast<Eigen::Index>(p.ranks[k]);
      for (std::size_t b = 0; b < nb; ++b) {
        const Cell& c = cells[(i * nr + k) * nb + b];
        const double ratio = c.sigma[c.sigma.size() - 1] / c.sigma[0];
        grouping = std::max(grouping, c.grouping);
        if (p.betas[b] >= kTauRankFrom) margin = std::max(margin, tau_rank_margin(c.sigma, r));
        const bool hit = reference::energy_rank(as_span(c.sigma), kTau) == static_cast<std::size_t>(r);
        tau_hits += hit;
        hits[{k, b}] += hit;
        low_erank = std::min(low_erank, c.energy_rank);
        high_erank = std::max(high_erank, c.energy_rank);
        if (p.betas[b] >= kFullRankFrom) {
          const double sigma_d = c.sigma[c.sigma.size() - 1];
          full_rank = std::max(full_rank, c.rounding / sigma_d);
          floor = std::max(floor, c.rounding / c.sigma[0]);
          full_hits += sigma_d > c.rounding;
          level_hits += ratio > kFullRankLevel;
          ++full_trials;
          low_tail = std::min(low_tail, ratio);
          high_tail = std::max(high_tail, ratio);
        }
      }
    }
  }
  const std::size_t trials = count * nr * nb;
  std::string breaks;
  for (std::size_t k = 0; k < nr; ++k) {
    for (std::size_t b = 0; b < nb; ++b)
      if (hits[{k, b}] < count)
        breaks += fmt::format(" r*={:g} beta={:g}: {}/{};", p.ranks[k], p.betas[b], hits[{k, b}], count);
  }
  if (breaks.empty()) breaks = " none";
  const std::string setting =
      fmt::format("n = {}, d = {}, r* in {{{}}}, beta in [{:g}, {:g}], {} instances, V = I", p.n, p.d,
                  fmt::join(p.ranks, ", "), p.betas.front(), p.betas.back(), p.instances);
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("energy effective rank of B^ <= exp(h(eps) + (1 - eps) ln r* + eps ln(d - r*)), eps = tail energy "
                  "fraction (energy-entropy reading); {}",
                  setting),
      grouping,
      fmt::format("statistic = max of erank / (grouping bound + rounding (2R + 6)(1 + ln f) eps f); measured erank in "
                  "[{:.3f}, {:.3f}]; r_0.9 = r* in {}/{} (instance, r*, beta); where r_0.9 != r* (report):{}",
                  low_erank, high_erank, tau_hits, trials, breaks)));
  if (!p.assert_grid) {
    for (std::size_t k = 0; k < nr; ++k) {
      std::size_t recovered = 0;
      for (std::size_t b = 0; b < nb; ++b) recovered += hits[{k, b}];
      out.tables.push_back(
          frontier_row(fmt::format("softmax outputs beyond the grid, r* = {:g} of d = {}, beta {:g} to {:g}",
                                   p.ranks[k], p.d, p.betas.front(), p.betas.back()),
                       "Y = A X V, r_0.9(B^)", recovery_word(recovered, count * nb),
                       fmt::format("r_0.9 = r* in {}/{} (instance, beta)", recovered, count * nb), at.claim.id));
    }
    return out;
  }
  out.checks.push_back(harness::deterministic_check(
      fmt::format("r_0.9(B^) = r* for every beta in [0.1, 3] (outputs only; tau-energy reading, tau = 0.9); {}",
                  setting),
      margin,
      fmt::format("statistic = max over beta >= 0.1 of max(E_{{r*-1}} / (0.9 E), 0.9 E / E_r*), E_k = sum_{{j<=k}} "
                  "sigma_j^2 (THEORY.md §4.2); at every beta, r_0.9 = r* in {}/{} (instance, beta), misses (report):{}",
                  tau_hits, trials, breaks)));
  out.checks.push_back(harness::deterministic_check(
      fmt::format("B^ has full algebraic rank d for beta in [0.3, 3]: sigma_d(B^) above its rounding bound e_B "
                  "(outputs only); {}",
                  setting),
      full_rank,
      fmt::format("statistic = max of e_B / sigma_d, e_B = first-order bound of the softmax layer and the QR solve "
                  "(THEORY.md §4.2), at most {:.1e} sigma_1; measured sigma_d/sigma_1 in [{:.2g}, {:.2g}], above the "
                  "target's level 1e-6 (THEORY.md §5) in {}/{} (report)",
                  floor, low_tail, high_tail, level_hits, full_trials)));
  out.tables.push_back(frontier_row(
      fmt::format("softmax outputs, algebraic rank, r* = {:g} of d = {}, beta 0.3 to 3", p.ranks[0], p.d),
      "Y = A X V (V = I), rank(B^)", recovery_word(full_trials - full_hits, full_trials),
      fmt::format("rank(B^) = d = {} (at the rounding bound) in {}/{}: sigma_d/sigma_1 in [{:.1e}, {:.1e}]", p.d,
                  full_hits, full_trials, low_tail, high_tail),
      at.claim.id));
  out.tables.push_back(
      frontier_row(fmt::format("softmax outputs, r_0.9, r* = {:g} of d = {}, beta {:g} to {:g}", p.ranks[0], p.d,
                               p.betas.front(), p.betas.back()),
                   "Y = A X V, r_0.9(B^)", recovery_word(tau_hits, trials),
                   fmt::format("r_0.9 = r* in {}/{} (instance, beta); energy erank in [{:.2f}, {:.2f}]", tau_hits,
                               trials, low_erank, high_erank),
                   at.claim.id));
  harness::Figure figure{.id = harness::figure_slug(at.claim.id, "spectra"),
                         .claim = at.claim.id,
                         .title = fmt::format("{}: sigma_k(B^) / sigma_1, softmax outputs (n = {}, d = {}, r* = {:g}, "
                                              "V = I; instance 0)",
                                              at.claim.id, p.n, p.d, p.ranks[0]),
                         .xlabel = "k",
                         .ylabel = "sigma_k / sigma_1",
                         .log_y = true};
  for (std::size_t b = 0; b < nb; ++b) {
    harness::Series series{fmt::format("beta = {:g}", p.betas[b]), "linespoints", {}, {}};
    const Eigen::VectorXd& s = cells[b].sigma;
    for (Eigen::Index k = 0; k < s.size(); ++k) {
      series.x.push_back(static_cast<double>(k + 1));
      series.y.push_back(s[k] / s[0]);
    }
    figure.series.push_back(std::move(series));
  }
  out.figures.push_back(std::move(figure));
  return out;
}

}  // namespace attnlaw::theory::entropic_bound::softmax_partial
