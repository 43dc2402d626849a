// MH.superadditive: heterogeneous scalar heads cluster super-additively. With rho' = sum_h r_h(rho),
// T_h = int drho / r_h and T_H = int drho / sum_h r_h, 1/T_H >= sum_h 1/T_h, with equality iff
// the r_h are proportional (THEORY.md §3: r -> 1/int(1/r) is concave and 1-homogeneous). Proof
// checks on random heads m_h in [0.2, 3] (v_h = m_h), U- and S-type softmax, every T by the
// log-substituted quadrature of reference/attention_dynamics with its error bound; and the
// THEORY.md §6 values as a fixed point.
#include <fmt/core.h>

#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/equiangular_scalar_heads.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

using reference::EquiangularModel;
using Heads = std::vector<reference::ScalarHead<double>>;
constexpr double kEps = std::numeric_limits<double>::epsilon();

// The clustering time of a set of heads run together: the claim's composition of heads.
struct HeadComposition {
  std::function<reference::Estimate<double>(EquiangularModel, const Heads&, double beta, std::uint64_t n)> time;
};

constexpr double kRho0 = 0.0, kRho1 = 0.99;

HeadComposition summed_heads() {
  return {[](EquiangularModel model, const Heads& heads, double beta, std::uint64_t n) {
    return reference::clustering_time_quadrature<double>(model, heads, beta, n, kRho0, kRho1);
  }};
}

// Planted: the heads' outputs averaged, v_i = (1/H) sum_h (...), instead of summed.
HeadComposition averaged_heads() {
  return {[](EquiangularModel model, const Heads& heads, double beta, std::uint64_t n) {
    Heads scaled = heads;
    for (auto& h : scaled) h.v /= static_cast<double>(heads.size());
    return reference::clustering_time_quadrature<double>(model, scaled, beta, n, kRho0, kRho1);
  }};
}

EquiangularModel softmax_model(const std::string& type) {
  return type == "U" ? EquiangularModel::softmax_unnormalised : EquiangularModel::softmax_row;
}

// The rates 1/T_H and sum_h 1/T_h, with the bound of their difference: delta(1/T) = delta T / T^2
// from each quadrature's bound, and 4 eps of the sum for its rounding.
struct Rates {
  double together, separate, tolerance;
};
Rates rates(const HeadComposition& model, EquiangularModel kind, const Heads& heads, double beta, std::uint64_t n) {
  const auto t = model.time(kind, heads, beta, n);
  Rates r{1 / t.value, 0, t.error / (t.value * t.value)};
  for (const auto& h : heads) {
    const auto one = model.time(kind, Heads{h}, beta, n);
    r.separate += 1 / one.value;
    r.tolerance += one.error / (one.value * one.value);
  }
  r.tolerance += 4 * kEps * (r.separate + r.together);
  return r;
}

struct RandomPoint {
  std::string type;  // "U" or "S": the per-head normalisation
  std::uint64_t n;
  double beta;
  int heads;
  std::uint32_t reps;
  harness::Fields fields() const { return {{"type", type}, {"n", n}, {"beta", beta}, {"H", heads}, {"reps", reps}}; }
};

harness::ExperimentResult random_heads(const RandomPoint& p, const HeadComposition& model,
                                       const harness::PointContext& at) {
  const EquiangularModel kind = softmax_model(p.type);
  const rng::StreamKey key = at.streams.key("m");
  double worst_gap = 0, smallest_gain = std::numeric_limits<double>::infinity(), worst_equal = 0;
  for (std::uint32_t r = 0; r < p.reps; ++r) {
    Heads heads;
    for (int h = 0; h < p.heads; ++h) {
      rng::SampleSource source(key, r, static_cast<std::uint64_t>(h));
      const double m = 0.2 + 2.8 * source.next_uniform();
      heads.push_back({m, m});
    }
    const Rates mixed = rates(model, kind, heads, p.beta, p.n);
    worst_gap = std::max(worst_gap, (mixed.separate - mixed.together) / mixed.tolerance);
    smallest_gain = std::min(smallest_gain, mixed.together / mixed.separate - 1);
    const Rates equal = rates(model, kind, Heads(static_cast<std::size_t>(p.heads), heads.front()), p.beta, p.n);
    worst_equal = std::max(worst_equal, std::abs(equal.together - equal.separate) / equal.tolerance);
  }
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("{}-type softmax, {} random heads m_h = v_h in [0.2, 3], rho 0 -> 0.99: 1/T_H >= sum_h 1/T_h", p.type,
                  p.heads),
      worst_gap,
      fmt::format("statistic = max(0, max over {} draws of (sum 1/T_h - 1/T_H) / tol), tol = sum of the quadratures' "
                  "bounds / T^2 + 4 eps; observed smallest relative gain 1/T_H / sum 1/T_h - 1 = {:.4g}",
                  p.reps, smallest_gain)));
  out.checks.push_back(harness::deterministic_check(
      fmt::format("{}-type softmax, {} equal heads m_h = v_h = m (m = the first draw's): 1/T_H = H / T_1 (equality "
                  "case)",
                  p.type, p.heads),
      worst_equal, fmt::format("statistic = max over {} draws of |1/T_H - H/T_1| / tol, the same tol", p.reps)));
  return out;
}

