// Library outputs over extreme inputs: beta from 1e-12 to 1e15, n from 1 to 1e12, d from 2 to
// 4096, rows with ties, masked (-inf) and denormal entries. The property is finiteness (no NaN,
// no Inf) of every output whose contract is a finite number, plus the range each quantity must
// lie in by definition (a weight in [0, 1], a gap in [0, 2]); the infinities that the headers
// document as values (Lambda of a tied row, the gap to a second key that does not exist) are
// checked to appear exactly there.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "reference/sphere/sphere_score_law.hpp"
#include "reference/sphere/vmf_moments.hpp"
#include "verify/attention/online_softmax.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/sample/sphere_top_k.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace {

namespace ref = attnlaw::reference;
namespace att = attnlaw::attention;
namespace smp = attnlaw::sample;
namespace rng = attnlaw::rng;

constexpr double kInf = std::numeric_limits<double>::infinity();
const std::vector<double> kBetas{0, 1e-12, 1e-6, 1e-2, 1, 1e2, 1e4, 1e6, 1e9, 1e12, 1e15};
const std::vector<int> kDims{2, 3, 4, 5, 16, 64, 512, 4096};

#define EXPECT_FINITE(x) EXPECT_TRUE(std::isfinite(x)) << #x << " = " << (x)

TEST(Robustness, VmfMomentsFiniteForAllDAndBeta) {
  for (int d : {2, 3, 64, 4096}) {
    for (double beta : kBetas) {
      SCOPED_TRACE(testing::Message() << "d = " << d << ", beta = " << beta);
      const double a = ref::mean_resultant<double>(d, beta).value;
      EXPECT_FINITE(a);
      EXPECT_GE(a, 0.0);
      EXPECT_LE(a, 1.0);
      EXPECT_FINITE(ref::mean_gap<double>(d, beta).value);
      EXPECT_FINITE(ref::score_variance<double>(d, beta).value);
      EXPECT_FINITE(ref::log_normaliser<double>(d, beta).value);
      const auto c = ref::subcritical_covariance<double>(d, beta);
      EXPECT_FINITE(c.A2.value);
      EXPECT_FINITE(c.log_P.value);
      EXPECT_FINITE(c.perp_factor.value);
      EXPECT_FINITE(c.par_factor.value);
      EXPECT_FINITE(c.bias_factor.value);
      EXPECT_GT(c.perp_factor.value, 0.0);
      EXPECT_GT(c.par_factor.value, 0.0);
      // P = M(2b)/M(b)^2 >= 1 (Jensen), so log P >= 0; P itself saturates only with log P.
      EXPECT_GE(c.log_P.value, -1e-15);
      EXPECT_EQ(std::isinf(c.P.value), c.log_P.value > std::log(std::numeric_limits<double>::max()));
    }
  }
}

TEST(Robustness, SphereScoreLawFiniteForAllD) {
  // Gap t = 1 - <q,k> in [0, 2]; probabilities down to the smallest normal double.
  const std::vector<double> gaps{0, 1e-300, 1e-12, 1e-3, 0.5, 1, 1.5, 2 - 1e-12, 2};
  const std::vector<double> probabilities{1e-300, 1e-12, 1e-3, 0.5, 1 - 1e-12};
  for (int d : kDims) {
    SCOPED_TRACE(testing::Message() << "d = " << d);
    for (double t : gaps) {
      const double pdf = ref::gap_pdf<double>(d, t).value;
      const double cdf = ref::gap_cdf<double>(d, t).value;
      const double sf = ref::gap_survival<double>(d, t).value;
      // d = 2: the density (t(2 - t))^{-1/2}/pi is infinite at the ends, as documented.
      if (!(d == 2 && (t == 0 || t == 2))) {
        EXPECT_FINITE(pdf) << " t = " << t;
      }
      EXPECT_FINITE(cdf) << " t = " << t;
      EXPECT_FINITE(sf) << " t = " << t;
      EXPECT_GE(cdf, 0.0);
      EXPECT_LE(cdf, 1.0);
    }
    for (double p : probabilities) {
      const double t = ref::gap_quantile<double>(d, p).value;
      const double s = ref::gap_survival_quantile<double>(d, p).value;
      EXPECT_FINITE(t) << " p = " << p;
      EXPECT_FINITE(s) << " p = " << p;
      EXPECT_GE(t, 0.0);
      EXPECT_LE(t, 2.0);
    }
    const auto k = ref::sphere_local_constants<double>(d);
    EXPECT_FINITE(k.log_local_constant.value);
    EXPECT_FINITE(k.log_k_prime.value);
    for (double n : {1.0, 2.0, 1e6, 1e12}) EXPECT_FINITE(ref::sphere_critical_scale<double>(d, n).value) << n;
  }
}

