#pragma once
// The experiment behind SL.global-average and SL.subcritical.*: n uniform keys on S^{d-1}, the
// softmax output ybar at inverse temperature beta, compared with the exact first-order moments
//   E<q,ybar> = A + bias/n,  n Var<q,ybar> = var_par + O(1/n),  n Cov(P_perp ybar) = (var_perp + O(1/n)) P_perp
// of reference/sphere/vmf_moments.hpp (THEORY.md §2, SL.global-average, SL.subcritical.bias and
// SL.subcritical.gaussian).
#include <Eigen/Core>

#include <cmath>
#include <cstdint>
#include <span>
#include <string>

#include "verify/attention/online_softmax.hpp"
#include "verify/harness/claim.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/point.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/sample/sphere_naive.hpp"

namespace attnlaw::theory::scaling_limits {

struct OutputExperiment {
  int d = 3;
  double beta = 1;
  std::uint64_t n = 1000;
  std::size_t reps = 1000;
  harness::Fields fields() const { return {{"d", d}, {"beta", beta}, {"n", n}, {"reps", reps}}; }
};

// The first-order moments at (d, beta) that a claim's theorem gives.
struct FirstOrderMoments {
  double A = 0, var_perp = 0, var_par = 0, bias = 0;
};
using FirstOrderLaw = FirstOrderMoments (*)(int d, double beta);

// The true law: the first-order moments of reference::subcritical_covariance.
FirstOrderMoments exact_first_order_moments(int d, double beta);

// The 1/n terms of the variances at (d, beta): n Var<q,ybar> = var_par + par/n + O(n^-2) and
// n Var<e_i,ybar> = var_perp + perp/n + O(n^-2), i >= 2.
struct NextOrderTerms {
  double par = 0, perp = 0;
};
using NextOrderLaw = NextOrderTerms (*)(int d, double beta);

// The true law: reference::output_variance_next_order (second-order delta method).
NextOrderTerms exact_next_order_terms(int d, double beta);

// The moments at n keys: a first-order law and the variances with their 1/n term.
struct OutputMoments : FirstOrderMoments {
  double var_perp_n = 0, var_par_n = 0;  // n Var at this n: var + next/n
};
OutputMoments sphere_output_moments(FirstOrderLaw first_order, NextOrderLaw next_order, int d, double beta,
                                    std::uint64_t n);

// Row r = sqrt(n) (ybar_r - (A + bias/n) q) in the basis (q = e_1, e_2, ..., e_d); naive sampler
// with the key draw DrawKey (uniform on the sphere for the theorem's keys).
template <class DrawKey = sample::UniformOnSphere>
Eigen::MatrixXd simulate_centred_output(const OutputExperiment& e, const OutputMoments& m, rng::StreamKey stream) {
  const double root_n = std::sqrt(static_cast<double>(e.n));
  const double mean_parallel = m.A + m.bias / static_cast<double>(e.n);
  Eigen::MatrixXd centred(static_cast<Eigen::Index>(e.reps), e.d);
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    attention::OnlineSoftmaxAverage<double> average(static_cast<std::size_t>(e.d));
    sample::for_each_naive_sphere_key(
        stream, static_cast<std::uint32_t>(r), e.n, static_cast<std::size_t>(e.d),
        [&](std::uint64_t, std::span<const double> key) { average.add(e.beta * key[0], key); }, DrawKey{});
    const auto row = static_cast<Eigen::Index>(r);
    centred(row, 0) = root_n * (average.average(0) - mean_parallel);
    for (int i = 1; i < e.d; ++i) centred(row, i) = root_n * average.average(static_cast<std::size_t>(i));
  });
  return centred;
}
using CentredOutputSampler = Eigen::MatrixXd (*)(const OutputExperiment&, const OutputMoments&, rng::StreamKey);

// The model of an output claim: the first-order law and the 1/n terms its checks compare with and
// the sampler of its experiment. The default is the truth; a planted bug replaces one of them.
struct OutputModel {
  FirstOrderLaw first_order = exact_first_order_moments;
  NextOrderLaw next_order = exact_next_order_terms;
  CentredOutputSampler simulate = simulate_centred_output<sample::UniformOnSphere>;
};

// The planted wrong first-order laws of the output claims (catalogue in register.cpp).
FirstOrderMoments first_order_two_term_centring(int d, double beta);          // "subcritical-two-term-centring"
FirstOrderMoments first_order_bessel_orders_swapped(int d, double beta);      // "bessel-orders-swapped"
FirstOrderMoments first_order_variance_at_beta(int d, double beta);           // "variance-at-beta"
FirstOrderMoments first_order_tangential_variance_x1_05(int d, double beta);  // "tangential-variance-x1.05"
NextOrderTerms next_order_terms_sign_flipped(int d, double beta);             // "output-variance-next-order-sign"

// Which checks to derive from the sample.
enum OutputChecks : unsigned {
  kMahalanobis = 1u,  // AD on the PIT of the Mahalanobis form against chi2_d (+ PIT figure)
  kMean = 2u,         // z-test of E<q,ybar> against A + bias/n
  kVariances = 4u,    // chi-square tests of n Var<q,ybar> and of the tangential variance (+ CDF figure)
  kDirections = 8u,   // the law of P_perp ybar/|P_perp ybar| on S^{d-2} (direction_checks.hpp), d >= 3
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

// Figures are named by the point's fields; the checks carry none (the runner gives them the point's).
harness::ExperimentResult output_fluctuation_checks(const std::string& claim, const harness::Fields& point,
                                                    const OutputExperiment& e, const OutputMoments& m,
                                                    const Eigen::MatrixXd& centred, unsigned which,
                                                    const OutputTargets& targets);

}  // namespace attnlaw::theory::scaling_limits
