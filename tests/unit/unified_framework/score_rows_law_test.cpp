// The top-K score-row sampler (verify/sample/score_rows.hpp) against exact finite-n laws:
//   - Rényi (1953): for the descending order statistics of n i.i.d. Exp(1) scores, the
//     normalised spacings k (s_(k) - s_(k+1)), k = 1..n-1, are i.i.d. Exp(1);
//   - the K-th largest of n i.i.d. F: P(s_(K) <= x) = P(Bin(n, Fbar(x)) <= K - 1) (binomial
//     counting, incomplete beta via Boost.Math), for the top score (1 - Fbar)^n;
//   - U_(1) of n uniforms is Beta(1, n): P(n U_(1) <= x) = 1 - (1 - x/n)^n -> 1 - e^{-x};
//   - the K largest of a full row of n i.i.d. scores (sample_full_row, one inverse CDF per
//     score, an independent code path) have the law of the top-K sampler (two-sample AD).
// Each p-value is tested at alpha = 1e-6.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "tests/unit/unified_framework/score_rows_support.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/sample/gap_laws.hpp"
#include "verify/sample/index_space.hpp"
#include "verify/sample/score_rows.hpp"
#include "verify/sample/sphere_top_k.hpp"
#include "verify/sample/uniform_order_statistics.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::sample::testing {
namespace {

rng::StreamKey rows_key(const std::string& experiment) { return rng::make_key(kSeed, "sample.score_rows", experiment); }

std::vector<TopGaps> top_rows(const ScoreFamily& family, const std::string& experiment, std::size_t reps,
                              std::uint64_t n, std::uint64_t K,
                              theory::unified_framework::TopGapsSampler sampler = sample_top_gaps) {
  const auto stream = rows_key(experiment);
  return over_replicates<TopGaps>(reps, [&](std::uint32_t r) { return sampler(family, stream, r, n, K); });
}

// Pooled k (Delta_(k+1) - Delta_(k)) over k = 1..K-1 and the first spacing alone, as PITs of Exp(1).
void expect_exponential_spacings(const std::vector<TopGaps>& rows, const std::string& what) {
  std::vector<double> pooled;
  std::vector<double> first;
  for (const auto& row : rows) {
    for (std::size_t k = 1; k < row.gaps.size(); ++k) {
      const double spacing = static_cast<double>(k) * (row.gaps[k] - row.gaps[k - 1]);
      pooled.push_back(-std::expm1(-spacing));
      if (k == 1) first.push_back(pooled.back());
    }
  }
  expect_accepted(stats::anderson_darling_test(pooled), what + " pooled spacings");
  expect_accepted(stats::anderson_darling_test(first), what + " first spacing");
}

TEST(ScoreRowsExactLaw, ExponentialSpacingsAreIidExp1) {
  const ScoreFamily exponential{Kind::exponential, 1};
  // The full row (K = n = 1000) and a short top at n = 1e12.
  expect_exponential_spacings(top_rows(exponential, "spacings/full", 200, 1000, 1000), "n = K = 1000");
  expect_exponential_spacings(top_rows(exponential, "spacings/top", 4000, 1'000'000'000'000, 64), "n = 1e12, K = 64");
}

// The top score and the threshold s_(K) against the binomial-counting CDF, every family.
TEST(ScoreRowsExactLaw, TopAndThresholdScoresAtLargeN) {
  constexpr std::uint64_t K = 20;
  for (const auto& [family, name] : all_families()) {
    for (const std::uint64_t n : {std::uint64_t{1'000'000}, std::uint64_t{1'000'000'000'000}}) {
      const auto rows = top_rows(family, label("extremes/" + name + "/", n), 4000, n, K);
      std::vector<double> top;
      std::vector<double> threshold;
      for (const auto& row : rows) {
        top.push_back(kth_largest_cdf(n, 1, upper_tail(family, row.top_score)));
        threshold.push_back(kth_largest_cdf(n, K, upper_tail(family, row.threshold_score)));
      }
      const std::string what = label(name + " n = ", n);
      expect_accepted(stats::anderson_darling_test(top), what + " top score");
      expect_accepted(stats::anderson_darling_test(threshold), what + " s_(K)");
    }
  }
}

// The brief's headline check: the Gaussian maximum of 1e12 scores against F(x)^n by KS.
TEST(ScoreRowsExactLaw, GaussianTopScoreAtTrillionKs) {
  constexpr std::uint64_t n = 1'000'000'000'000;
  const auto rows = top_rows({Kind::gaussian, 1}, "gaussian/max", 20000, n, 1);
  std::vector<double> pit;
  for (const auto& row : rows) pit.push_back(kth_largest_cdf(n, 1, upper_tail({Kind::gaussian, 1}, row.top_score)));
  expect_accepted(stats::ks_test(pit), "gaussian max of 1e12");
}

TEST(ScoreRowsExactLaw, UniformMinimumTimesNIsExponential) {
  for (const std::uint64_t n : {std::uint64_t{1'000'000}, std::uint64_t{1} << 53}) {
    const auto stream = rows_key(label("umin/", n));
    const auto pit = over_replicates<double>(20000, [&](std::uint32_t r) {
      const UniformOrderStatistics order(stream, r, n, 1, index_space::Region::score_top_k);
      const double x = order.lower(0) * static_cast<double>(n);
      // Beta(1, n) exactly; at n = 2^53 the difference from Exp(1) is below 1e-15.
      return -std::expm1(static_cast<double>(n) * std::log1p(-x / static_cast<double>(n)));
    });
    expect_accepted(stats::anderson_darling_test(pit), label("n U_(1), n = ", n));
  }
}

// The two tails of one order statistic are complementary to rounding.
TEST(ScoreRowsExactLaw, OrderStatisticTailsAreComplementary) {
  const UniformOrderStatistics order(rows_key("tails"), 0, 1000, 1000, index_space::Region::score_top_k);
  for (std::size_t j = 0; j < order.size(); ++j) {
    EXPECT_NEAR(order.lower(j) + order.upper(j), 1.0, 4 * std::numeric_limits<double>::epsilon()) << j;
    if (j > 0) {
      EXPECT_GT(order.lower(j), order.lower(j - 1));
    }
  }
}

std::vector<double> top_of_full_row(const ScoreFamily& family, rng::StreamKey stream, std::uint32_t r, std::uint64_t n,
                                    std::size_t K) {
  auto row = sample_full_row(family, stream, r, n);
  std::partial_sort(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(K), row.end(), std::greater<>());
  row.resize(K);
  return row;
}

TEST(ScoreRowsExactLaw, TopKMatchesTopOfFullRow) {
  constexpr std::uint64_t n = 1000;
  constexpr std::size_t K = 10;
  constexpr std::size_t reps = 3000;
  for (const auto& [family, name] : all_families()) {
    const auto rows = top_rows(family, "versus-full/" + name, reps, n, K);
    const auto full_stream = rows_key("full/" + name);
    const auto full = over_replicates<std::vector<double>>(
        reps, [&](std::uint32_t r) { return top_of_full_row(family, full_stream, r, n, K); });
    // The statistics: s_(1), s_(K), Delta_(2), Delta_(5), Delta_(K).
    std::vector<std::vector<double>> a(5), b(5);
    for (std::size_t r = 0; r < reps; ++r) {
      a[0].push_back(rows[r].top_score);
      a[1].push_back(rows[r].threshold_score);
      a[2].push_back(rows[r].gaps[1]);
      a[3].push_back(rows[r].gaps[4]);
      a[4].push_back(rows[r].gaps[K - 1]);
      const auto& s = full[r];
      b[0].push_back(s[0]);
      b[1].push_back(s[K - 1]);
      b[2].push_back(s[0] - s[1]);
      b[3].push_back(s[0] - s[4]);
      b[4].push_back(s[0] - s[K - 1]);
    }
    const char* names[] = {"s_(1)", "s_(K)", "Delta_(2)", "Delta_(5)", "Delta_(K)"};
    for (std::size_t i = 0; i < 5; ++i)
      expect_accepted(stats::two_sample_anderson_darling(a[i], b[i]), name + " top-K vs full row " + names[i]);
  }
}

// Long double references of the gaps from the same uniform order statistics: the cancellation-
// free gap formulas agree with the plain difference of the two scores.
long double reference_score(const ScoreFamily& family, double u, double v) {
  const long double e = u <= 0.5 ? -std::log(static_cast<long double>(u)) : -std::log1p(-static_cast<long double>(v));
  switch (family.kind) {
    case Kind::gaussian:
      return u <= 0.5 ? std::sqrt(2.0L) * boost::math::erfc_inv(2 * static_cast<long double>(u))
                      : -std::sqrt(2.0L) * boost::math::erfc_inv(2 * static_cast<long double>(v));
    case Kind::weibull: return std::pow(e, 1 / static_cast<long double>(family.shape));
    case Kind::log2: return 1 - std::pow(e, -1 / static_cast<long double>(family.shape));
    case Kind::uniform: return 1 - 2 * static_cast<long double>(u);
    case Kind::exponential: return e;
  }
  return 0;
}

TEST(ScoreRowsValues, GapsAgreeWithLongDoubleScoreDifferences) {
  constexpr std::uint64_t K = 200;
  for (const auto& [family, name] : all_families()) {
    if (family.kind == Kind::exponential) continue;  // spacings, not quantiles
    for (const std::uint64_t n : {std::uint64_t{1000}, std::uint64_t{1'000'000'000'000}, std::uint64_t{1} << 53}) {
      const auto stream = rows_key(label("values/" + name + "/", n));
      for (std::uint32_t r = 0; r < 5; ++r) {
        const std::uint64_t k_count = std::min(K, n);
        const auto row = sample_top_gaps(family, stream, r, n, k_count);
        const UniformOrderStatistics order(stream, r, n, k_count, index_space::Region::score_top_k);
        const long double top = reference_score(family, order.lower(0), order.upper(0));
        EXPECT_NEAR(row.top_score, static_cast<double>(top), 1e-15 * (1 + std::abs(row.top_score))) << name;
        for (std::size_t j = 0; j < row.gaps.size(); ++j) {
          // Uniform scores 1 - 2u near 1 would round in long double too: their gap 2 (u_k - u_1) directly.
          const long double reference =
              family.kind == Kind::uniform
                  ? 2 * (static_cast<long double>(order.lower(j)) - static_cast<long double>(order.lower(0)))
                  : top - reference_score(family, order.lower(j), order.upper(j));
          // Gaussian gaps are differences of two double quantiles (a few ulps of |s| <= 8.6).
          // The other families' formulas keep the gap's relative precision; there the reference,
          // which passes through the rounded U_(k), is the less accurate one (a few ulps of s,
          // or of U_(k) for uniform scores).
          constexpr double eps = std::numeric_limits<double>::epsilon();
          const double tolerance =
              family.kind == Kind::gaussian ? 4e-15 * (1 + std::abs(row.top_score))
              : family.kind == Kind::uniform
                  ? 1e-13 * static_cast<double>(reference) + 16 * eps * order.lower(j)
                  : 1e-13 * static_cast<double>(reference) + 16 * eps * (1 + std::abs(row.top_score));
          ASSERT_NEAR(row.gaps[j], static_cast<double>(reference), tolerance) << name << " n " << n << " j " << j;
        }
      }
    }
  }
}

TEST(ScoreRowsValues, DeterministicPerKeyAndReplicate) {
  for (const auto& [family, name] : all_families()) {
    const auto stream = rows_key("determinism/" + name);
    const auto a = sample_top_gaps(family, stream, 7, 1'000'000, 50);
    const auto b = sample_top_gaps(family, stream, 7, 1'000'000, 50);
    const auto c = sample_top_gaps(family, stream, 8, 1'000'000, 50);
    const auto d = sample_top_gaps(family, rows_key("determinism/other"), 7, 1'000'000, 50);
    EXPECT_EQ(a.gaps, b.gaps) << name;
    EXPECT_EQ(a.top_score, b.top_score) << name;
    EXPECT_EQ(a.threshold_score, b.threshold_score) << name;
    EXPECT_NE(a.gaps, c.gaps) << name;
    EXPECT_NE(a.top_score, c.top_score) << name;
    EXPECT_NE(a.gaps, d.gaps) << name;
    EXPECT_EQ(sample_full_row(family, stream, 3, 500), sample_full_row(family, stream, 3, 500)) << name;
    EXPECT_NE(sample_full_row(family, stream, 3, 500), sample_full_row(family, stream, 4, 500)) << name;
  }
}

TEST(ScoreRowsValues, ExtremeNGivesFiniteSortedGaps) {
  constexpr std::uint64_t n = std::uint64_t{1} << 53;
  for (const auto& [family, name] : all_families()) {
    for (std::uint32_t r = 0; r < 20; ++r) {
      const auto row = sample_top_gaps(family, rows_key("extreme/" + name), r, n, 10);
      ASSERT_EQ(row.gaps.size(), 10u);
      EXPECT_EQ(row.n, n);
      EXPECT_EQ(row.gaps[0], 0.0) << name;
      EXPECT_TRUE(std::isfinite(row.top_score) && std::isfinite(row.threshold_score)) << name;
      EXPECT_GE(row.top_score, row.threshold_score) << name;
      for (std::size_t j = 1; j < row.gaps.size(); ++j) {
        EXPECT_TRUE(std::isfinite(row.gaps[j])) << name;
        EXPECT_GE(row.gaps[j], row.gaps[j - 1]) << name;
      }
      // Delta_(K) and s_(1) - s_(K) describe the same difference (to the rounding of the scores).
      EXPECT_NEAR(row.gaps.back(), row.top_score - row.threshold_score, 1e-14 * (1 + std::abs(row.top_score))) << name;
    }
  }
  EXPECT_THROW(sample_top_gaps({Kind::gaussian, 1}, rows_key("extreme/throw"), 0, n + 1, 10), std::domain_error);
  EXPECT_THROW(sample_top_gaps({Kind::gaussian, 1}, rows_key("extreme/throw"), 0, 10, 11), std::domain_error);
  EXPECT_THROW(sample_top_gaps({Kind::gaussian, 1}, rows_key("extreme/throw"), 0, 10, 0), std::domain_error);
}

// Factoring the Rényi core out of sphere_top_k must not move a single draw: the original loop,
// written out, against the sampler (values compared bitwise).
TEST(ScoreRowsValues, SphereTopKDrawsUnchanged) {
  const auto stream = rows_key("sphere-regression");
  for (const int d : {2, 3, 5}) {
    for (const std::uint64_t n : {std::uint64_t{100}, std::uint64_t{1'000'000'000'000}}) {
      const std::uint64_t K = std::min<std::uint64_t>(n, 40);
      const auto keys = sample_sphere_top_k(stream, 11, n, d, K);
      const SphereGapLaw law(d);
      rng::SampleSource spacings(stream, 11, index_space::sample_index(index_space::Region::sphere_top_k, 0));
      std::vector<double> partial(K);
      double sum = 0;
      for (double& g : partial) g = sum += -std::log(spacings.next_uniform());
      rng::SampleSource rest(stream, 11, index_space::sample_index(index_space::Region::sphere_top_k, 1));
      const double g_rest = rng::gamma_distribution<double>(static_cast<double>(n - K + 1))(rest);
      const double total = sum + g_rest;
      for (std::size_t j = 0; j < K; ++j) {
        const double expected = law.quantile(partial[j] / total, ((sum - partial[j]) + g_rest) / total);
        ASSERT_EQ(keys.gaps[j], expected) << "d " << d << " n " << n << " j " << j;
      }
    }
  }
}

// The planted sampler of "order-statistics-off-by-one" (theory/unified_framework/gumbel_models.hpp)
// reads U_(k+1) for the k-th score: the rows change for Gumbel families, and the exact-law checks
// above reject it.
TEST(ScoreRowsMutant, OffByOneChangesRowsAndIsRejected) {
  using theory::unified_framework::top_gaps_from_runner_up;
  const ScoreFamily gaussian{Kind::gaussian, 1};
  const ScoreFamily exponential{Kind::exponential, 1};
  const auto clean_g = sample_top_gaps(gaussian, rows_key("mutant/g"), 0, 1'000'000, 20);
  const auto clean_e = sample_top_gaps(exponential, rows_key("mutant/e"), 0, 1'000'000, 20);
  const auto bad_g = top_gaps_from_runner_up(gaussian, rows_key("mutant/g"), 0, 1'000'000, 20);
  const auto bad_e = top_gaps_from_runner_up(exponential, rows_key("mutant/e"), 0, 1'000'000, 20);
  const auto spacings = top_rows(exponential, "mutant/spacings", 2000, 1'000'000, 20, top_gaps_from_runner_up);
  constexpr std::uint64_t n = 1'000'000'000'000;
  const auto maxima = top_rows(gaussian, "mutant/max", 2000, n, 1, top_gaps_from_runner_up);
  EXPECT_NE(clean_g.gaps, bad_g.gaps);
  EXPECT_NE(clean_g.top_score, bad_g.top_score);
  EXPECT_NE(clean_e.gaps, bad_e.gaps);
  std::vector<double> first;
  for (const auto& row : spacings) first.push_back(-std::expm1(-(row.gaps[1] - row.gaps[0])));
  expect_rejected(stats::anderson_darling_test(first), "off-by-one: exponential first spacing");
  std::vector<double> pit;
  for (const auto& row : maxima) pit.push_back(kth_largest_cdf(n, 1, upper_tail(gaussian, row.top_score)));
  expect_rejected(stats::ks_test(pit), "off-by-one: gaussian max of 1e12");
}

}  // namespace
}  // namespace attnlaw::sample::testing