// Online softmax at beta times a score in [-1, 1] (scores of unit vectors), every beta.
TEST(Robustness, OnlineSoftmaxFiniteForAllBeta) {
  const rng::StreamKey key = rng::make_key(7, "robustness", "online softmax");
  for (double beta : kBetas) {
    SCOPED_TRACE(testing::Message() << "beta = " << beta);
    att::OnlineSoftmaxAverage<double> avg(2);
    rng::SampleSource source(key, 0, 0);
    for (int i = 0; i < 1000; ++i) {
      const double s = 2 * source.next_uniform() - 1;
      const double v[2] = {s, 1.0};
      avg.add(beta * s, v);
    }
    EXPECT_FINITE(avg.log_partition());
    EXPECT_FINITE(avg.top_weight());
    EXPECT_FINITE(avg.sum_squared_weights());
    EXPECT_GT(avg.top_weight(), 0.0);
    EXPECT_LE(avg.top_weight(), 1.0);
    EXPECT_FINITE(avg.average(0));
    EXPECT_NEAR(avg.average(1), 1.0, 1e-12);  // the weights sum to 1 whatever beta
  }
}

TEST(Robustness, WeightSummaryFiniteForAllBetaAndTies) {
  const std::vector<std::vector<double>> rows{
      {0.0, 1e-300, 1e-12, 0.1, 0.5, 1.0, 2.0},  // a spread from denormal-scale to the largest gap
      {0.0, 0.0, 0.0, 1.0},                      // a three-way tie at the top
      {0.0, 4.9e-324, 1e-310, 2.0},              // denormal gaps
  };
  for (const auto& gaps : rows) {
    for (double beta : kBetas) {
      SCOPED_TRACE(testing::Message() << "beta = " << beta << ", second gap = " << gaps[1]);
      const att::WeightSummary w = att::summarize_weights(gaps, beta);
      for (double x : {w.top_weight, w.second_weight, w.sum_sq, w.energy, w.one_minus_top, w.log_top_over_second}) {
        EXPECT_FINITE(x);
      }
      EXPECT_GT(w.top_weight, 0.0);
      EXPECT_LE(w.top_weight, 1.0);
      EXPECT_GE(w.one_minus_top, 0.0);
    }
  }
  // A single key: all the weight, and no second key (the documented +inf of log_top_over_second).
  const std::vector<double> one{0.0};
  const att::WeightSummary w = att::summarize_weights(one, 1e15);
  EXPECT_EQ(w.top_weight, 1.0);
  EXPECT_EQ(w.one_minus_top, 0.0);
  EXPECT_EQ(w.log_top_over_second, kInf);
}

TEST(Robustness, RowStatisticsFiniteOnTiesMaskedAndDenormals) {
  const double denorm = std::numeric_limits<double>::denorm_min();
  const std::vector<std::vector<double>> rows{
      {1.0, 0.5, -0.25, 3.0, 2.0},
      {2.0, 2.0, 1.0, 0.0},                        // tie at the maximum
      {-kInf, 1.0, -kInf, 0.5, 0.25},              // masked entries
      {denorm, 0.0, -denorm, 2 * denorm, 1e-310},  // denormal entries and gaps
      {1e300, 1e300 - 1e285, 0.0},                 // huge but finite spread
      {5.0},                                       // a single entry
  };
  for (const auto& row : rows) {
    const auto profile = att::gap_profile<double>(row);
    for (double beta : kBetas) {
      SCOPED_TRACE(testing::Message() << "beta = " << beta << ", row[0] = " << row[0]);
      const auto s = att::row_statistics<double>(profile, beta);
      EXPECT_FINITE(s.softmax.log_partition);
      EXPECT_FINITE(s.softmax.mean_scaled_gap);
      EXPECT_FINITE(s.softmax.entropy);
      EXPECT_FINITE(s.softmax.top_weight);
      EXPECT_FINITE(s.softmax.top_two_difference);
      EXPECT_FINITE(s.scale.contact_gap);
      EXPECT_FINITE(s.scale.contact_entropy);
      EXPECT_FINITE(s.scale.alpha);
      EXPECT_FINITE(s.regime.bound);
      EXPECT_FALSE(std::isnan(s.regime.ratio));
      EXPECT_FALSE(std::isnan(s.scale.lambda));
      EXPECT_GE(s.softmax.entropy, -1e-12);
      EXPECT_LE(s.softmax.entropy, std::log(static_cast<double>(s.n)) + 1e-12);
      // Lambda is +inf exactly for tied rows (and rows whose smallest gap is below log n / DBL_MAX).
      if (s.scale.ties) {
        EXPECT_EQ(s.scale.lambda, kInf);
      }
    }
  }
}

