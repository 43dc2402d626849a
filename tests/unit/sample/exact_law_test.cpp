// The truncated and Rényi top-K samplers against the exact finite-n law of n i.i.d. gaps
// with CDF F (F(t) = I_{t/2}(m, m), m = (d-1)/2, theory/scaling_limits/THEORY.md §1; Boost.Math ibeta as the
// reference, an implementation the samplers use only to size shells, never to place keys):
//   P(t_(1) <= tau) = 1 - (1 - F(tau))^n,  P(t_(2) <= tau) = P(Bin(n, F(tau)) >= 2) = I_F(2, n-1)
// (the order-statistic CDF P(X_(k) <= x) = I_{F(x)}(k, n-k+1)); the count below a fixed tau
// is Binomial(n, F(tau)); given that count, those gaps are i.i.d. F restricted to [0, tau],
// so F(t)/F(tau) is uniform. d = 3: t_(1)/2 and the spacing (t_(2) - t_(1))/2 are both
// Beta(1, n) (uniform spacings are exchangeable), CDF 1 - (1 - x)^n.
#include <gtest/gtest.h>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "verify/sample/gap_laws.hpp"
#include "verify/sample/sphere_top_k.hpp"
#include "verify/sample/sphere_truncated.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/goodness_of_fit.hpp"

