// Key laws besides the uniform one (key_laws.hpp), each against its exact law:
//   local exponent: P(t <= tau) = (tau/2)^a by construction (SL.local-exponent); the truncated
//     sampler's t_(1), t_(2) against 1 - (1 - F)^n and I_F(2, n-1) with F = (tau/2)^a;
//   vMF, d = 3: density of w = <mu0,k> proportional to e^{kappa w} on [-1, 1], so
//     F(w) = (e^{kappa (w+1)} - 1)/(e^{2 kappa} - 1) (closed form); mean resultant length
//     E w = A_d(kappa) = I_{d/2}(kappa)/I_{d/2-1}(kappa): d = 3 coth k - 1/k, d = 5
//     ((1 + 3/k^2) - 3 coth(k)/k)/(coth k - 1/k) (theory/scaling_limits/THEORY.md §3), d = 4 Boost's
//     Bessel ratio;
//   mixture: E <mu0,k> = w A_d(kappa) (the uniform part has mean 0) and
//     P(<mu0,k> > x) = (1 - w)(1 - x)/2 + w (1 - F_vMF(x)) at d = 3 (Archimedes: <mu0,k> ~ U[-1,1]).
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/bessel.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "verify/sample/key_laws.hpp"
#include "verify/sample/sphere_geometry.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::sample::testing {
namespace {

double dot(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

TEST(KeyLaws, UniformMatchesNaiveBitwise) {
  const auto stream = key_for("laws/uniform");
  std::vector<double> a, b;
  for_each_naive_sphere_key(stream, 3, 500, 4, [&](std::uint64_t, auto k) { a.insert(a.end(), k.begin(), k.end()); });
  for_each_key(UniformSphereKeys(4), stream, 3, 500,
               [&](std::uint64_t, auto k) { b.insert(b.end(), k.begin(), k.end()); });
  EXPECT_EQ(a, b);
}

class LocalExponentLaw : public ::testing::TestWithParam<double> {};

TEST_P(LocalExponentLaw, GapAndDirection) {
  const double a = GetParam();
  const LocalExponentKeys law(3, a);
  std::vector<double> gap_pit, angle_pit;
  double worst_norm = 0;
  for_each_key(law, key_for(label("laws/local/a", a)), 0, 100'000, [&](std::uint64_t, auto k) {
    worst_norm = std::max(worst_norm, std::fabs(dot(k, k) - 1));
    gap_pit.push_back(std::pow(0.5 * gap_to_query(k), a));
    angle_pit.push_back(0.5 + std::atan2(k[2], k[1]) / (2 * boost::math::constants::pi<double>()));
  });
  EXPECT_LT(worst_norm, 1e-14);
  expect_accepted(stats::anderson_darling_test(gap_pit), label("local exponent gap a=", a));
  expect_accepted(stats::anderson_darling_test(angle_pit), label("local exponent direction a=", a));
}

INSTANTIATE_TEST_SUITE_P(Exponents, LocalExponentLaw, ::testing::Values(0.5, 1.0, 2.0),
                         [](const auto& test_case) { return label("a", static_cast<int>(10 * test_case.param)); });

class LocalExponentTruncated : public ::testing::TestWithParam<double> {};

// beta = gamma n^{1/a}, L = 2^{-a}: c = gamma L^{-1/a} = 2 gamma. gamma = 1/2 at a = 2; at a = 1/2
// gamma = 1/20 (c = 0.1), so that t_(2) is always retained (dropping it would need
// c (Gamma_2^2 - Gamma_1^2) > ln(n/eps) = 39, i.e. Gamma_2 > 19: probability ~e^{-15}).
TEST_P(LocalExponentTruncated, OrderStatistics) {
  const double a = GetParam();
  constexpr std::uint64_t n = 100'000;
  const double gamma = a < 1 ? 0.05 : 0.5;
  const double beta = gamma * std::pow(static_cast<double>(n), 1 / a);
  const auto stream = key_for(label("laws/local-truncated/a", a));
  const auto samples = over_replicates<NearestKeys>(
      4000, [&](std::uint32_t r) { return sample_local_exponent_truncated(stream, r, n, 3, a, beta, 1e-12, true); });
  std::vector<double> u1, u2;
  for (const auto& keys : samples) {
    ASSERT_GE(keys.gaps.size(), 2u);
    ASSERT_EQ(keys.directions.size(), 2 * keys.gaps.size());
    const double f1 = std::pow(0.5 * keys.gaps[0], a), f2 = std::pow(0.5 * keys.gaps[1], a);
    u1.push_back(-std::expm1(static_cast<double>(n) * std::log1p(-f1)));
    u2.push_back(boost::math::ibeta(2.0, static_cast<double>(n) - 1, f2));
    EXPECT_LE(keys.neglected_log_mass_bound, std::log(1e-12));
  }
  expect_accepted(stats::anderson_darling_test(u1), label("local truncated t_(1) a=", a));
  expect_accepted(stats::anderson_darling_test(u2), label("local truncated t_(2) a=", a));
}

INSTANTIATE_TEST_SUITE_P(Exponents, LocalExponentTruncated, ::testing::Values(0.5, 2.0),
                         [](const auto& test_case) { return label("a", static_cast<int>(10 * test_case.param)); });

double mean_resultant_length(int d, double kappa) {
  const double coth = 1 / std::tanh(kappa);
  if (d == 3) return coth - 1 / kappa;
  if (d == 5) return ((1 + 3 / (kappa * kappa)) - 3 * coth / kappa) / (coth - 1 / kappa);
  const double nu = 0.5 * d - 1;
  return boost::math::cyl_bessel_i(nu + 1, kappa) / boost::math::cyl_bessel_i(nu, kappa);
}

// A generic mean direction, so the Householder placement is exercised off the axes.
std::vector<double> generic_direction(int d) {
  std::vector<double> mu(static_cast<std::size_t>(d));
  for (int i = 0; i < d; ++i) mu[static_cast<std::size_t>(i)] = std::cos(1.0 + 2.3 * i);
  return mu;
}

struct VmfCase {
  int d;
  double kappa;
};

class Vmf : public ::testing::TestWithParam<VmfCase> {};

TEST_P(Vmf, CosineLawAndMean) {
  const auto [d, kappa] = GetParam();
  const VonMisesFisherKeys law(generic_direction(d), kappa);
  const auto& mu = law.mean_direction();
  std::vector<double> w, pit, tangential;
  double worst_norm = 0;
  // A unit vector orthogonal to mu: the tangential part has mean 0 along it.
  std::vector<double> e(static_cast<std::size_t>(d), 0.0);
  e[0] = 1;
  const double proj = mu[0];
  double e_norm = 0;
  for (std::size_t i = 0; i < e.size(); ++i) e_norm += (e[i] -= proj * mu[i]) * e[i];
  for (double& x : e) x /= std::sqrt(e_norm);
  for_each_key(law, key_for(label("laws/vmf/d", d) + label("/k", kappa)), 0, 100'000, [&](std::uint64_t, auto k) {
    worst_norm = std::max(worst_norm, std::fabs(dot(k, k) - 1));
    const double c = dot(k, mu);
    w.push_back(c);
    tangential.push_back(dot(k, e));
    if (d == 3) pit.push_back(std::exp(kappa * (c - 1)) * -std::expm1(-kappa * (c + 1)) / -std::expm1(-2 * kappa));
  });
  EXPECT_LT(worst_norm, 1e-14);
  const std::string what = label("vMF d", d) + label(" kappa ", kappa);
  expect_accepted(stats::z_test_mean_sample_sigma(w, mean_resultant_length(d, kappa)).result, what + " mean");
  expect_accepted(stats::z_test_mean_sample_sigma(tangential, 0).result, what + " tangential mean");
  if (d == 3) expect_accepted(stats::anderson_darling_test(pit), what + " law of w");
  // Negative control: the mean resultant length at kappa (1 + 20%).
  expect_rejected(stats::z_test_mean_sample_sigma(w, mean_resultant_length(d, 1.2 * kappa)).result,
                  what + " mean at 1.2 kappa");
}

