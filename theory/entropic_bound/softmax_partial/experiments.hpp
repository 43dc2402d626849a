#pragma once
// EB.softmax-partial: the model, the points and the run functions of its two experiments
// (maps.cpp: log-attention maps; outputs.cpp: outputs on the beta grid of THEORY.md §5, and the scan
// beyond it that reports where the partial recovery breaks).
#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "theory/entropic_bound/attention_helpers.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::theory::entropic_bound::softmax_partial {

using surrogate::Matrix;

// How ln A is row-centred before its rank is read, and which effective rank is the energy one.
struct SoftmaxModel {
  std::function<Matrix(const Matrix&)> centre;
  EnergyRankModel energy;
};

// W = O diag(1, ..., 1, 0, ..., 0) O^T with r ones, O Haar (sample 1); X Gaussian n x d (sample 0).
struct Instance {
  Matrix x, w;
};
Instance draw_instance(std::int64_t n, std::int64_t d, std::int64_t r, rng::StreamKey key, std::uint32_t rep);

struct MapPoint {
  std::int64_t n, d, r;
  std::vector<double> betas;
  std::int64_t instances;
  harness::Fields fields() const { return {{"n", n}, {"d", d}, {"r", r}, {"betas", betas}, {"instances", instances}}; }
};
harness::ExperimentResult maps_recover_rank(const MapPoint& p, const SoftmaxModel& model,
                                            const harness::PointContext& at);

// `ranks` holds the r* values (doubles: a point field type).
struct OutputPoint {
  std::int64_t n, d;
  std::vector<double> ranks, betas;
  std::int64_t instances;
  bool assert_grid;  // true: the THEORY.md §5 grid, r_tau = r* asserted; false: the scan beyond it, reported
  harness::Fields fields() const {
    return {
        {"n", n}, {"d", d}, {"ranks", ranks}, {"betas", betas}, {"instances", instances}, {"asserted", assert_grid}};
  }
};
harness::ExperimentResult outputs_concentrate(const OutputPoint& p, const SoftmaxModel& model,
                                              const harness::PointContext& at);

}  // namespace attnlaw::theory::entropic_bound::softmax_partial