struct FixedPoint {
  std::string type;
  std::string together, separate, equal;  // the THEORY.md §6 quotes: 1/T_12, 1/T_1 + 1/T_2, 1/T_12 at m = (1, 1)
  harness::Fields fields() const { return {{"type", type}, {"n", 32}, {"beta", 4.0}, {"m", std::vector{0.5, 2.0}}}; }
};

harness::ExperimentResult reference_values(const FixedPoint& p, const HeadComposition& model,
                                           const harness::PointContext&) {
  const EquiangularModel kind = softmax_model(p.type);
  const Rates mixed = rates(model, kind, Heads{{0.5, 0.5}, {2.0, 2.0}}, 4.0, 32);
  const Rates equal = rates(model, kind, Heads{{1.0, 1.0}, {1.0, 1.0}}, 4.0, 32);
  harness::ExperimentResult out;
  const auto against = [&](const char* what, double value, const std::string& text, double bound) {
    const Quoted q = quoted(text);
    out.checks.push_back(harness::deterministic_check(
        fmt::format("{}-type, n = 32, beta = 4, rho 0 -> 0.99: {} = {} (THEORY.md §6, table)", p.type, what, text),
        std::abs(value - q.value) / (q.rounding + bound),
        fmt::format("statistic = |value - quote| / (quote's rounding + quadrature bounds / T^2); value {:.12g}",
                    value)));
  };
  against("1/T_12 at m = (0.5, 2)", mixed.together, p.together, mixed.tolerance);
  against("1/T_1 + 1/T_2 at m = (0.5, 2)", mixed.separate, p.separate, mixed.tolerance);
  against("1/T_12 at m = (1, 1)", equal.together, p.equal, equal.tolerance);
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> superadditive() {
  auto claim = std::make_unique<harness::ClaimSpec<HeadComposition>>(
      harness::ClaimInfo{"MH.superadditive", "MH", "THEORY.md §3 (super-additivity of heterogeneous heads)",
                         "Scalar heads on equiangular tokens cluster super-additively: 1/T_H >= sum_h 1/T_h for the "
                         "clustering time rho 0 -> 0.99, U- and S-type softmax, with equality for equal heads.",
                         harness::Provenance::derived,
                         "[derived][checked] (reconstruction, most plausible reading; U- and S-type, v_h = m_h)"},
      harness::ModelChoice<HeadComposition>{summed_heads(), {{"superadditive-heads-averaged", averaged_heads()}}});
  std::vector<RandomPoint> smoke, standard;
  for (const char* type : {"U", "S"})
    for (std::uint64_t n : {8ull, 32ull})
      for (double beta : {0.5, 2.0, 4.0}) {
        smoke.push_back({type, n, beta, beta == 2.0 ? 4 : 2, 10});
        for (int h : {2, 3, 4}) standard.push_back({type, n, beta, h, 200});
      }
  // Full: five times the draws with H = 4 at every standard (type, n, beta), and H = 2 and 8 on the
  // n-ladder 3, 32, 1000, 10^6 (the quadrature's cost does not grow with n) at beta = 1 and 8.
  std::vector<RandomPoint> full = standard;
  for (RandomPoint& p : full)
    if (p.heads == 4) p.reps = 1000;
  for (const char* type : {"U", "S"}) {
    for (std::uint64_t n : {3ull, 32ull, 1000ull, 1000000ull})
      for (double beta : {1.0, 8.0})
        for (int h : {2, 8}) full.push_back({type, n, beta, h, 200});
  }
  claim->experiment("random-heads", harness::Grid<RandomPoint>{.smoke = smoke, .standard = standard, .full = full},
                    random_heads);
  const std::vector<FixedPoint> printed{{"U", "3.2056526", "3.0146856", "1.8029904"},
                                        {"S", "0.23473073", "0.14388007", "0.34499088"}};
  // Full = standard: THEORY.md §6 prints these two points only.
  claim->experiment("reference-values",
                    harness::Grid<FixedPoint>{.smoke = printed, .standard = printed, .full = printed},
                    reference_values);
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
