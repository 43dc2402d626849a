// k-sample Anderson–Darling. Expected values: Scholz & Stephens (1987), example of §5
// (smoothness of paper, 4 laboratories x 8), as reproduced by R kSamples::ad.test and quoted in
// cmstatr's tests: eq. (6) A2kN = 8.3559 (kSamples "version 1"), eq. (7) midrank A2akN = 8.3926
// ("version 2"), sigma_N = 1.2038. The two-sample p-value is
// checked against an exact permutation distribution enumerated here.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "verify/stats/two_sample.hpp"

namespace st = attnlaw::stats;

TEST(KSampleAndersonDarling, ScholzStephensPublishedExample) {
  const std::vector<double> a = {38.7, 41.5, 43.8, 44.5, 45.5, 46.0, 47.7, 58.0};
  const std::vector<double> b = {39.2, 39.3, 39.7, 41.4, 41.8, 42.9, 43.3, 45.8};
  const std::vector<double> c = {34.0, 35.0, 39.0, 40.0, 43.0, 43.0, 44.0, 45.0};
  const std::vector<double> d = {34.0, 34.8, 34.8, 35.4, 37.2, 37.8, 41.2, 42.8};
  const std::span<const double> samples[] = {a, b, c, d};
  const auto r = st::k_sample_anderson_darling(samples);
  EXPECT_NEAR(r.a2_kn, 8.3559, 5e-5);
  EXPECT_NEAR(r.a2_akn, 8.3926, 5e-5);
  EXPECT_NEAR(r.sigma, 1.2038, 5e-5);
}

TEST(TwoSampleAndersonDarling, AgreesWithExactPermutationDistribution) {
  // x, y of size 8 each, no ties: the exact permutation p-value P(A2 >= observed) over all
  // C(16, 8) = 12870 splits, against the variance-matched A2inf approximation.
  const std::vector<double> x = {0.12, 0.35, 0.41, 0.58, 0.77, 0.91, 1.3, 1.45};
  const std::vector<double> y = {0.66, 0.95, 1.12, 1.38, 1.61, 1.72, 1.9, 2.4};
  const auto obs = st::two_sample_anderson_darling(x, y);
  std::vector<double> pooled(x);
  pooled.insert(pooled.end(), y.begin(), y.end());
  std::vector<int> mask(16, 0);
  std::fill(mask.begin(), mask.begin() + 8, 1);
  std::size_t total = 0, extreme = 0;
  do {
    std::vector<double> a, b;
    for (int i = 0; i < 16; ++i) (mask[i] ? a : b).push_back(pooled[i]);
    const std::span<const double> s[] = {a, b};
    if (st::k_sample_anderson_darling(s).a2_akn >= obs.statistic - 1e-12) ++extreme;
    ++total;
  } while (std::prev_permutation(mask.begin(), mask.end()));
  const double exact = double(extreme) / double(total);
  EXPECT_EQ(total, 12870u);
  // The approximation is asymptotic; at N = 16 it is expected within ~20% relative here.
  EXPECT_NEAR(obs.p_value / exact, 1.0, 0.2) << "exact " << exact << " approx " << obs.p_value;
  std::printf("two-sample AD: A2akN = %.4f, permutation p = %.5f, approximation p = %.5f\n", obs.statistic, exact,
              obs.p_value);
}

TEST(TwoSampleAndersonDarling, IdenticalSamplesGiveLargePAndBadInputThrows) {
  const std::vector<double> x = {1, 2, 3, 4, 5, 6};
  EXPECT_GT(st::two_sample_anderson_darling(x, x).p_value, 0.5);
  EXPECT_THROW(st::two_sample_anderson_darling(x, std::vector<double>{}), std::invalid_argument);
}
