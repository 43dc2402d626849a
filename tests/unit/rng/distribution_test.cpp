// Each transform against the exact law it claims, at alpha = 1e-6 on >= 1e6 draws:
// Anderson-Darling on the probability-integral transform for continuous laws,
// Pearson chi-square with pooled tails for discrete ones. The reference CDFs are
// Boost.Math's (an implementation independent of verify/rng); the tests' null laws
// come from verify/stats. Negative controls push deliberately wrong variants through
// the same harness and require rejection, so a harness that cannot fail is caught.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/poisson.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "verify/rng/beta.hpp"
#include "verify/rng/binomial.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/poisson.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/proportion.hpp"

namespace {

using attnlaw::rng::SampleSource;
using attnlaw::rng::StreamKey;
using attnlaw::stats::TestResult;

// Boost evaluates double special functions in long double by default; in double they are
// ten times faster and still accurate to ~1e-14, far below what 1e6 draws resolve.
using DoublePolicy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;
const DoublePolicy kPolicy;

constexpr double kAlpha = 1e-6;
constexpr std::uint64_t kDraws = 1'000'000;
constexpr std::uint32_t kSeed = 20261130;

StreamKey key_for(const std::string& experiment) { return attnlaw::rng::make_key(kSeed, "rng.unit", experiment); }

// pit(source) draws one variate from the sample's source and returns F_ref(variate).
TestResult anderson_darling_on(const std::string& experiment, const std::function<double(SampleSource&)>& pit,
                               std::uint64_t draws = kDraws) {
  const StreamKey key = key_for(experiment);
  std::vector<double> u(draws);
  const auto n = static_cast<std::int64_t>(draws);
#pragma omp parallel for schedule(static) num_threads(2)
  for (std::int64_t i = 0; i < n; ++i) {
    SampleSource s(key, 0, static_cast<std::uint64_t>(i));
    u[static_cast<std::size_t>(i)] = pit(s);
  }
  return attnlaw::stats::anderson_darling_test(u);
}

void record(const TestResult& r, const std::string& tag) {
  ::testing::Test::RecordProperty(tag + "statistic", std::to_string(r.statistic));
  ::testing::Test::RecordProperty(tag + "p_value", std::to_string(r.p_value));
}

void expect_accepted(const TestResult& r, const std::string& what, const std::string& tag = "") {
  record(r, tag);
  EXPECT_GE(r.p_value, kAlpha) << what << ": " << r.test << " statistic " << r.statistic << ", p " << r.p_value << " ("
                               << r.p_method << ")";
}

void expect_rejected(const TestResult& r, const std::string& what) {
  record(r, "");
  EXPECT_LT(r.p_value, kAlpha) << "negative control " << what << " was not rejected: statistic " << r.statistic
                               << ", p " << r.p_value;
}

// ---------------------------------------------------------------- continuous laws

TEST(ContinuousLaw, ExponentialAndersonDarling) {
  // Reference CDF: F(x) = 1 - e^{-x} = -expm1(-x) (closed form).
  expect_accepted(
      anderson_darling_on("exp", [](SampleSource& s) { return -std::expm1(-attnlaw::rng::exponential(s)); }), "Exp(1)");
}

TEST(ContinuousLaw, NormalAndersonDarling) {
  const boost::math::normal_distribution<double> phi;
  expect_accepted(
      anderson_darling_on("normal", [&](SampleSource& s) { return boost::math::cdf(phi, attnlaw::rng::normal(s)); }),
      "N(0,1)");
}

// Far tails: the count beyond 4.5 sigma in 1e7 draws, exact two-sided binomial test
// against 2 Phi(-4.5) = 6.795e-6 (Boost erfc), expected count 68.
TEST(ContinuousLaw, NormalFarTailFraction) {
  const StreamKey key = key_for("normal-tail");
  constexpr std::int64_t n = 10'000'000;
  std::uint64_t beyond = 0;
#pragma omp parallel for schedule(static) num_threads(2) reduction(+ : beyond)
  for (std::int64_t i = 0; i < n; ++i) {
    SampleSource s(key, 0, static_cast<std::uint64_t>(i));
    beyond += std::fabs(attnlaw::rng::normal(s)) > 4.5 ? 1 : 0;
  }
  const double p0 = boost::math::erfc(4.5 / std::sqrt(2.0));
  const auto test = attnlaw::stats::binomial_test(beyond, static_cast<std::uint64_t>(n), p0);
  expect_accepted(test.result, "N(0,1) beyond 4.5 sigma, count " + std::to_string(beyond));
}

class GammaLaw : public ::testing::TestWithParam<double> {};

TEST_P(GammaLaw, AndersonDarling) {
  const double a = GetParam();
  const attnlaw::rng::gamma_distribution<double> g(a);
  // Reference CDF: regularised lower incomplete gamma P(a, x) (Boost).
  expect_accepted(anderson_darling_on("gamma-" + std::to_string(a),
                                      [&](SampleSource& s) { return boost::math::gamma_p(a, g(s), kPolicy); }),
                  "Gamma(" + std::to_string(a) + ")");
}

INSTANTIATE_TEST_SUITE_P(Shapes, GammaLaw, ::testing::Values(0.1, 0.5, 1.0, 2.5, 100.0));

class BetaLaw : public ::testing::TestWithParam<std::pair<double, double>> {};

TEST_P(BetaLaw, AndersonDarling) {
  const auto [a, b] = GetParam();
  const attnlaw::rng::beta_distribution<double> beta(a, b);
  // Reference CDF: regularised incomplete beta I_x(a, b) (Boost).
  expect_accepted(anderson_darling_on("beta-" + std::to_string(a) + "-" + std::to_string(b),
                                      [&](SampleSource& s) { return boost::math::ibeta(a, b, beta(s), kPolicy); }),
                  "Beta(" + std::to_string(a) + "," + std::to_string(b) + ")");
}

INSTANTIATE_TEST_SUITE_P(Shapes, BetaLaw,
                         ::testing::Values(std::pair{0.5, 0.5}, std::pair{2.0, 3.0}, std::pair{1.0, 20.0}));

// For X uniform on S^{d-1} and any fixed unit w, (<X, w> + 1)/2 ~ Beta((d-1)/2, (d-1)/2)
// (closed form: the marginal density of one coordinate is prop. to (1 - t^2)^{(d-3)/2};
// d = 2 is the arcsine law). Checked for w = e_1 and for a random unit w drawn from
// another stream, on the same points.
class SphereLaw : public ::testing::TestWithParam<std::size_t> {};

TEST_P(SphereLaw, CoordinateAndProjectionAndersonDarling) {
  const std::size_t d = GetParam();
  const double h = 0.5 * static_cast<double>(d - 1);
  std::vector<double> w(d);
  SampleSource ws(key_for("sphere-direction"), 0, d);
  attnlaw::rng::uniform_on_sphere(ws, std::span<double>(w));

  const StreamKey key = key_for("sphere-" + std::to_string(d));
  std::vector<double> u1(kDraws), uw(kDraws);
  const auto n = static_cast<std::int64_t>(kDraws);
#pragma omp parallel num_threads(2)
  {
    std::vector<double> x(d);
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
      SampleSource s(key, 0, static_cast<std::uint64_t>(i));
      attnlaw::rng::uniform_on_sphere(s, std::span<double>(x));
      const double proj = std::inner_product(x.begin(), x.end(), w.begin(), 0.0);
      u1[static_cast<std::size_t>(i)] = boost::math::ibeta(h, h, std::clamp(0.5 * (x[0] + 1), 0.0, 1.0), kPolicy);
      uw[static_cast<std::size_t>(i)] = boost::math::ibeta(h, h, std::clamp(0.5 * (proj + 1), 0.0, 1.0), kPolicy);
    }
  }
  expect_accepted(attnlaw::stats::anderson_darling_test(u1), "sphere d=" + std::to_string(d) + " x1", "x1_");
  expect_accepted(attnlaw::stats::anderson_darling_test(uw), "sphere d=" + std::to_string(d) + " <x,w>", "projection_");
}

