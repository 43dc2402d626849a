// MH.radial-shadow.sufficient: for orthogonal heads (U-type, V_h = M_h, spherical), E_h is
// non-decreasing wherever sum_i r_ih S_ih <= sum_i |P g_ih|^2, the per-head identity's right side
// being >= 0 there; two stronger conditions imply it: r_ih S_ih <= 0 for every i (the heads'
// radial shadows never align), and, for every head at once, max_i |r_ih||S_ih| <= min_i |P g_ih|^2
// (THEORY.md §2). Proof check: at random configurations, dE_h/dt by central differences of E_h
// along the flow is >= -tolerance wherever the condition holds; the fractions of configurations
// meeting each condition are reported, not tested (the paper's condition is unknown).
#include <fmt/core.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/energy_helpers.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

struct SufficientPoint {
  std::string signs;  // "positive": M_h = P_h; "mixed": every second head -P_h, so radial shadows can oppose
  std::int64_t n, d, h;
  double beta;
  double spread;  // 0: uniform tokens; else x_i = normalise(w + spread u_i), w and u_i uniform: one cap
  std::int64_t configurations;
  harness::Fields fields() const {
    return {{"signs", signs},
            {"n", n},
            {"d", d},
            {"H", h},
            {"beta", beta},
            {"spread", spread},
            {"configurations", configurations}};
  }
};

// Tokens of one cap make the radial pulls of heads of opposite sign oppose at every token.
Mat draw_tokens(const SufficientPoint& p, rng::StreamKey key, std::uint32_t replicate) {
  Mat x = dynamics::uniform_tokens(p.n + 1, p.d, key, replicate);
  if (p.spread == 0) return x.leftCols(p.n);
  const Eigen::VectorXd w = x.col(p.n);
  Mat cap = (p.spread * x.leftCols(p.n)).colwise() + w;
  cap.colwise().normalize();
  return cap;
}

