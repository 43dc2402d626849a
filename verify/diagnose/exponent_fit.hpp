#pragma once
// The exponent xi of median Lambda ~ (log n)^xi per head, across files of several context lengths:
// ordinary least squares of log median Lambda on log log n,
// with a percentile bootstrap CI over rows. xi = 1 is the log n law; the paper's claim is that it
// is not universal, so the tally counts the heads whose CI excludes 1.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/diagnose/tensor_diagnosis.hpp"
#include "verify/stats/bootstrap.hpp"
#include "verify/stats/linear_fit.hpp"

namespace attnlaw::diagnose {

inline constexpr std::uint32_t kBootstrapSeed = 20261130;
inline constexpr std::uint32_t kBootstrapReplicates = 1000;
inline constexpr double kCiLevel = 0.95;

// One file's head, in the coordinates of the fit.
struct FitPoint {
  std::string file;
  double n_median = 0;           // median unmasked row length of the head in that file
  double log_log_n = 0;          // x = log log n_median
  double log_median_lambda = 0;  // y = log median Lambda
};

struct HeadExponentFit {
  std::string group;
  std::vector<FitPoint> points;  // in order of n (the bootstrap streams are indexed by position)
  stats::LinearFit line;         // slope xi; slope_std_error is the OLS one, NaN with two files
  stats::PercentileBootstrap bootstrap;
  bool ci_excludes_1 = false;  // meaningful only with bootstrap.ci

  // The fitted median Lambda at row length n: exp(intercept + xi log log n).
  double median_lambda_at(double n) const;
};

// Why a file's head is not a point of the fit: log median Lambda or log log n is not finite.
enum class SkipReason { median_lambda_zero, median_lambda_infinite, log_log_n_not_positive };

struct SkippedGroup {
  std::string file;
  std::string group;
  SkipReason reason;
};

struct ExponentFits {
  // Per group label with points at two or more distinct n, in order of first appearance.
  std::vector<HeadExponentFit> heads;
  std::vector<SkippedGroup> skipped;
  // Over the heads with a CI, pooled groups (is_pooled_group_label) left out.
  std::size_t heads_fitted = 0;
  std::size_t heads_excluding_1 = 0;
};

// Groups of the same label in different tensors are one head at several n.
ExponentFits fit_exponents(std::span<const TensorDiagnosis> tensors);

}  // namespace attnlaw::diagnose
