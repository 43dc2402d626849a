#pragma once
// The experiment behind SL.global-average and SL.subcritical.*: n uniform keys on S^{d-1}, the
// softmax output ybar at inverse temperature beta, compared with the exact first-order moments
//   E<q,ybar> = A + bias/n,  n Var<q,ybar> = var_par + O(1/n),  n Cov(P_perp ybar) = (var_perp + O(1/n)) P_perp
// of reference/vmf_moments.hpp (SL.md, SL.subcritical.bias and SL.subcritical.gaussian).
#include <Eigen/Core>

#include <cstdint>
#include <string>

#include "verify/harness/claim.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::scaling_limits {

struct OutputExperiment {
  int d = 3;
  double beta = 1;
  std::uint64_t n = 1000;
  std::size_t reps = 1000;
};

OutputExperiment parse_output_experiment(const harness::Json& params);

// The reference moments (double path) at n keys, with the planted bugs of the mutant audit when
// active: the first-order moments of reference::subcritical_covariance, and the variances with
// their 1/n term (reference::output_variance_next_order).
struct OutputMoments {
  double A = 0, var_perp = 0, var_par = 0, bias = 0;
  double var_perp_n = 0, var_par_n = 0;  // n Var at this n: var + next/n
};
OutputMoments sphere_output_moments(int d, double beta, std::uint64_t n);

// Row r = sqrt(n) (ybar_r - (A + bias/n) q) in the basis (q = e_1, e_2, ..., e_d); naive sampler.
Eigen::MatrixXd simulate_centred_output(const OutputExperiment& e, const OutputMoments& m, rng::StreamKey stream);

// Which checks to derive from the sample.
enum OutputChecks : unsigned {
  kMahalanobis = 1u,  // AD on the PIT of the Mahalanobis form against chi2_d (+ PIT figure)
  kMean = 2u,         // z-test of E<q,ybar> against A + bias/n
  kVariances = 4u,    // chi-square tests of n Var<q,ybar> and of the tangential variance (+ CDF figure)
};

// The discrepancies each check promises to detect (relative errors). The tangential variance
// pools d-1 coordinates, so it resolves a smaller error than the parallel one at the same M.
struct OutputTargets {
  double mean_relative = 0.01;
  double variance_parallel = 0.15;
  double variance_tangential = 0.10;
};
// Smoke: 15% / 10%; standard: 7.5% / 5% (the "variance off by 5%" planted bug).
OutputTargets output_targets(harness::Battery battery);

harness::ExperimentResult output_fluctuation_checks(const std::string& claim, const harness::Json& params,
                                                    const OutputExperiment& e, const OutputMoments& m,
                                                    const Eigen::MatrixXd& centred, unsigned which,
                                                    const OutputTargets& targets);

}  // namespace attnlaw::theory::scaling_limits
