// MH.energy.negative-controls: the conditions of MH.energy.monotone are needed. A non-symmetric
// score matrix (U-type, V = M) and the S-type normalisation on the sphere (even with orthogonal
// heads) give configurations where E falls, in closed form (THEORY.md §2). Proof checks: the
// closed forms of reference/attention_dynamics/counterexamples.hpp against the implementation's
// dE/dt by two routes (the gradient against the flow's velocity, and central differences of E
// along that velocity), and against the values printed in THEORY.md §6.
#include <fmt/core.h>

#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "reference/attention_dynamics/counterexamples.hpp"
#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/energy_helpers.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

using dynamics::Geometry;
using dynamics::Normalisation;

struct ClosedForms {
  std::function<double(double t, double beta, double k)> nonsymmetric;
  std::function<reference::TwoHeadRates<double>(double a, double b, double c2, double beta)> orthogonal;
};

// Planted "nonsymmetric-rate-sign": <S x, K x> = -k cos t sin t taken with the opposite sign, the rate
// e^{2 beta cos^2 t} cos t sin t (cos t sin t + k), positive wherever cos t sin t > 0 and k > 0.
double nonsymmetric_rate_with_sign_slip(double t, double beta, double k) {
  return reference::nonsymmetric_energy_rate(t, beta, -k);
}

harness::ExperimentResult compare(const std::string& what, double closed, double magnitude, const Rate& gradient,
                                  const Rate& differences, double printed) {
  const double floor = rounding_floor(magnitude, 4);
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      fmt::format("{}: the flow's dE/dt = sum_i <grad_i E, x_i'> equals the closed form {:.10g}", what, closed),
      std::abs(gradient.value - closed) / (gradient.tolerance + floor),
      fmt::format("statistic = |flow - closed| / (rounding floors of both, (m + 32) u sum|summands|); flow = {:.12g}",
                  gradient.value)));
  out.checks.push_back(harness::deterministic_check(
      fmt::format("{}: central differences of E along the flow's velocity equal the closed form", what),
      std::abs(differences.value - closed) / (differences.tolerance + floor),
      fmt::format("statistic = |D - closed| / (Richardson truncation estimate + rounding floors, THEORY.md §2); D = "
                  "{:.12g}",
                  differences.value)));
  if (!std::isnan(printed))
    out.checks.push_back(
        harness::deterministic_check(fmt::format("{}: the closed form is THEORY.md's printed {:.8f}", what, printed),
                                     std::abs(closed - printed) / kPrintedHalfUnit,
                                     "statistic = |closed - printed| / (half a unit of the 8th decimal)"));
  return out;
}

struct NonsymmetricPoint {
  double theta, beta, k;
  double printed = std::nan("");
  harness::Fields fields() const { return {{"theta", theta}, {"beta", beta}, {"k", k}}; }
};

// n = 1, d = 2, M = V = diag(1, 0) + k [[0, -1], [1, 0]], U-type, spherical, x = (cos theta, sin theta).
harness::ExperimentResult nonsymmetric(const NonsymmetricPoint& p, const ClosedForms& model,
                                       const harness::PointContext&) {
  Mat m(2, 2);
  m << 1, -p.k, p.k, 0;
  Mat x(2, 1);
  x << std::cos(p.theta), std::sin(p.theta);
  const auto flow = energy_flow({{m, m}}, p.beta, Normalisation::unnormalised, Geometry::spherical);
  const double cs = std::cos(p.theta) * std::sin(p.theta);
  const double magnitude = std::exp(2 * p.beta * x(0, 0) * x(0, 0)) * std::abs(cs) * (std::abs(cs) + std::abs(p.k));
  return compare("non-symmetric M, U-type, spherical", model.nonsymmetric(p.theta, p.beta, p.k), magnitude,
                 rate_by_gradient(flow, x), rate_by_differences(x, velocity(flow, x), flow.heads, p.beta), p.printed);
}

struct OrthogonalPoint {
  std::string type;  // "S" (the counterexample) or "U" (monotone at the same point)
  double a, b, c2, beta;
  double printed = std::nan("");
  harness::Fields fields() const { return {{"type", type}, {"a", a}, {"b", b}, {"c2", c2}, {"beta", beta}}; }
};

