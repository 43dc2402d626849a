// Boundaries of the parameter ranges: degenerate laws, tiny shapes, invalid input.
// Expected values are closed forms (a degenerate law has one value).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "verify/rng/beta.hpp"
#include "verify/rng/binomial.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/poisson.hpp"

namespace {

using attnlaw::rng::SampleSource;

const attnlaw::rng::StreamKey kKey = attnlaw::rng::make_key(5, "rng.unit", "edges");

TEST(EdgeCases, DegenerateDiscreteLaws) {
  for (std::uint64_t i = 0; i < 100; ++i) {
    SampleSource s(kKey, 0, i);
    EXPECT_EQ(attnlaw::rng::binomial(s, 5, 0.0), 0u);
    EXPECT_EQ(attnlaw::rng::binomial(s, 5, 1.0), 5u);
    EXPECT_EQ(attnlaw::rng::binomial(s, 0, 0.3), 0u);
    EXPECT_EQ(attnlaw::rng::binomial(s, 1'000'000'000'000, 1.0), 1'000'000'000'000u);
    EXPECT_EQ(attnlaw::rng::poisson(s, 0.0), 0u);
    EXPECT_LE(attnlaw::rng::binomial(s, 1, 0.5), 1u);
  }
}

// Gamma(1e-3) is below 1e-300 with probability ~ 0.5 (P(G < x) ~ x^a / Gamma(a + 1)),
// so the variate underflows while its logarithm stays finite; Beta(1e-3, 1e-3) is
// concentrated at 0 and 1 but must stay a number in [0, 1].
TEST(EdgeCases, TinyShapesStayFinite) {
  const attnlaw::rng::gamma_distribution<double> g(1e-3);
  const attnlaw::rng::beta_distribution<double> b(1e-3, 1e-3);
  int underflowed = 0;
  for (std::uint64_t i = 0; i < 10000; ++i) {
    SampleSource s(kKey, 1, i);
    const double lg = g.log_variate(s);
    EXPECT_TRUE(std::isfinite(lg)) << lg;
    underflowed += lg < -700 ? 1 : 0;
    const double x = b(s);
    EXPECT_TRUE(x >= 0 && x <= 1) << x;
    EXPECT_GE(g(s), 0.0);
  }
  // P(log G < -700) = P(G < e^-700) ~ e^{-0.7} / Gamma(1.001) = 0.497; 10^4 draws.
  EXPECT_NEAR(underflowed / 1e4, 0.497, 0.03);
}

TEST(EdgeCases, InvalidParametersThrow) {
  EXPECT_THROW((void)attnlaw::rng::gamma_distribution<double>(0.0), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::gamma_distribution<double>(-1.0), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::gamma_distribution<double>(std::nan("")), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::beta_distribution<double>(1.0, 0.0), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::binomial_distribution(10, 1.5), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::binomial_distribution(10, std::nan("")), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::binomial_distribution((std::uint64_t{1} << 53) + 1, 0.5), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::poisson_distribution(-1.0), std::domain_error);
  EXPECT_THROW((void)attnlaw::rng::poisson_distribution(std::numeric_limits<double>::infinity()), std::domain_error);
}

}  // namespace