namespace attnlaw::sample::testing {
namespace {

double gap_cdf(int d, double t) {
  const double m = 0.5 * (d - 1);
  return boost::math::ibeta(m, m, 0.5 * t);
}
// P(t_(1) <= tau) = 1 - (1 - F)^n, without cancellation when F is tiny.
double first_cdf(std::uint64_t n, double f) { return -std::expm1(static_cast<double>(n) * std::log1p(-f)); }
double second_cdf(std::uint64_t n, double f) { return boost::math::ibeta(2.0, static_cast<double>(n) - 1, f); }

void expect_order_statistics(const std::vector<NearestKeys>& samples, int d, const std::string& what) {
  std::vector<double> u1, u2;
  for (const auto& keys : samples) {
    const std::uint64_t n = keys.n;
    u1.push_back(first_cdf(n, gap_cdf(d, keys.gaps.at(0))));
    u2.push_back(second_cdf(n, gap_cdf(d, keys.gaps.at(1))));
  }
  expect_accepted(stats::anderson_darling_test(u1), what + " t_(1)");
  expect_accepted(stats::anderson_darling_test(u2), what + " t_(2)");
}

// Counts below tau against Binomial(n, F(tau)) by Pearson chi-square (pooled tails), and the
// pooled gaps below tau against F restricted to [0, tau] by AD.
void expect_counts_below(const std::vector<NearestKeys>& samples, int d, double tau, const std::string& what) {
  const std::uint64_t n = samples.front().n;
  const double f_tau = gap_cdf(d, tau);
  const boost::math::binomial_distribution<double> law(static_cast<double>(n), f_tau);
  const std::size_t cells = static_cast<std::size_t>(boost::math::quantile(law, 1 - 1e-12)) + 2;
  std::vector<std::uint64_t> counts(cells, 0);
  std::vector<double> probabilities(cells);
  for (std::size_t k = 0; k + 1 < cells; ++k) probabilities[k] = boost::math::pdf(law, static_cast<double>(k));
  probabilities.back() = boost::math::cdf(boost::math::complement(law, static_cast<double>(cells - 2)));
  std::vector<double> inside;
  for (const auto& keys : samples) {
    ASSERT_GE(keys.threshold, tau) << what << ": the threshold must cover tau for the count to be complete";
    std::size_t below = 0;
    for (double t : keys.gaps) {
      if (t > tau) break;
      ++below;
      inside.push_back(gap_cdf(d, t) / f_tau);
    }
    ++counts[std::min(below, cells - 1)];
  }
  expect_accepted(stats::chi_square_gof(counts, probabilities), what + " count below tau");
  expect_accepted(stats::anderson_darling_test(inside), what + " gaps below tau");
}

TEST(TruncatedExactLaw, UniformOrderStatisticsAtD3) {
  constexpr std::uint64_t n = 2000;
  constexpr double beta = 1000;  // gamma = 1/2
  const auto stream = key_for("exact/d3");
  const auto samples = over_replicates<NearestKeys>(
      20000, [&](std::uint32_t r) { return sample_sphere_truncated(stream, r, n, 3, beta); });
  std::vector<double> first, spacing;
  for (const auto& keys : samples) {
    ASSERT_GE(keys.gaps.size(), 2u);
    // Beta(1, n) CDF 1 - (1 - x)^n.
    first.push_back(first_cdf(n, 0.5 * keys.gaps[0]));
    spacing.push_back(first_cdf(n, 0.5 * (keys.gaps[1] - keys.gaps[0])));
    ASSERT_LE(keys.neglected_log_mass_bound, std::log(1e-15));
  }
  expect_accepted(stats::anderson_darling_test(first), "d3 t_(1)/2 ~ Beta(1, n)");
  expect_accepted(stats::anderson_darling_test(spacing), "d3 (t_(2) - t_(1))/2 ~ Beta(1, n)");
  // tau = 0.02: the threshold is >= ln(n/eps)/beta = 0.042, and n tau/2 = 20 keys on average.
  expect_counts_below(samples, 3, 0.02, "d3");
  // Negative control: the same gaps read as if n were 10% larger.
  std::vector<double> wrong;
  for (const auto& keys : samples) wrong.push_back(first_cdf(2200, 0.5 * keys.gaps[0]));
  expect_rejected(stats::anderson_darling_test(wrong), "d3 t_(1) against n = 2200");
}

struct LawCase {
  int d;
  std::uint64_t n;
  double gamma;
};

class TruncatedOrderStatistics : public ::testing::TestWithParam<LawCase> {};

// d = 2 (closed-form quantile, t ~ 1e-12 at n = 1e6), d = 4, 5 (rejection in shells).
// gamma is small enough that t_(2) is always retained: at d = 2, gamma = 0.01 (c = 0.049)
// dropping it would need Gamma_2^2 - Gamma_1^2 > ln(n/eps)/c = 560, probability ~e^{-23}.
TEST_P(TruncatedOrderStatistics, AgainstExactCdf) {
  const auto [d, n, gamma] = GetParam();
  const double beta = gamma * std::pow(static_cast<double>(n), 2.0 / (d - 1));
  const std::string what = label("truncated d", d) + label(" n", n);
  const auto stream = key_for(what);
  const auto samples = over_replicates<NearestKeys>(
      4000, [&](std::uint32_t r) { return sample_sphere_truncated(stream, r, n, d, beta, 1e-6); });
  expect_order_statistics(samples, d, what);
  // tau: expected count 10 below it, F(tau) = 10/n.
  const SphereGapLaw law(d);
  const double tau = law.quantile(10.0 / static_cast<double>(n), 1 - 10.0 / static_cast<double>(n));
  expect_counts_below(samples, d, tau, what);
}

INSTANTIATE_TEST_SUITE_P(Critical, TruncatedOrderStatistics,
                         ::testing::Values(LawCase{2, 1'000'000, 0.01}, LawCase{4, 1'000'000, 1.0},
                                           LawCase{5, 100'000, 1.0}, LawCase{5, 2000, 0.5}),
                         [](const auto& test_case) {
                           return label("d", test_case.param.d) + label("_n", test_case.param.n);
                         });

class TopKOrderStatistics : public ::testing::TestWithParam<LawCase> {};

TEST_P(TopKOrderStatistics, AgainstExactCdf) {
  const auto [d, n, gamma] = GetParam();
  const std::string what = label("top-K d", d) + label(" n", n);
  const auto stream = key_for(what);
  const auto samples =
      over_replicates<NearestKeys>(4000, [&](std::uint32_t r) { return sample_sphere_top_k(stream, r, n, d, 2); });
  expect_order_statistics(samples, d, what);
}

// n = 1e12 exercises Gamma(n - 1) and the tiny-F tails (t_(1) ~ 1e-24 at d = 2).
INSTANTIATE_TEST_SUITE_P(AnyN, TopKOrderStatistics,
                         ::testing::Values(LawCase{2, 2000, 0}, LawCase{3, 2000, 0}, LawCase{4, 2000, 0},
                                           LawCase{5, 2000, 0}, LawCase{2, 1'000'000'000'000, 0},
                                           LawCase{3, 1'000'000'000'000, 0}, LawCase{5, 1'000'000'000'000, 0}),
                         [](const auto& test_case) {
                           return label("d", test_case.param.d) + label("_n", test_case.param.n);
                         });

// The Rényi sampler's spacings at d = 3: (t_(j+1) - t_(j))/2 = E_{j+1}/Gamma_{n+1}, each Beta(1, n);
// the 63 spacings of one K = 64 draw pooled over replicates (exchangeable, same marginal).
TEST(TopK, SpacingsAtD3) {
  constexpr std::uint64_t n = 1'000'000;
  const auto stream = key_for("top-k/spacings");
  const auto samples =
      over_replicates<NearestKeys>(1000, [&](std::uint32_t r) { return sample_sphere_top_k(stream, r, n, 3, 64); });
  std::vector<double> u;
  for (const auto& keys : samples) {
    ASSERT_EQ(keys.gaps.size(), 64u);
    EXPECT_TRUE(std::isnan(keys.neglected_log_mass_bound));
    for (std::size_t j = 1; j < 64; ++j) u.push_back(first_cdf(n, 0.5 * (keys.gaps[j] - keys.gaps[j - 1])));
  }
  expect_accepted(stats::anderson_darling_test(u), "top-K d3 spacings");
}

}  // namespace
}  // namespace attnlaw::sample::testing
