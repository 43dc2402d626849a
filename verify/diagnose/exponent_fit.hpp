#pragma once
// The exponent xi of median Lambda ~ (log n)^xi per head, across files of several context lengths:
// ordinary least squares of log median Lambda on log log n over the head's context lengths.
//
// What the interval can and cannot say. The points are few (one per context length), and their
// scatter about the line is what an interval must carry: the sampling error of each median (a
// bootstrap over rows) is much smaller than the misfit across n of real models, and an interval
// built from it alone is overconfident. So the interval is the classical regression one, from the
// residuals with k - 2 degrees of freedom (Student t), which needs k >= 3 context lengths; with
// fewer the head is not fitted. It assumes independent, equal-variance errors about a line in
// log log n: with 3 or 4 points that assumption cannot be checked, and the intervals are wide.
// Heads are many: the test of xi = 1 (the log n law) is Holm-adjusted over the heads fitted, and
// a Bonferroni interval at the same family-wise level is given beside the per-head one.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/diagnose/tensor_diagnosis.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::diagnose {

inline constexpr std::size_t kMinContextLengths = 3;
inline constexpr double kCiLevel = 0.95;
// Family-wise error of the tests of xi = 1 over the heads of one diagnosis (Holm).
inline constexpr double kFamilyWiseAlpha = 0.05;

// One file's head, in the coordinates of the fit.
struct FitPoint {
  std::string file;
  double n_median = 0;           // median unmasked row length of the head in that file
  double log_log_n = 0;          // x = log log n_median
  double log_median_lambda = 0;  // y = log median Lambda
};

struct HeadExponentFit {
  std::string group;
  std::vector<FitPoint> points;        // in order of n
  stats::LinearFit line;               // slope xi; slope_std_error from the residuals
  std::size_t degrees_of_freedom = 0;  // points - 2
  stats::Interval ci;                  // Student t at kCiLevel, this head alone
  double p_value_xi_1 = 1;             // two-sided t test of xi = 1, this head alone
  // Over the heads of the family (pooled groups are not in it); unset for a pooled group.
  std::optional<double> p_holm;
  std::optional<stats::Interval> simultaneous_ci;  // Bonferroni: level 1 - kFamilyWiseAlpha / heads
  bool rejects_xi_1 = false;                       // p_holm <= kFamilyWiseAlpha

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

// A head with points at fewer than kMinContextLengths distinct n: no fit.
struct UnfittedHead {
  std::string group;
  std::size_t context_lengths = 0;
};

struct ExponentFits {
  std::vector<HeadExponentFit> heads;  // in order of first appearance
  std::vector<UnfittedHead> unfitted;
  std::vector<SkippedGroup> skipped;
  std::size_t heads_fitted = 0;       // the family: fitted heads, pooled groups left out
  std::size_t heads_rejecting_1 = 0;  // of them, rejecting xi = 1 after Holm
};

// Groups of the same label in different tensors are one head at several n.
ExponentFits fit_exponents(std::span<const TensorDiagnosis> tensors);

}  // namespace attnlaw::diagnose
