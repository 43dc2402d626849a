// EB.effective-rank, experiment "random-spectra": Roy–Vetterli > energy entropy >= participation
// ratio, strictly inside (1, R), and invariant under scaling and orthogonal transforms, each to the
// first-order sensitivity of the definition at the derived perturbation of the spectrum.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "reference/spectra/effective_rank.hpp"
#include "theory/entropic_bound/effective_rank/experiments.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::theory::entropic_bound::effective_ranks {
namespace {

// First-order change of exp(H(p)), p_k = sigma_k^q / W, under |d sigma_k| <= delta_k:
// d ln f / d sigma_k = -(q sigma_k^{q-1} / W)(ln p_k + H) (THEORY.md §4.3).
double entropy_rank_sensitivity(const Spectrum& s, double q, const Spectrum& delta) {
  double w = 0;
  for (double v : s) w += std::pow(v, q);
  double h = 0;
  for (double v : s) h -= std::pow(v, q) / w * std::log(std::pow(v, q) / w);
  double rate = 0;
  for (std::size_t k = 0; k < s.size(); ++k)
    rate += q * std::pow(s[k], q - 1) / w * std::abs(std::log(std::pow(s[k], q) / w) + h) * delta[k];
  return std::exp(h) * rate;
}

// The same for PR = W_2^2 / W_4: d ln PR / d sigma_k = 4 sigma_k / W_2 - 4 sigma_k^3 / W_4.
double participation_sensitivity(const Spectrum& s, const Spectrum& delta) {
  double w2 = 0, w4 = 0;
  for (double v : s) {
    w2 += v * v;
    w4 += v * v * v * v;
  }
  double rate = 0;
  for (std::size_t k = 0; k < s.size(); ++k) rate += std::abs(4 * s[k] / w2 - 4 * s[k] * s[k] * s[k] / w4) * delta[k];
  return w2 * w2 / w4 * rate;
}

// Roy–Vetterli, the model's energy effective rank, PR; and each one's first-order change.
struct Definition {
  std::function<double(std::span<const double>)> value;
  std::function<double(const Spectrum&, const Spectrum&)> sensitivity;
};

std::vector<Definition> definitions(const EnergyRankModel& model) {
  return {{[](std::span<const double> s) { return reference::roy_vetterli_rank(s); },
           [](const Spectrum& s, const Spectrum& d) { return entropy_rank_sensitivity(s, 1, d); }},
          {model.energy_effective_rank,
           [](const Spectrum& s, const Spectrum& d) { return entropy_rank_sensitivity(s, 2, d); }},
          {[](std::span<const double> s) { return reference::participation_ratio(s); }, participation_sensitivity}};
}

}  // namespace

