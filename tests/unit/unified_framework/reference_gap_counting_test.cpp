// reference/gap_counting/gap_counting: Yule law, the L = lim Lambda_n/h_n table, subcritical constants.
// Expected values: sums of the pmf (closed forms e^t, e^t(e^t - 1)); a simulation of N(t) =
// #{k : M_{k-1} <= t} (theory/unified_framework/THEORY.md §2 UF.gumbel.point-process); its §5 L
// table (an independent MC, 2e5 samples, s.e. ~0.001); a brute-force MC of the sup over k <= 2e4;
// the checked subcritical entropy offsets of its §2.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "reference/gap_counting/gap_counting.hpp"
#include "reference/gap_counting/gap_counting_mpfr.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::reference {
namespace {

using Mp = mpfr_float_50;
constexpr double kEps = std::numeric_limits<double>::epsilon();

TEST(GapCounting, YulePmfSumsToOneWithItsMeanAndVariance) {
  for (double t : {0.1, 0.5, 1.0, 2.0}) {
    // Terms beyond m = 4000 weigh (1 - e^{-t})^4000 < 1e-14 for t <= 2.
    double total = 0, mean = 0, second = 0;
    for (unsigned long m = 4000; m >= 1; --m) {  // small terms first
      const double p = yule_pmf<double>(t, m);
      total += p;
      mean += m * p;
      second += double(m) * double(m) * p;
    }
    EXPECT_NEAR(total, 1, 1e-13) << t;
    EXPECT_NEAR(mean / yule_mean<double>(t), 1, 1e-12) << t;
    EXPECT_NEAR((second - mean * mean) / yule_variance<double>(t), 1, 1e-10) << t;
    double cumulative = 0;
    for (unsigned long m = 1; m <= 50; ++m) {
      cumulative += yule_pmf<double>(t, m);
      EXPECT_NEAR(yule_cdf<double>(t, m), cumulative, 1e-14) << t << " " << m;
    }
  }
  EXPECT_EQ(yule_pmf<double>(0.0, 1), 1.0);
  EXPECT_EQ(yule_pmf<double>(0.0, 2), 0.0);
  EXPECT_THROW(yule_pmf<double>(-1.0, 1), std::invalid_argument);
}

TEST(GapCounting, DoubleAgreesWithMpfr) {
  // The pmf is exp(E) with E = -t + (m-1) log(1 - e^{-t}): rounding of E gives a relative error
  // of about u |E|, so the bound is 4 eps (1 + |E|); the CDF within 8 eps (relative).
  for (double t : {1e-3, 0.5, 1.0, 3.0, 20.0}) {
    for (unsigned long m : {1ul, 2ul, 10ul, 1000ul}) {
      const Mp tm(t);
      const Mp pmf = yule_pmf<Mp>(tm, m);
      const Mp cdf = yule_cdf<Mp>(tm, m);
      const double exponent = static_cast<double>(abs(log(pmf)));
      if (exponent < 700) {  // representable in double
        EXPECT_LE(static_cast<double>(abs(Mp(yule_pmf<double>(t, m)) - pmf) / pmf), 4 * kEps * (1 + exponent))
            << t << " " << m;
      }
      EXPECT_LE(static_cast<double>(abs(Mp(yule_cdf<double>(t, m)) - cdf) / cdf), 8 * kEps) << t << " " << m;
    }
    EXPECT_LE(static_cast<double>(abs(Mp(yule_variance<double>(t)) / yule_variance<Mp>(Mp(t)) - 1)), 4 * kEps);
  }
  for (double c : {0.1, 0.5, 0.9}) {
    EXPECT_LE(static_cast<double>(abs(Mp(exponential_subcritical_entropy_offset<double>(c)) -
                                      exponential_subcritical_entropy_offset<Mp>(Mp(c)))),
              8 * kEps);
  }
}

TEST(GapCounting, SimulatedGapCountIsGeometric) {
  // N(t) = #{k >= 1 : M_{k-1} <= t}, M_k = sum_{i<=k} E_i/i (exact for exponential rows, Rényi):
  // chi-square over m = 1..7 and >= 8 at t = 1, 1e5 draws; the 0.999 quantile of chi^2_7 is 24.3.
  const double t = 1.0;
  const int draws = 100000;
  const auto key = rng::make_key(7u, "reference-unified-test", "yule");
  std::vector<int> counts(9, 0);
  for (int i = 0; i < draws; ++i) {
    rng::SampleSource source(key, 0, static_cast<std::uint64_t>(i));
    double m = 0;
    unsigned long n = 1;
    while (true) {
      m += rng::exponential<double>(source) / static_cast<double>(n);
      if (m > t) break;
      ++n;
    }
    ++counts[n < 8 ? n : 8];
  }
  double chi2 = 0;
  for (unsigned long m = 1; m <= 8; ++m) {
    const double p = m < 8 ? yule_pmf<double>(t, m) : 1 - yule_cdf<double>(t, 7);
    const double expected = p * draws;
    chi2 += (counts[m] - expected) * (counts[m] - expected) / expected;
  }
  EXPECT_LT(chi2, 24.3);
}

TEST(GapCounting, LambdaLawTableAgreesWithTheUfTable) {
  // theory/unified_framework/THEORY.md §5 (2e5 samples, s.e. ~0.001): combined tolerance = table
  // error (4 s.e.) + 0.004.
  const double x[] = {1.25, 1.5, 2, 3, 5, 10, 20};
  const double uf[] = {.510, .430, .328, .222, .136, .069, .0345};
  for (int i = 0; i < 7; ++i) {
    const auto e = lambda_law_tail(x[i]);
    EXPECT_NEAR(e.value, uf[i], e.error + 0.004) << x[i];
    EXPECT_LT(e.error, 0.005) << x[i];
  }
  // Heavy tail: P(L > x) ~ log 2 / x (theory/unified_framework/THEORY.md §2 UF.gumbel.lambda-law).
  EXPECT_NEAR(lambda_law_tail(20).value * 20, std::log(2.0), 0.05);
  const auto& table = lambda_law_upper_tail();
  ASSERT_EQ(table.size(), 8u);
  for (std::size_t i = 1; i < table.size(); ++i) EXPECT_LT(table[i].tail, table[i - 1].tail);
  EXPECT_THROW(lambda_law_tail(1.3), std::invalid_argument);
}

TEST(GapCounting, LambdaLawTableAgreesWithBruteForce) {
  // Direct sup over 2 <= k <= 1e4 of log k / M_{k-1}, 2000 samples on another stream. For x >= 1.5
  // an exceedance beyond k = 1e4 needs Gamma_1 > 1e4^{1/3} ~ 21.5 (M_{k-1} = log(Gamma_k/Gamma_1)),
  // probability e^{-21.5} ~ 5e-10.
  const int samples = 2000;
  const int K = 10000;
  const auto key = rng::make_key(11u, "reference-unified-test", "lambda-brute-force");
  const double x[] = {1.5, 2, 3, 5};
  int exceed[4] = {0, 0, 0, 0};
  for (int i = 0; i < samples; ++i) {
    rng::SampleSource source(key, 0, static_cast<std::uint64_t>(i));
    double m = 0;
    double best = 0;
    for (int k = 2; k <= K; ++k) {
      m += rng::exponential<double>(source) / (k - 1);
      best = std::max(best, std::log(double(k)) / m);
    }
    for (int j = 0; j < 4; ++j) exceed[j] += best > x[j];
  }
  for (int j = 0; j < 4; ++j) {
    const double p = lambda_law_tail(x[j]).value;
    EXPECT_NEAR(double(exceed[j]) / samples, p, 4.5 * std::sqrt(p * (1 - p) / samples) + 0.002) << x[j];
  }
}

TEST(GapCounting, SubcriticalConstants) {
  // theory/unified_framework/THEORY.md §2 UF.family.exponential [checked]: H - log n at c = 0.3,
  // 0.5, 0.7 -> -0.072, -0.307, -1.129.
  EXPECT_NEAR(exponential_subcritical_entropy_offset<double>(0.3), -0.0719, 1e-4);
  EXPECT_NEAR(exponential_subcritical_entropy_offset<double>(0.5), std::log(2.0) - 1, 4 * kEps);
  EXPECT_NEAR(exponential_subcritical_entropy_offset<double>(0.7), -1.1294, 1e-4);
  EXPECT_DOUBLE_EQ(gaussian_subcritical_entropy_rate<double>(0.5), 0.75);
  EXPECT_DOUBLE_EQ(gaussian_subcritical_top_weight_rate<double>(0.5), -0.25);
  EXPECT_THROW(gaussian_subcritical_entropy_rate<double>(1.0), std::invalid_argument);
  EXPECT_THROW(exponential_subcritical_entropy_offset<double>(-0.1), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::reference
