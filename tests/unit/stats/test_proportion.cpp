// Binomial and Poisson exact tests and intervals. Expected values: closed forms at the
// boundaries, the defining tail equations checked with GSL (an independent library), and exact
// enumeration of the two-sided p-value in long double.
#include <cmath>
#include <vector>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gtest/gtest.h>

#include "verify/stats/proportion.hpp"

namespace st = attnlaw::stats;

namespace {

// sum of pmf(k) over k with pmf(k) <= pmf(x)(1 + 1e-7), by enumeration.
template <class Pmf>
double enumerate_two_sided(Pmf pmf, unsigned x, unsigned kmax) {
  const long double px = pmf(x) * (1.0L + 1e-7L);
  long double s = 0;
  for (unsigned k = 0; k <= kmax; ++k)
    if (pmf(k) <= px) s += pmf(k);
  return static_cast<double>(std::min(1.0L, s));
}

}  // namespace

TEST(ClopperPearson, ClosedFormsAtTheBoundaries) {
  // x = 0: upper = 1 - (a/2)^(1/n); x = n: lower = (a/2)^(1/n).
  const auto ci0 = st::clopper_pearson(0, 10, 0.95);
  EXPECT_EQ(ci0.lo, 0.0);
  EXPECT_NEAR(ci0.hi, 1.0 - std::pow(0.025, 0.1), 1e-14);
  const auto cin = st::clopper_pearson(25, 25, 0.99);
  EXPECT_NEAR(cin.lo, std::pow(0.005, 1.0 / 25), 1e-14);
  EXPECT_EQ(cin.hi, 1.0);
}

TEST(ClopperPearson, EndpointsSolveTheTailEquations) {
  // P(X >= x | lo) = a/2 and P(X <= x | hi) = a/2, checked with GSL's binomial tails.
  for (auto [x, n, conf] :
       {std::tuple{7u, 20u, 0.95}, std::tuple{3u, 1000u, 0.999999}, std::tuple{480u, 1000u, 0.99}}) {
    const auto ci = st::clopper_pearson(x, n, conf);
    const double a2 = (1 - conf) / 2;
    EXPECT_NEAR(gsl_cdf_binomial_Q(x - 1, ci.lo, n) / a2, 1.0, 1e-8);
    EXPECT_NEAR(gsl_cdf_binomial_P(x, ci.hi, n) / a2, 1.0, 1e-8);
  }
  // R: binom.test(7, 20)$conf.int = 0.1539092 0.5921885.
  const auto ci = st::clopper_pearson(7, 20, 0.95);
  EXPECT_NEAR(ci.lo, 0.1539092, 5e-8);
  EXPECT_NEAR(ci.hi, 0.5921885, 5e-8);
}

TEST(BinomialTest, TwoSidedPValueByEnumeration) {
  for (auto [x, n, p0] : {std::tuple{7u, 20u, 0.5}, std::tuple{2u, 50u, 0.2}, std::tuple{19u, 50u, 0.2},
                          std::tuple{10u, 50u, 0.2}, std::tuple{0u, 30u, 0.1}, std::tuple{300u, 300u, 0.99}}) {
    const auto r = st::binomial_test(x, n, p0);
    const double want = enumerate_two_sided([&](unsigned k) { return gsl_ran_binomial_pdf(k, p0, n); }, x, n);
    EXPECT_NEAR(r.result.p_value / want, 1.0, 1e-10) << x << "/" << n << " p0=" << p0;
    EXPECT_NEAR(r.estimate, double(x) / n, 1e-15);
  }
  // Symmetric null: p = 2 P(X <= 7 | 20, 1/2) = 0.263176... (closed form by symmetry).
  EXPECT_NEAR(st::binomial_test(7, 20, 0.5).result.p_value, 2 * gsl_cdf_binomial_P(7, 0.5, 20), 1e-14);
  EXPECT_THROW(st::binomial_test(5, 4, 0.5), std::invalid_argument);
}

TEST(Garwood, ClosedFormsAndTailEquations) {
  // x = 0: [0, -ln(a/2)].
  const auto ci0 = st::garwood_interval(0, 0.95);
  EXPECT_EQ(ci0.lo, 0.0);
  EXPECT_NEAR(ci0.hi, -std::log(0.025), 1e-13);
  // P(X >= x | lo) = a/2, P(X <= x | hi) = a/2 (GSL Poisson tails).
  for (unsigned x : {1u, 5u, 37u, 1000u}) {
    const auto ci = st::garwood_interval(x, 0.999);
    EXPECT_NEAR(gsl_cdf_poisson_Q(x - 1, ci.lo) / 0.0005, 1.0, 1e-8);
    EXPECT_NEAR(gsl_cdf_poisson_P(x, ci.hi) / 0.0005, 1.0, 1e-8);
  }
}

TEST(PoissonTest, TwoSidedPValueByEnumeration) {
  for (auto [x, mu] : {std::pair{3u, 10.0}, std::pair{18u, 10.0}, std::pair{10u, 10.0}, std::pair{9u, 10.0},
                       std::pair{0u, 2.5}, std::pair{60u, 40.0}}) {
    const auto r = st::poisson_test(x, mu);
    const double want = enumerate_two_sided([&](unsigned k) { return gsl_ran_poisson_pdf(k, mu); }, x, 400);
    EXPECT_NEAR(r.result.p_value / want, 1.0, 1e-10) << x << " vs " << mu;
  }
}