TEST(Robustness, RowStatisticsRejectsRowsWithoutAGapProfile) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const std::vector<double>& row :
       std::vector<std::vector<double>>{{1.0, nan}, {1.0, kInf}, {-kInf, -kInf}, {1.7e308, -1.7e308}}) {
    EXPECT_THROW(att::gap_profile<double>(row), att::RowError);
  }
  const std::vector<double> ok{1.0, 0.0};
  const auto profile = att::gap_profile<double>(ok);
  for (double beta : {-1.0, kInf, nan}) EXPECT_THROW(att::row_statistics<double>(profile, beta), std::invalid_argument);
}

// The exact top-K sampler from n = 1 to 1e12 keys and d = 2 to 4096.
TEST(Robustness, TopKSamplerFiniteForAllNAndD) {
  const rng::StreamKey key = rng::make_key(11, "robustness", "top-k");
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000}, std::uint64_t{1000000000},
                          std::uint64_t{1000000000000}}) {
    for (int d : {2, 3, 5, 64, 4096}) {
      const std::uint64_t k = std::min<std::uint64_t>(n, 16);
      SCOPED_TRACE(testing::Message() << "n = " << n << ", d = " << d);
      const double beta = std::pow(static_cast<double>(n), 2.0 / (d - 1));
      const smp::NearestKeys keys = smp::sample_sphere_top_k(key, 0, n, d, k, true, beta);
      ASSERT_EQ(keys.gaps.size(), k);
      for (std::size_t i = 0; i < keys.gaps.size(); ++i) {
        EXPECT_FINITE(keys.gaps[i]);
        EXPECT_GE(keys.gaps[i], 0.0);
        EXPECT_LE(keys.gaps[i], 2.0);
        if (i > 0) {
          EXPECT_LE(keys.gaps[i - 1], keys.gaps[i]);
        }
      }
      for (double u : keys.directions) EXPECT_FINITE(u);
      EXPECT_FINITE(keys.threshold);
      // -inf exactly when no key is omitted (K = n): log of a zero mass.
      if (k == n) {
        EXPECT_EQ(keys.neglected_log_mass_bound, -kInf);
      } else {
        EXPECT_FINITE(keys.neglected_log_mass_bound);
      }
      const att::WeightSummary w = att::summarize_weights(keys.gaps, beta);
      EXPECT_FINITE(w.top_weight);
      EXPECT_FINITE(w.energy);
    }
  }
}

// The truncated sampler at and above the critical scale, up to n = 1e12 and beta = 1e15.
TEST(Robustness, TruncatedSamplerFiniteUpToHugeN) {
  const rng::StreamKey key = rng::make_key(13, "robustness", "truncated");
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{1000}, std::uint64_t{1000000000000}}) {
    for (int d : {3, 5}) {
      for (double gamma : {1.0, 1e3}) {
        const double beta = std::min(1e15, gamma * std::pow(static_cast<double>(n), 2.0 / (d - 1)));
        SCOPED_TRACE(testing::Message() << "n = " << n << ", d = " << d << ", beta = " << beta);
        const smp::NearestKeys keys = smp::sample_sphere_truncated(key, 0, n, d, beta);
        ASSERT_FALSE(keys.gaps.empty());
        for (double t : keys.gaps) {
          EXPECT_FINITE(t);
          EXPECT_GE(t, 0.0);
          EXPECT_LE(t, 2.0);
        }
        EXPECT_FALSE(std::isnan(keys.neglected_log_mass_bound));
        EXPECT_LE(keys.neglected_log_mass_bound, std::log(1e-15) + 1e-9);
        const att::WeightSummary w = att::summarize_weights(keys.gaps, beta);
        EXPECT_FINITE(w.top_weight);
        EXPECT_FINITE(w.energy);
      }
    }
  }
}

}  // namespace
