#pragma once
// Tests of a mean and of a variance, two-sided, with confidence intervals.
#include <span>

#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

struct MeanTest {
  TestResult result;  // statistic: z or t
  double estimate;    // sample mean
  double std_error;   // sigma/sqrt(M), or s/sqrt(M)
  Interval ci;        // for the mean
};

// The sample mean and its squared standard error s^2/M (s with divisor M-1); needs M >= 2.
struct MeanWithError {
  double mean, variance;
  double std_error() const;
};
MeanWithError mean_with_error(std::span<const double> x);
// The same estimate for describing a run of any length M >= 1: one value has variance 0 (no
// spread observed; `attnlaw simulate --reps 1` prints "+- 0") where mean_with_error refuses it.
MeanWithError mean_with_error_of_run(std::span<const double> x);

// z test with known sigma: z = (mean - mu0)/(sigma/sqrt M), p = erfc(|z|/sqrt 2).
MeanTest z_test_mean(std::span<const double> x, double mu0, double sigma, double confidence = 0.999999);
// z test with sigma estimated by the sample standard deviation (divisor M-1): for large M only;
// needs M >= 2. Named apart from the known-sigma test so that a third number is never misread.
MeanTest z_test_mean_sample_sigma(std::span<const double> x, double mu0, double confidence = 0.999999);
// Student t with M-1 degrees of freedom; needs M >= 2.
MeanTest t_test_mean(std::span<const double> x, double mu0, double confidence = 0.999999);

struct VarianceTest {
  TestResult result;  // statistic: the chi-square value S/sigma2_0
  double ratio;       // sample variance / sigma2_0
  Interval ratio_ci;  // for the true variance / sigma2_0
};

// Known mean: S = sum (x - mean)^2, S/sigma2_0 ~ chi2_M; p = 2 min(P, Q), capped at 1.
VarianceTest variance_test_known_mean(std::span<const double> x, double mean, double sigma2_0,
                                      double confidence = 0.999999);
// Unknown mean: S = sum (x - xbar)^2 ~ sigma2_0 chi2_{M-1}; needs M >= 2.
VarianceTest variance_test(std::span<const double> x, double sigma2_0, double confidence = 0.999999);

}  // namespace attnlaw::stats