harness::ExperimentResult random_spectra(const RandomPoint& p, const EnergyRankModel& model,
                                         const harness::PointContext& at) {
  const auto r = static_cast<std::size_t>(p.values);
  const double rd = static_cast<double>(r);
  double order = 0, inside = 0, scaled = 0, rotated = 0;
  for (std::int64_t i = 0; i < p.spectra; ++i) {
    const auto rep = static_cast<std::uint32_t>(i);
    // sigma_k = e^{-3 u_k}, descending: within [e^{-3}, 1], so every first-order bound applies.
    rng::SampleSource source(at.streams.key(), rep, 0);
    Spectrum s(r);
    for (double& v : s) v = std::exp(-3 * source.next_uniform());
    std::sort(s.rbegin(), s.rend());
    const std::span<const double> sp(s);
    const double rv = reference::roy_vetterli_rank(sp), energy = model.energy_effective_rank(sp),
                 pr = reference::participation_ratio(sp);
    const double e_rv = effective_rank_rounding(rv, r), e_en = effective_rank_rounding(energy, r);
    order = std::max({order, (energy + e_en + e_rv) / rv, pr / (energy + e_en + effective_rank_rounding(pr, r))});
    inside = std::max({inside, (1 + e_rv) / rv, (1 + e_en) / energy, rv / (rd - e_rv), energy / (rd - e_en)});
    const std::vector<Definition> defs = definitions(model);
    for (double c : {1e-150, 7.3, 1e150}) {
      Spectrum t = s, delta(r);
      for (std::size_t k = 0; k < r; ++k) {
        t[k] *= c;
        delta[k] = 3 * kEps * s[k];  // the scaling and the division by the top value
      }
      for (const Definition& def : defs) {
        const double f = def.value(sp);
        const double tol = def.sensitivity(s, delta) + 2 * effective_rank_rounding(f, r);
        scaled = std::max(scaled, std::abs(def.value(std::span<const double>(t)) - f) / tol);
      }
    }
    // M = U diag(sigma) V^T, then Q1 M Q2: four products of n x n factors, each within n gamma_n
    // sigma_1 in 2-norm (| |Q| |_2 <= sqrt n), the factors orthogonal to their measured defect,
    // and the SVD backward stable to n eps sigma_1 (taken as its constant): delta for every sigma_k.
    const auto n = static_cast<Eigen::Index>(r);
    const surrogate::Matrix q1 = surrogate::random_orthogonal(n, at.streams.key("rotate"), rep, 0);
    const surrogate::Matrix q2 = surrogate::random_orthogonal(n, at.streams.key("rotate"), rep, 1);
    const surrogate::Matrix m = surrogate::planted_operator(n, s, at.streams.key("plant"), rep, 0);
    const Eigen::VectorXd moved = surrogate::singular_values(q1 * m * q2);
    double defect = 0;
    for (const surrogate::Matrix* q : {&q1, &q2})
      defect += (q->transpose() * *q - surrogate::Matrix::Identity(n, n)).norm();
    const double d_sigma = (4 * rd * gamma(rd) + 4 * defect + rd * kEps) * s[0];
    for (const Definition& def : defs) {
      const double f = def.value(sp);
      const double tol = def.sensitivity(s, Spectrum(r, d_sigma)) + 2 * effective_rank_rounding(f, r);
      rotated = std::max(rotated, std::abs(def.value(as_span(moved)) - f) / tol);
    }
  }
  const std::string setting = fmt::format("{} random spectra of R = {} values in [e^-3, 1]", p.spectra, p.values);
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      "Roy–Vetterli > energy effective rank >= participation ratio (energy-entropy reading); " + setting, order,
      "statistic = max of (erank + rounding) / RV and PR / (erank + rounding): RV > erank because the energies "
      "majorise sigma / sum sigma, erank >= PR because Shannon entropy >= Renyi-2 (THEORY.md §4.3)"));
  out.checks.push_back(harness::deterministic_check(
      "1 < erank < R for non-flat spectra, Roy–Vetterli and the energy effective rank; " + setting, inside,
      "statistic = max of (1 + e)/erank and erank/(R - e), e = evaluation rounding: strictly inside by more than it"));
  out.checks.push_back(harness::deterministic_check(
      "Roy–Vetterli, the energy effective rank and PR are invariant under scaling sigma by 1e-150, 7.3, 1e150; " +
          setting,
      scaled,
      "statistic = max |erank(c sigma) - erank(sigma)| / (first-order change at |d sigma_k| <= 3 eps sigma_k + 2 "
      "evaluation roundings)"));
  out.checks.push_back(harness::deterministic_check(
      "Roy–Vetterli, the energy effective rank and PR of Q1 M Q2 (M = U diag(sigma) V^T, Q1, Q2 Haar), from its "
      "SVD, equal those of sigma; " +
          setting,
      rotated,
      "statistic = max |erank(svd(Q1 M Q2)) - erank(sigma)| / (first-order change at |d sigma_k| <= (4 n gamma_n + 4 "
      "orthogonality defect + n eps) sigma_1 + 2 evaluation roundings)"));
  return out;
}

}  // namespace attnlaw::theory::entropic_bound::effective_ranks