// n = 1, d = 4, M_1 = V_1 = a P_{e1,e2}, M_2 = V_2 = b P_{e3,e4}, spherical, x = (c, 0, s, 0).
harness::ExperimentResult orthogonal(const OrthogonalPoint& p, const ClosedForms& model, const harness::PointContext&) {
  Heads heads = block_heads(2, 4);
  heads[0].score *= p.a, heads[0].value *= p.a, heads[1].score *= p.b, heads[1].value *= p.b;
  Mat x = Mat::Zero(4, 1);
  x(0, 0) = std::sqrt(p.c2), x(2, 0) = std::sqrt(1 - p.c2);
  const bool s_type = p.type == "S";
  const auto flow = energy_flow(heads, p.beta, s_type ? Normalisation::row_softmax : Normalisation::unnormalised,
                                Geometry::spherical);
  const auto rates = model.orthogonal(p.a, p.b, p.c2, p.beta);
  const double big_a = std::abs(p.a) * std::exp(p.beta * p.a * p.c2),
               big_b = std::abs(p.b) * std::exp(p.beta * p.b * (1 - p.c2));
  const double c2s2 = p.c2 * (1 - p.c2);
  const double magnitude =
      s_type ? (std::abs(p.a) + std::abs(p.b)) * c2s2 * (big_a + big_b) : (big_a + big_b) * (big_a + big_b) * c2s2;
  return compare(fmt::format("orthogonal heads, {}-type, spherical", p.type),
                 s_type ? rates.row_softmax : rates.unnormalised, magnitude, rate_by_gradient(flow, x),
                 rate_by_differences(x, velocity(flow, x), heads, p.beta), p.printed);
}

}  // namespace

std::unique_ptr<harness::Claim> energy_negative_controls() {
  auto claim = std::make_unique<harness::ClaimSpec<ClosedForms>>(
      harness::ClaimInfo{"MH.energy.negative-controls", "MH", "THEORY.md §2 (non-symmetric M; S-type normalisation)",
                         "Without symmetry, or with the S-type normalisation on the sphere, E can fall: for n = 1, "
                         "M = V = diag(1,0) + k J, dE/dt = e^{2 beta cos^2 t} cos t sin t (cos t sin t - k); for "
                         "M_1 = a P_{e1,e2}, M_2 = b P_{e3,e4}, x = (c,0,s,0), S-type dE/dt = (a-b) c^2 s^2 "
                         "(a e^{beta a c^2} - b e^{beta b s^2}) while U-type dE/dt = (A - B)^2 c^2 s^2 >= 0.",
                         harness::Provenance::derived,
                         "[derived][checked] (reconstruction; U-type reading for M non-symmetric, S- against U-type "
                         "for orthogonal heads; spherical)"},
      harness::ModelChoice<ClosedForms>{
          ClosedForms{reference::nonsymmetric_energy_rate<double>, reference::orthogonal_heads_energy_rate<double>},
          {{"nonsymmetric-rate-sign",
            ClosedForms{nonsymmetric_rate_with_sign_slip, reference::orthogonal_heads_energy_rate<double>}}}});
  const double quarter = std::numbers::pi / 4;
  const std::vector<NonsymmetricPoint> nonsym_smoke{{quarter, 0.7, 1.0, -0.50343818}, {quarter, 0.7, 0.2, 0.30206291}};
  std::vector<NonsymmetricPoint> nonsym_standard = nonsym_smoke;
  for (const NonsymmetricPoint& p : {NonsymmetricPoint{0.3, 2.0, 0.5}, NonsymmetricPoint{1.2, 0.1, -0.4},
                                     NonsymmetricPoint{2.5, 1.0, 1.0}, NonsymmetricPoint{0.9, 3.0, 2.0}})
    nonsym_standard.push_back(p);
  const std::vector<OrthogonalPoint> orth_smoke{{"S", 1, 0.5, 0.1, 4, -0.06898496}, {"U", 1, 0.5, 0.1, 4, 0.21150774}};
  std::vector<OrthogonalPoint> orth_standard = orth_smoke;
  for (const char* type : {"S", "U"}) {
    orth_standard.push_back({type, 2, 0.3, 0.4, 1});
    orth_standard.push_back({type, 0.5, 1.5, 0.7, 2});
  }
  // Full: the closed forms are exact at every point, so the full grid sweeps them, both signs of
  // each rate, around the circle and over a decade of beta; every point costs microseconds.
  std::vector<NonsymmetricPoint> nonsym_full = nonsym_standard;
  for (double theta : {0.2, 0.6, 1.0, 1.4, 2.0, 2.8, 4.0, 5.5})
    for (double beta : {0.5, 2.0, 5.0})
      for (double k : {-1.0, 0.1, 0.3, 1.5}) nonsym_full.push_back({theta, beta, k});
  std::vector<OrthogonalPoint> orth_full = orth_standard;
  for (const char* type : {"S", "U"})
    for (const auto& [a, b] : {std::pair{1.0, 0.5}, std::pair{0.3, 2.0}, std::pair{2.0, 1.2}, std::pair{1.0, -0.7}})
      for (double c2 : {0.05, 0.3, 0.6, 0.9})
        for (double beta : {0.5, 2.0, 5.0}) orth_full.push_back({type, a, b, c2, beta});
  claim->experiment(
      "nonsymmetric",
      harness::Grid<NonsymmetricPoint>{.smoke = nonsym_smoke, .standard = nonsym_standard, .full = nonsym_full},
      nonsymmetric);
  claim->experiment("orthogonal-heads",
                    harness::Grid<OrthogonalPoint>{.smoke = orth_smoke, .standard = orth_standard, .full = orth_full},
                    orthogonal);
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