INSTANTIATE_TEST_SUITE_P(Dimensions, SphereLaw, ::testing::Values(2, 3, 5, 64));

// ---------------------------------------------------------------- discrete laws

// Cells [c_j, c_{j+1}) on the integers, c_0 = 0, the last one open. For a small spread
// one cell per integer (chi_square_gof pools the tails); otherwise 50 cells cut at
// the normal quantiles mean + sd z_{i/50}, whose exact probabilities then come from
// the reference CDF, so the cells need not be exactly equiprobable.
std::vector<std::uint64_t> cell_starts(double mean, double sd) {
  std::vector<std::uint64_t> starts = {0};
  auto push = [&starts](double c) {
    if (c > 0 && static_cast<std::uint64_t>(c) > starts.back()) starts.push_back(static_cast<std::uint64_t>(c));
  };
  if (sd < 25) {
    for (double c = std::floor(mean - 12 * sd); c <= std::ceil(mean + 12 * sd) + 10; c += 1) push(c);
  } else {
    const boost::math::normal_distribution<double> phi;
    for (int i = 1; i < 50; ++i) push(std::floor(mean + sd * boost::math::quantile(phi, i / 50.0)));
  }
  return starts;
}

// Probabilities of the cells from cdf(k) = P(X <= k) and sf(k) = P(X > k).
std::vector<double> cell_probabilities(const std::vector<std::uint64_t>& starts,
                                       const std::function<double(double)>& cdf,
                                       const std::function<double(double)>& sf) {
  std::vector<double> p(starts.size());
  for (std::size_t j = 0; j + 1 < starts.size(); ++j) {
    const double lo = starts[j] == 0 ? 0.0 : cdf(static_cast<double>(starts[j] - 1));
    const double hi = cdf(static_cast<double>(starts[j + 1] - 1));
    // In the upper half the complement keeps the digits of small cells.
    const double mid = starts[j] == 0 ? 1.0 : sf(static_cast<double>(starts[j] - 1));
    p[j] = lo < 0.5 ? hi - lo : mid - sf(static_cast<double>(starts[j + 1] - 1));
  }
  p.back() = sf(static_cast<double>(starts.back() - 1));
  return p;
}

