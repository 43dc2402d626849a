#pragma once
// EB.rank-lower-bound: the points and run functions of its two experiments (claim.cpp holds
// the info, the model and the grids).
#include <string>

#include "theory/entropic_bound/capacity_helpers.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::entropic_bound::rank_bound {

// The planted task of THEORY.md §5: n = 16, sigma(T*) = (4, 3, 2, 1), r* = 4; ranks r = 0..5.
inline constexpr Eigen::Index kN = 16;
inline constexpr std::size_t kRStar = 4, kRMax = 5;
inline constexpr double kSigma[] = {4, 3, 2, 1};

// Sigma_tok = I ("identity") or the AR(1) Toeplitz(0.5^{|i-j|}) ("toeplitz").
Mat token_covariance_root(const std::string& covariance);

// [M]_r S^{-1}: the truncated SVD of M = T* S mapped back (S invertible, so the rank is kept):
// the minimiser of |(T - T*) S|_F^2 over rank-r T (Eckart–Young through T -> T S).
Mat best_rank_r(const Mat& m, const Mat& s, std::size_t r);

struct ExactPoint {
  std::string covariance;
  std::size_t starts;  // random starts of ALS per rank
  harness::Fields fields() const { return {{"covariance", covariance}, {"starts", starts}}; }
};

struct HeldOutPoint {
  std::string covariance;
  std::size_t tasks;    // random T* = U diag(4,3,2,1) V^T
  std::size_t n_train;  // columns the rank-r fit is trained on
  std::size_t n_test;   // held-out columns the risk is estimated on
  double noise;         // s.d. of the additive noise
  harness::Fields fields() const {
    return {{"covariance", covariance}, {"tasks", tasks}, {"n_train", n_train}, {"n_test", n_test}, {"noise", noise}};
  }
};

harness::ExperimentResult exact_minimisers(const ExactPoint& p, const TailSum& tail, const harness::PointContext& at);
harness::ExperimentResult held_out_risk(const HeldOutPoint& p, const TailSum& tail, const harness::PointContext& at);

}  // namespace attnlaw::theory::entropic_bound::rank_bound
