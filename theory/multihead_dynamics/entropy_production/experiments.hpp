#pragma once
// MH.entropy-production (claim.cpp): its model, its points and the run functions of its
// experiments (identity.cpp: the identity along random flows; equiangular.cpp: the equiangular
// trajectory and the closed form).
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "verify/dynamics/attention_flow.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::multihead_dynamics::entropy_production_claim {

using dynamics::Matrix;
inline constexpr double kEps = std::numeric_limits<double>::epsilon();

// dH_i/dt of head M's softmax rows at tokens X moving with velocity V (both d x n).
struct EntropyRate {
  std::function<std::vector<double>(const Matrix<double>& x, const Matrix<double>& v, const Matrix<double>& m,
                                    double beta)>
      rate;
};

// The rounding of one evaluation of H_i: scores to d eps, weights and logarithms to a few eps each,
// propagated through |dH/ds| <= beta (ln n + 1).
inline double entropy_rounding(Eigen::Index n, Eigen::Index d, double beta) {
  return 16 * kEps * (std::log(static_cast<double>(n)) + 1) * (1 + beta * static_cast<double>(d));
}

struct FlowPoint {
  std::string type;  // "S" or "U"
  std::uint64_t n, d;
  double beta, t1;
  std::uint32_t reps;
  harness::Fields fields() const {
    return {{"type", type}, {"n", n}, {"d", d}, {"beta", beta}, {"t1", t1}, {"reps", reps}};
  }
};

struct EquiangularPoint {
  std::uint64_t n;
  double beta, rho1;  // from rho0 = 0 to the time T(0 -> rho1)
  harness::Fields fields() const { return {{"n", n}, {"beta", beta}, {"rho1", rho1}}; }
};

struct TablePoint {
  double rho;
  std::string entropy, derivative;  // the THEORY.md §6 quotes at n = 16, beta = 3
  harness::Fields fields() const { return {{"n", 16}, {"beta", 3.0}, {"rho", rho}}; }
};

harness::ExperimentResult identity_along_flows(const FlowPoint& p, const EntropyRate& model,
                                               const harness::PointContext& at);
harness::ExperimentResult equiangular_entropy_rises(const EquiangularPoint& p, const EntropyRate& model,
                                                    const harness::PointContext& at);
harness::ExperimentResult closed_form(const TablePoint& p, const EntropyRate& model, const harness::PointContext& at);

}  // namespace attnlaw::theory::multihead_dynamics::entropy_production_claim