INSTANTIATE_TEST_SUITE_P(Concentrations, Vmf,
                         ::testing::Values(VmfCase{3, 0.5}, VmfCase{3, 5}, VmfCase{3, 50}, VmfCase{4, 2}, VmfCase{5, 5},
                                           VmfCase{2, 3}),
                         [](const auto& test_case) {
                           return label("d", test_case.param.d) +
                                  label("_k", static_cast<int>(10 * test_case.param.kappa));
                         });

TEST(Mixture, MeanAndTailFraction) {
  constexpr double weight = 0.3, kappa = 50, x = 0.9;
  const MixtureKeys law(weight, VonMisesFisherKeys({-1, 0, 0}, kappa));
  std::vector<double> c;
  std::uint64_t beyond = 0;
  constexpr std::uint64_t n = 100'000;
  for_each_key(law, key_for("laws/mixture"), 0, n, [&](std::uint64_t, auto k) {
    c.push_back(-k[0]);
    beyond += -k[0] > x ? 1 : 0;
  });
  expect_accepted(stats::z_test_mean_sample_sigma(c, weight * mean_resultant_length(3, kappa)).result, "mixture mean");
  const double vmf_cdf = std::exp(kappa * (x - 1)) * -std::expm1(-kappa * (x + 1)) / -std::expm1(-2 * kappa);
  const double p0 = (1 - weight) * (1 - x) / 2 + weight * (1 - vmf_cdf);
  expect_accepted(stats::binomial_test(beyond, n, p0).result, "mixture P(<mu0,k> > 0.9)");
}

}  // namespace
}  // namespace attnlaw::sample::testing
