#pragma once
// The experiment behind SL.critical.*: n uniform keys on S^{d-1} at beta_n = gamma n^{2/(d-1)},
// drawn by the exact truncated sampler (cost per replicate independent of n), and the same
// functionals of the limit point process. References: the exact finite-n law and the limit of
// reference/poisson_process/summary.hpp, memoised per grid point.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "reference/extreme_value/critical_scale.hpp"
#include "reference/poisson_process/summary.hpp"
#include "verify/harness/point.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/sample/nearest_keys.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::theory::scaling_limits {

struct CriticalExperiment {
  int d = 3;
  double gamma = 0.5;
  std::uint64_t n = 10000;
  std::size_t reps = 10000;
  harness::Fields fields() const { return {{"d", d}, {"gamma", gamma}, {"n", n}, {"reps", reps}}; }
};

// The points d x gamma at one (n, reps), d outermost.
std::vector<CriticalExperiment> critical_grid(std::initializer_list<int> ds, std::initializer_list<double> gammas,
                                              std::uint64_t n, std::size_t reps);

// The true model's pieces that are not the reference's critical scale.
double gamma_as_stated(double gamma);
void keep_sampled_keys(sample::NearestKeys& keys, double beta);
// Replicate r of a point draws from counter r of its stream.
std::uint32_t own_replicate_counter(std::size_t r);
// Relative finite-n error of the critical functionals: n^{-2/(d-1)} (curvature of the gap law)
// plus 1/n (binomial against Poisson), whichever is slower (theory/statistics/THEORY.md §5): the
// log-log slope -min(1, 2/(d-1)). At d = 2 the curvature term alone is O(n^-2) (THEORY.md §2
// SL.critical.top-weight, finite n); the exact finite-n values show the 1/n term (E w_(1) at
// gamma = 1 minus its limit: 1.01e-5, 1.02e-6, 1.03e-7, 1.03e-8 for n = 10^3..10^6).
double critical_finite_n_rate(int d);

// The model of the critical experiment, true by default: the critical parametrisation the claims
// state, the gamma at which they read the exact references, how the truncated sampler draws the
// keys' tangential directions and which counter each replicate draws from, what becomes of its
// keys before any functional is formed, and the finite-n rate the ladders compare with.
struct CriticalModel;

// The top weight by the naive sampler (all n keys, each drawn by DrawKey) at the model's beta: the
// cross-check of the truncated sampler. Defined for sample::UniformOnSphere (the truth) and the
// planted GaussianKeysNotNormalised (planted_keys.hpp).
template <class DrawKey>
std::vector<double> simulate_critical_naive_top(const CriticalModel& model, const CriticalExperiment& e,
                                                rng::StreamKey stream);
using NaiveTopWeights = std::vector<double> (*)(const CriticalModel&, const CriticalExperiment&, rng::StreamKey);

struct CriticalModel {
  // p = 2/(d-1), beta_n = gamma n^p and its inverse.
  double (*critical_exponent)(int d) = reference::sphere_critical_exponent;
  double (*critical_beta)(int d, double gamma, double n) = reference::sphere_critical_beta;
  double (*gamma_for_beta)(int d, double beta, double n) = reference::sphere_critical_gamma;
  double (*reference_gamma)(double gamma) = gamma_as_stated;
  void (*retained_keys)(sample::NearestKeys& keys, double beta) = keep_sampled_keys;
  NaiveTopWeights naive_top = simulate_critical_naive_top<sample::UniformOnSphere>;
  sample::TangentialDirectionDraw tangential_direction = sample::uniform_tangential_direction;
  std::uint32_t (*replicate_counter)(std::size_t r) = own_replicate_counter;
  double (*finite_n_rate)(int d) = critical_finite_n_rate;
};

// The planted bugs shared by the critical claims: the true model with one piece replaced
// (critical_experiment.cpp says what each plants). Each claim registers the ones it carries.
CriticalModel critical_constant_x1_03();
CriticalModel critical_exponent_2_over_d();
CriticalModel truncation_radius_too_small();
CriticalModel keys_not_normalised();
CriticalModel tangential_directions_from_cube();
CriticalModel replicates_share_streams_pairwise();
CriticalModel critical_finite_n_rate_one_over_n();

// The truncated sampler's keys at beta (epsilon 1e-15), with the model's direction draw, through
// the model's retained_keys. `replicate` is the sampler's counter (model.replicate_counter(r)).
sample::NearestKeys sample_critical_keys(const CriticalModel& model, rng::StreamKey stream, std::uint32_t replicate,
                                         std::uint64_t n, int d, double beta, bool with_directions = false);

// One value per replicate of each functional; tangential = n^{2/(d-1)} |P_perp ybar|^2 and
// nearest_direction = the tangential direction u of the nearest key, row r of d - 1 coordinates
// (both filled only with_output).
struct CriticalSample {
  std::vector<double> top, second, sum_sq, energy, tangential, one_minus_top, log_ratio;
  std::vector<double> nearest_direction;
};

// At the model's beta_n for (d, gamma, n).
CriticalSample simulate_critical(const CriticalModel& model, const CriticalExperiment& e, rng::StreamKey stream,
                                 bool with_output);
// The limit: the PPP sampler at the same (d, gamma), tangential = n^{2/(d-1)} |P_perp ybar|^2's limit.
CriticalSample simulate_critical_limit(int d, double gamma, std::size_t reps, rng::StreamKey stream, bool with_output);

// Exact finite-n law at (d, gamma, n).
const reference::CriticalSummary& critical_finite_n_reference(int d, double gamma, std::uint64_t n, bool with_cdf);
// The references as a model reads them: at model.reference_gamma(gamma).
const reference::CriticalSummary& critical_finite_n_reference(const CriticalModel& model, int d, double gamma,
                                                              std::uint64_t n, bool with_cdf);
// Its E w_(1) alone (the cheap path, for root-finding).
double critical_finite_n_mean_top(const CriticalModel& model, int d, double gamma, std::uint64_t n);
const reference::CriticalSummary& critical_limit_reference(const CriticalModel& model, int d, double gamma,
                                                           bool with_cdf);

}  // namespace attnlaw::theory::scaling_limits
