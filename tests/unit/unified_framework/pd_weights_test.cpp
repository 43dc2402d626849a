// sample_pd_weights (verify/sample/score_rows.hpp) against the PD(alpha, 0) law (Pitman–Yor 1997):
//   E sum_j V_j^2 = Gamma(2 - alpha) / (Gamma(2) Gamma(1 - alpha)) = 1 - alpha;
//   E V_1 from theory/unified_framework/THEORY.md §5 (quadrature of int e^{-l} / (1 + phi_alpha(l)) dl, 6 digits):
//     alpha = .25: .821250, .5: .626508, .75: .398193;
//   V_2 / V_1 = (Gamma_1 / Gamma_2)^{1/alpha} with Gamma_1 / Gamma_2 ~ U(0,1): (V_2/V_1)^alpha ~ U(0,1).
// The truncation at K = 400 with the expected tail in the normaliser moves E V_1 and E sum V^2
// by O(K^{1 - 2/alpha}) <= 5e-5 (alpha <= .75), far below the Monte Carlo standard errors
// (~2e-3 at 12000 replicates).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "verify/sample/score_rows.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::sample::testing {
namespace {

struct Summary {
  double top = 0;
  double sum_squares = 0;
  double ratio_pit = 0;
};

TEST(PdWeights, MomentsTopWeightAndRatioLaw) {
  constexpr std::size_t K = 400;
  constexpr std::size_t reps = 12000;
  const struct {
    double alpha;
    double mean_top;
  } cases[] = {{0.25, 0.821250}, {0.5, 0.626508}, {0.75, 0.398193}};
  for (const auto& c : cases) {
    const auto stream = rng::make_key(kSeed, "sample.score_rows", label("pd/", c.alpha));
    const auto summaries = over_replicates<Summary>(reps, [&](std::uint32_t r) {
      const auto v = sample_pd_weights(c.alpha, stream, r, K);
      Summary s;
      s.top = v[0];
      for (double w : v) s.sum_squares += w * w;
      s.ratio_pit = std::pow(v[1] / v[0], c.alpha);
      return s;
    });
    std::vector<double> top, squares, pit;
    for (const auto& s : summaries) {
      top.push_back(s.top);
      squares.push_back(s.sum_squares);
      pit.push_back(s.ratio_pit);
    }
    const std::string what = label("PD alpha = ", c.alpha);
    expect_accepted(stats::z_test_mean_sample_sigma(top, c.mean_top).result, what + " E V_1");
    expect_accepted(stats::z_test_mean_sample_sigma(squares, 1 - c.alpha).result, what + " E sum V^2");
    expect_accepted(stats::ks_test(pit), what + " (V_2/V_1)^alpha uniform");
  }
}

TEST(PdWeights, RankedAndNormalised) {
  const auto stream = rng::make_key(kSeed, "sample.score_rows", "pd/shape");
  for (const double alpha : {0.01, 0.5, 0.99}) {
    const auto v = sample_pd_weights(alpha, stream, 0, 1000);
    double sum = 0;
    for (std::size_t j = 0; j < v.size(); ++j) {
      ASSERT_TRUE(std::isfinite(v[j]) && v[j] >= 0) << alpha;
      if (j > 0) {
        EXPECT_LE(v[j], v[j - 1]) << alpha;
      }
      sum += v[j];
    }
    EXPECT_LE(sum, 1.0) << alpha;  // the rest is the expected tail
    EXPECT_GT(sum, alpha < 0.9 ? 0.5 : 0.0) << alpha;
  }
  EXPECT_EQ(sample_pd_weights(0.5, stream, 3, 50), sample_pd_weights(0.5, stream, 3, 50));
  EXPECT_THROW(sample_pd_weights(1.0, stream, 0, 10), std::domain_error);
  EXPECT_THROW(sample_pd_weights(0.5, stream, 0, 0), std::domain_error);
}

}  // namespace
}  // namespace attnlaw::sample::testing