TestResult chi_square_on(const std::string& experiment, const std::function<std::uint64_t(SampleSource&)>& draw,
                         const std::vector<std::uint64_t>& starts, const std::vector<double>& probabilities) {
  const StreamKey key = key_for(experiment);
  std::vector<std::uint64_t> x(kDraws);
  const auto n = static_cast<std::int64_t>(kDraws);
#pragma omp parallel for schedule(static) num_threads(2)
  for (std::int64_t i = 0; i < n; ++i) {
    SampleSource s(key, 0, static_cast<std::uint64_t>(i));
    x[static_cast<std::size_t>(i)] = draw(s);
  }
  std::vector<std::uint64_t> counts(starts.size(), 0);
  for (std::uint64_t v : x) {
    counts[static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), v) - starts.begin() - 1)] += 1;
  }
  return attnlaw::stats::chi_square_gof(counts, probabilities);
}

struct BinomialCase {
  std::uint64_t n;
  double p;
};

TestResult binomial_chi_square(const BinomialCase& c, double sampled_p) {
  const boost::math::binomial_distribution<double> ref(static_cast<double>(c.n), c.p);
  const double mean = static_cast<double>(c.n) * c.p;
  const auto starts = cell_starts(mean, std::sqrt(mean * (1 - c.p)));
  const auto probs = cell_probabilities(
      starts, [&](double k) { return boost::math::cdf(ref, std::min(k, static_cast<double>(c.n))); },
      [&](double k) {
        return k >= static_cast<double>(c.n) ? 0.0 : boost::math::cdf(boost::math::complement(ref, k));
      });
  const attnlaw::rng::binomial_distribution sampler(c.n, sampled_p);
  return chi_square_on(
      "binomial-" + std::to_string(c.n) + "-" + std::to_string(c.p), [&](SampleSource& s) { return sampler(s); },
      starts, probs);
}

class BinomialLaw : public ::testing::TestWithParam<BinomialCase> {};

TEST_P(BinomialLaw, ChiSquare) {
  const BinomialCase c = GetParam();
  expect_accepted(binomial_chi_square(c, c.p), "Binomial(" + std::to_string(c.n) + ", " + std::to_string(c.p) + ")");
}

INSTANTIATE_TEST_SUITE_P(Parameters, BinomialLaw,
                         ::testing::Values(BinomialCase{10, 0.3}, BinomialCase{1000, 0.5},
                                           BinomialCase{1'000'000, 1e-5}, BinomialCase{1'000'000'000'000, 1e-9},
                                           BinomialCase{1'000'000'000'000, 0.3},
                                           BinomialCase{1'000'000'000'000, 1 - 1e-9}));

// P(X <= k) for X ~ Poisson(mu), mu large, as Q(k + 1, mu) by Temme's uniform asymptotic
// expansion (N. M. Temme, "The asymptotic expansion of the incomplete gamma functions",
// SIAM J. Math. Anal. 10, 757-766, 1979; DLMF 8.12.3-8.12.11):
//   Q(a, x) = erfc(eta sqrt(a/2)) / 2 + e^{-a eta^2/2} / sqrt(2 pi a) (c0(eta) + c1(eta)/a + ...),
//   lambda = x/a, eta^2/2 = lambda - 1 - log lambda, sign(eta) = sign(lambda - 1),
//   c0 = 1/(lambda - 1) - 1/eta = -1/3 + eta/12 - 2 eta^2/135 + ...
// Boost.Math (1.74) and GSL both fail to evaluate Q(a, x) for a ~ x ~ 1e12 when a <= x.
// Within 5 sd of the mean |eta| < 1e-5, so the omitted c1/a term is below 1e-18: this is
// exact to double accuracy there (cross-checked against Boost and GSL where they work,
// see PoissonReference below). It shares nothing with verify/rng.
double poisson_cdf_temme(double k, double mu) {
  const double a = k + 1;
  const double m = (mu - a) / a;  // lambda - 1
  double half_eta2 = 0;           // m - log1p(m), by its series when |m| is small
  if (std::fabs(m) < 1e-3) {
    double term = m * m;
    for (int j = 2; j < 12; ++j, term *= -m) half_eta2 += term / j;
  } else {
    half_eta2 = m - std::log1p(m);
  }
  const double eta = std::copysign(std::sqrt(2 * half_eta2), m);
  const double c0 = std::fabs(eta) < 1e-3 ? -1.0 / 3 + eta / 12 - 2 * eta * eta / 135 : 1 / m - 1 / eta;
  return 0.5 * std::erfc(eta * std::sqrt(a / 2)) +
         std::exp(-a * half_eta2) / std::sqrt(2 * boost::math::constants::pi<double>() * a) * c0;
}