harness::ExperimentResult monotone_where_sufficient(const SufficientPoint& p, const HeadIdentity& model,
                                                    const harness::PointContext& at) {
  Heads heads = block_heads(static_cast<int>(p.h), p.d);
  if (p.signs == "mixed")
    for (std::size_t h = 1; h < heads.size(); h += 2) heads[h].score *= -1, heads[h].value *= -1;
  const auto flow = energy_flow(heads, p.beta, dynamics::Normalisation::unnormalised, dynamics::Geometry::spherical);
  double worst = -std::numeric_limits<double>::infinity(), worst_pointwise = worst;
  std::size_t pairs = 0, sufficient = 0, pointwise = 0, all_heads = 0, stronger = 0;
  std::vector<double> rates;
  for (std::int64_t r = 0; r < p.configurations; ++r) {
    const Mat x = draw_tokens(p, at.streams.key("tokens"), static_cast<std::uint32_t>(r));
    const EnergyTerms terms = energy_terms(x, heads, p.beta);
    const Mat v = velocity(flow, x);
    bool every_head = true;
    std::vector<Rate> fd;
    for (std::size_t h = 0; h < heads.size(); ++h) {
      fd.push_back(rate_by_differences(x, v, {heads[h]}, p.beta));
      const Eigen::VectorXd shadow = terms.heads[h].r.cwiseProduct(terms.shadow(h));
      every_head = every_head && shadow.cwiseAbs().maxCoeff() <= terms.heads[h].tangential.minCoeff();
      ++pairs;
      // The condition sum_i r_ih S_ih <= sum_i |P g_ih|^2 is the identity's right side >= 0.
      if (model.spherical(terms, h) >= 0) {
        ++sufficient;
        worst = std::max(worst, -fd.back().value / fd.back().tolerance);
        rates.push_back(fd.back().value);
      }
      if (shadow.maxCoeff() <= 0) {
        ++pointwise, ++stronger;
        worst_pointwise = std::max(worst_pointwise, -fd.back().value / fd.back().tolerance);
      }
    }
    if (every_head) {
      ++all_heads, stronger += fd.size();
      for (const Rate& f : fd) worst_pointwise = std::max(worst_pointwise, -f.value / f.tolerance);
    }
  }
  const std::string fractions = fmt::format(
      "observed: sum_i r_ih S_ih <= sum_i |P g_ih|^2 in {} of {} (configuration, head) pairs, r_ih S_ih <= 0 for all i "
      "in {}, max_i |r_ih S_ih| <= min_i |P g_ih|^2 for every head in {} of {} configurations; dE_h/dt where the "
      "condition holds: {}",
      sufficient, pairs, pointwise, all_heads, p.configurations, span_of(rates));
  const std::string method =
      "statistic = max -D / tol over the pairs meeting it, D = Richardson-extrapolated central "
      "difference of E_h along the flow's velocity, tol = its truncation estimate + rounding "
      "floor (THEORY.md §2); ";
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format(
          "where sum_i r_ih S_ih <= sum_i |P g_ih|^2, dE_h/dt >= 0 (U-type, spherical, {} block-projector heads)",
          p.signs),
      worst, method + fractions));
  // The stronger conditions are checked only where some configuration meets them (never, for heads of one sign).
  if (stronger > 0)
    out.checks.push_back(harness::deterministic_check(
        fmt::format("where r_ih S_ih <= 0 for all i, or max_i |r_ih S_ih| <= min_i |P g_ih|^2 for every head, dE_h/dt "
                    ">= 0 (U-type, spherical, {} block-projector heads)",
                    p.signs),
        worst_pointwise, method + fractions));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> radial_shadow_sufficient() {
  auto claim = std::make_unique<harness::ClaimSpec<HeadIdentity>>(
      harness::ClaimInfo{"MH.radial-shadow.sufficient", "MH", "THEORY.md §2 (a sufficient condition)",
                         "For orthogonal heads, U-type, V_h = M_h, spherical: E_h is non-decreasing where "
                         "sum_i r_ih S_ih <= sum_i |P g_ih|^2, in particular where r_ih S_ih <= 0 for all i, and every "
                         "E_h where max_i |r_ih||S_ih| <= min_i |P g_ih|^2 for every head.",
                         harness::Provenance::derived,
                         "[derived][checked] (reconstruction; the paper's exact condition is unknown; U-type reading)"},
      harness::ModelChoice<HeadIdentity>{orthogonal_head_identity(),
                                         {{"radial-shadow-sign", head_identity_with_shadow_added()}}});
  const std::vector<SufficientPoint> standard{{"positive", 8, 6, 3, 2.0, 0, 1000}, {"positive", 8, 6, 3, 0.5, 0, 500},
                                              {"positive", 4, 6, 3, 4.0, 0, 500},  {"mixed", 8, 6, 2, 2.0, 0.5, 500},
                                              {"mixed", 8, 6, 3, 2.0, 0.5, 500},   {"mixed", 8, 6, 2, 2.0, 0, 500}};
  // Full: ten times the configurations of the spec-size points, d = 9 with three heads of three
  // coordinates for both sign patterns, a tighter cap (spread 0.25), more tokens (n = 16), and few
  // tokens (n = 2, 3), where the every-head condition max_i |r_ih S_ih| <= min_i |P g_ih|^2 (met
  // once in 3500 configurations on standard) is met often enough to test.
  std::vector<SufficientPoint> full = standard;
  full.insert(full.end(), {{"positive", 8, 6, 3, 2.0, 0, 10000},
                           {"mixed", 8, 6, 2, 2.0, 0.5, 5000},
                           {"positive", 8, 9, 3, 2.0, 0, 3000},
                           {"positive", 4, 9, 3, 4.0, 0, 3000},
                           {"mixed", 8, 9, 3, 2.0, 0.5, 3000},
                           {"mixed", 8, 9, 3, 2.0, 0.25, 3000},
                           {"mixed", 16, 9, 3, 1.0, 0, 1000},
                           {"positive", 2, 6, 3, 2.0, 0, 5000},
                           {"positive", 3, 9, 3, 1.0, 0, 5000},
                           {"positive", 2, 4, 2, 0.5, 0, 5000}});
  claim->experiment(
      "configurations",
      harness::Grid<SufficientPoint>{.smoke = {{"positive", 8, 6, 3, 2.0, 0, 200}, {"mixed", 8, 6, 2, 2.0, 0.5, 100}},
                                     .standard = standard,
                                     .full = full},
      monotone_where_sufficient);
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
