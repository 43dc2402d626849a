// MH.entropy-production: the attention entropy H_i = -sum_j A_ij ln A_ij of a softmax row changes at
// dH_i/dt = -beta^2 Cov_{j~A_i}(s_ij, sdot_ij), sdot_ij = <x_i', M x_j> + <x_i, M x_j'>, for any
// dynamics and any M (THEORY.md §3). On equiangular tokens under one scalar head the entropy is a
// function H(rho) with dH/drho = beta^2 p (1-p)(1-rho) >= 0: it rises along clustering, to ln n.
// Proof checks: the identity against central differences of H_i along random flows (S- and U-type,
// random symmetric M), the equiangular entropy along a particle trajectory against H(rho_ODE(t)),
// its limit ln n, and the closed form against the THEORY.md §6 table. Off symmetry H_i need not be
// monotone; the sign changes seen along random flows are reported, not judged.
#include <memory>
#include <vector>

#include "theory/multihead_dynamics/claims.hpp"
#include "theory/multihead_dynamics/entropy_production/experiments.hpp"

namespace attnlaw::theory::multihead_dynamics {
namespace {

using entropy_production_claim::closed_form;
using entropy_production_claim::EntropyRate;
using entropy_production_claim::equiangular_entropy_rises;
using entropy_production_claim::EquiangularPoint;
using entropy_production_claim::FlowPoint;
using entropy_production_claim::identity_along_flows;
using entropy_production_claim::Matrix;
using entropy_production_claim::TablePoint;

// -beta^2 Cov_{A_i}(s_i., sdot_i.) for the score rates `sdot` (n x n).
std::vector<double> covariance_rate(const Matrix<double>& x, const Matrix<double>& m, double beta,
                                    const Matrix<double>& sdot) {
  const Matrix<double> a = dynamics::softmax_attention<double>(x, m, beta);
  const Matrix<double> s = dynamics::scores<double>(x, m);
  std::vector<double> out(static_cast<std::size_t>(a.rows()));
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    const double s_mean = a.row(i).dot(s.row(i)), sdot_mean = a.row(i).dot(sdot.row(i));
    const auto centred = (s.row(i).array() - s_mean) * (sdot.row(i).array() - sdot_mean);
    out[static_cast<std::size_t>(i)] = -beta * beta * (a.row(i).array() * centred).sum();
  }
  return out;
}

EntropyRate both_sides() {
  return {[](const Matrix<double>& x, const Matrix<double>& v, const Matrix<double>& m, double beta) {
    return covariance_rate(x, m, beta, v.transpose() * m * x + x.transpose() * m * v);
  }};
}

// Planted: sdot_ij from the query's motion only, <x_i', M x_j> (the key's motion dropped).
EntropyRate query_side_only() {
  return {[](const Matrix<double>& x, const Matrix<double>& v, const Matrix<double>& m, double beta) {
    return covariance_rate(x, m, beta, v.transpose() * m * x);
  }};
}

}  // namespace

std::unique_ptr<harness::Claim> entropy_production() {
  auto claim = std::make_unique<harness::ClaimSpec<EntropyRate>>(
      harness::ClaimInfo{"MH.entropy-production", "MH", "THEORY.md §3 (attention entropy; entropy production)",
                         "For any dynamics and any M, dH_i/dt = -beta^2 Cov_{j~A_i}(s_ij, sdot_ij); on equiangular "
                         "tokens under one scalar head dH/drho = beta^2 p(1-p)(1-rho) >= 0, so the attention entropy "
                         "rises along clustering to ln n.",
                         harness::Provenance::derived,
                         "[derived][checked] (reconstruction; identity for S- and U-type flows, monotonicity in the "
                         "S-type equiangular reading)"},
      harness::ModelChoice<EntropyRate>{both_sides(), {{"entropy-rate-one-sided", query_side_only()}}});
  const std::vector<FlowPoint> flows_smoke{
      {"S", 7, 5, 1.0, 2.0, 3}, {"U", 7, 5, 1.0, 2.0, 3}, {"S", 8, 3, 4.0, 4.0, 3}};
  std::vector<FlowPoint> flows_standard;
  for (const char* type : {"S", "U"}) {
    flows_standard.push_back({type, 7, 5, 1.0, 2.0, 50});
    flows_standard.push_back({type, 8, 3, 4.0, 4.0, 50});
    flows_standard.push_back({type, 16, 4, 2.0, 3.0, 20});
  }
  // Full: four times the flows at the standard points, d = 9 (n = 8 and 32 tokens) and beta = 6.
  std::vector<FlowPoint> flows_full;
  for (const char* type : {"S", "U"}) {
    flows_full.push_back({type, 7, 5, 1.0, 2.0, 200});
    flows_full.push_back({type, 8, 3, 4.0, 4.0, 200});
    flows_full.push_back({type, 16, 4, 2.0, 3.0, 80});
    flows_full.push_back({type, 8, 9, 2.0, 3.0, 100});
    flows_full.push_back({type, 32, 9, 1.0, 2.0, 20});
    flows_full.push_back({type, 6, 3, 6.0, 2.0, 50});
  }
  claim->experiment("identity",
                    harness::Grid<FlowPoint>{.smoke = flows_smoke, .standard = flows_standard, .full = flows_full},
                    identity_along_flows);
  const std::vector<EquiangularPoint> equiangular{{16, 3.0, 0.999}};
  const std::vector<EquiangularPoint> equiangular_standard{{16, 3.0, 0.999}, {8, 1.0, 0.999}, {32, 5.0, 0.99}};
  // Full: the n-ladder 4, 64, 128 (d = n + 1) and a slower, sharper head (beta = 8 at n = 16).
  std::vector<EquiangularPoint> equiangular_full = equiangular_standard;
  equiangular_full.insert(equiangular_full.end(),
                          {{4, 2.0, 0.999}, {64, 3.0, 0.999}, {128, 2.0, 0.99}, {16, 8.0, 0.99}});
  claim->experiment(
      "equiangular",
      harness::Grid<EquiangularPoint>{.smoke = equiangular, .standard = equiangular_standard, .full = equiangular_full},
      equiangular_entropy_rises);
  const std::vector<TablePoint> table{{-0.05, "1.7289120", "2.25079338"},
                                      {0.0, "1.8403688", "2.20272845"},
                                      {0.3, "2.4024344", "1.43794325"},
                                      {0.7, "2.7331033", "0.32677688"},
                                      {0.95, "2.7718694", "0.03002387"}};
  // Full = standard: THEORY.md §6 prints the table at these five rho only.
  claim->experiment("closed-form", harness::Grid<TablePoint>{.smoke = table, .standard = table, .full = table},
                    closed_form);
  return claim;
}

}  // namespace attnlaw::theory::multihead_dynamics