TEST(PoissonReference, TemmeAgreesWithBoostAndGslWhereTheyWork) {
  // Boost gamma_q(a, x) works for a > x; values printed by Boost 1.74 (double):
  // Q(1e12 + 1e6 + 1, 1e12) = 0.8413448670538447, Q(1e12 + 2e6 + 1, 1e12) = 0.97724986805182978.
  EXPECT_NEAR(poisson_cdf_temme(1e12 + 1e6, 1e12), 0.8413448670538447, 1e-10);
  EXPECT_NEAR(poisson_cdf_temme(1e12 + 2e6, 1e12), 0.97724986805182978, 1e-10);
  // GSL 2.7 gsl_sf_gamma_inc_Q(1e12 - 1e6 + 1, 1e12) = 0.15865537491687981 (its own Temme branch).
  EXPECT_NEAR(poisson_cdf_temme(1e12 - 1e6, 1e12), 0.15865537491687981, 1e-10);
  // At mu = 1e6 Boost works on both sides; the expansion is still accurate to ~1e-12 there.
  const boost::math::poisson_distribution<double> p6(1e6);
  for (double k : {997000.0, 999000.0, 1e6, 1001000.0, 1003000.0}) {
    EXPECT_NEAR(poisson_cdf_temme(k, 1e6), boost::math::cdf(p6, k), 1e-11) << "k = " << k;
  }
}

TestResult poisson_chi_square(double mu, double sampled_mu) {
  const auto starts = cell_starts(mu, std::sqrt(mu));
  std::vector<double> probs;
  if (mu <= 1e6) {
    const boost::math::poisson_distribution<double> ref(mu);
    probs = cell_probabilities(
        starts, [&](double k) { return boost::math::cdf(ref, k); },
        [&](double k) { return boost::math::cdf(boost::math::complement(ref, k)); });
  } else {
    probs = cell_probabilities(
        starts, [&](double k) { return poisson_cdf_temme(k, mu); },
        [&](double k) { return 1 - poisson_cdf_temme(k, mu); });
  }
  const attnlaw::rng::poisson_distribution sampler(sampled_mu);
  return chi_square_on(
      "poisson-" + std::to_string(mu), [&](SampleSource& s) { return sampler(s); }, starts, probs);
}

class PoissonLaw : public ::testing::TestWithParam<double> {};

TEST_P(PoissonLaw, ChiSquare) {
  const double mu = GetParam();
  expect_accepted(poisson_chi_square(mu, mu), "Poisson(" + std::to_string(mu) + ")");
}

INSTANTIATE_TEST_SUITE_P(Means, PoissonLaw, ::testing::Values(0.5, 7.0, 30.0, 1e4, 1e12));

// ---------------------------------------------------------------- negative controls

TEST(NegativeControl, ExponentialWithRate101IsRejected) {
  expect_rejected(
      anderson_darling_on("exp", [](SampleSource& s) { return -std::expm1(-attnlaw::rng::exponential(s) / 1.01); }),
      "Exp(rate 1.01) vs Exp(1)");
}

TEST(NegativeControl, NormalWithSd101IsRejected) {
  const boost::math::normal_distribution<double> phi;
  expect_rejected(anderson_darling_on(
                      "normal", [&](SampleSource& s) { return boost::math::cdf(phi, 1.01 * attnlaw::rng::normal(s)); }),
                  "N(0, 1.01^2) vs N(0,1)");
}

TEST(NegativeControl, BinomialWithP101IsRejected) {
  expect_rejected(binomial_chi_square({1'000'000'000'000, 1e-9}, 1.01e-9), "Binomial(1e12, 1.01e-9) vs p = 1e-9");
}

TEST(NegativeControl, PoissonWithMeanOffByOneSdIsRejected) {
  expect_rejected(poisson_chi_square(1e12, 1e12 + 1e6), "Poisson(1e12 + 1e6) vs Poisson(1e12)");
}

}  // namespace
