#pragma once
// The experiment behind SL.critical.*: n uniform keys on S^{d-1} at beta_n = gamma n^{2/(d-1)},
// drawn by the exact truncated sampler (cost per replicate independent of n), and the same
// functionals of the limit point process. References: the exact finite-n law and the limit of
// reference/critical/summary.hpp, memoised per grid point.
#include <cstdint>
#include <string>
#include <vector>

#include "reference/critical/summary.hpp"
#include "verify/harness/claim.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::scaling_limits {

struct CriticalExperiment {
  int d = 3;
  double gamma = 0.5;
  std::uint64_t n = 10000;
  std::size_t reps = 10000;
};

harness::Json critical_point(int d, double gamma, std::uint64_t n, std::size_t reps);
CriticalExperiment parse_critical_experiment(const harness::Json& params);

// beta_n = gamma n^{2/(d-1)}; the mutant "critical-exponent-2-over-d" plants 2/d.
double critical_beta(int d, double gamma, std::uint64_t n);
// The theory's exponent 2/(d-1) as the claims use it (planted bug: 2/d).
double critical_exponent(int d);
// The gamma at which critical_beta(d, gamma, n) is beta.
double gamma_for_beta(int d, double beta, std::uint64_t n);

// One value per replicate of each functional; tangential = n^{2/(d-1)} |P_perp ybar|^2
// (filled only with_output).
struct CriticalSample {
  std::vector<double> top, second, sum_sq, energy, tangential, one_minus_top, log_ratio;
};

CriticalSample simulate_critical(const CriticalExperiment& e, rng::StreamKey stream, bool with_output);
// The top weight by the naive sampler: all n keys, normalised Gaussians (the cross-check).
std::vector<double> simulate_critical_naive_top(const CriticalExperiment& e, rng::StreamKey stream);

// The limit: the PPP sampler at the same (d, gamma), tangential = n^{2/(d-1)} |P_perp ybar|^2's limit.
CriticalSample simulate_critical_limit(int d, double gamma, std::size_t reps, rng::StreamKey stream,
                                       bool with_output);

// Exact finite-n law at (d, gamma, n), with the planted reference bugs of the mutant audit.
const reference::critical::CriticalSummary& critical_finite_n_reference(int d, double gamma, std::uint64_t n,
                                                                        bool with_cdf);
// Its E w_(1) alone (the cheap path, for root-finding).
double critical_finite_n_mean_top(int d, double gamma, std::uint64_t n);
const reference::critical::CriticalSummary& critical_limit_reference(int d, double gamma, bool with_cdf);

}  // namespace attnlaw::theory::scaling_limits
