#pragma once
// MH.relu-vs-softmax (claim.cpp): its model, the four attention readings, its point and the run
// functions of its experiments (consensus.cpp, orthogonal_start.cpp).
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "reference/attention_dynamics/equiangular.hpp"
#include "verify/dynamics/attention_flow.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::multihead_dynamics::relu_vs_softmax_claim {

using dynamics::Kernel;
using dynamics::Normalisation;
using reference::EquiangularModel;
inline constexpr double kEps = std::numeric_limits<double>::epsilon();
inline const std::vector<reference::ScalarHead<double>> kHead{{1.0, 1.0}};

// The ReLU-U kernel's gain, the weight per unit score of a key: beta m. The claim's predictions
// are built on it: the consensus rate 2 v gain and the rate near rho = 0, (2/n) v gain rho.
struct ReluGain {
  std::function<double(double beta, double m)> gain;
};

struct Reading {
  const char* name;
  EquiangularModel model;
  Normalisation normalisation;
  Kernel kernel;
};
inline constexpr Reading kReadings[] = {
    {"softmax-U", EquiangularModel::softmax_unnormalised, Normalisation::unnormalised, Kernel::exponential},
    {"ReLU-U", EquiangularModel::relu_unnormalised, Normalisation::unnormalised, Kernel::relu},
    {"softmax-S", EquiangularModel::softmax_row, Normalisation::row_softmax, Kernel::exponential},
    {"ReLU-S", EquiangularModel::relu_row, Normalisation::row_softmax, Kernel::relu}};

struct RatePoint {
  std::uint64_t n;
  double beta;
  harness::Fields fields() const { return {{"n", n}, {"beta", beta}}; }
};

harness::ExperimentResult consensus_rates(const RatePoint& p, const ReluGain& model, const harness::PointContext& at);
harness::ExperimentResult orthogonal_starts(const RatePoint& p, const ReluGain& model, const harness::PointContext& at);

}  // namespace attnlaw::theory::multihead_dynamics::relu_vs_softmax_claim
