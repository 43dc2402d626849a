// The stratified percentile bootstrap: deterministic given its key, each stratum resampled from
// itself with its own stream, and an interval of the width the sampling error predicts.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/bootstrap.hpp"

namespace st = attnlaw::stats;
namespace rng = attnlaw::rng;

namespace {

using Strata = std::span<const std::vector<double>>;

std::optional<double> mean_of_first(Strata resampled) {
  const std::vector<double>& v = resampled.front();
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

std::vector<double> ramp(std::size_t n) {
  std::vector<double> v(n);
  std::iota(v.begin(), v.end(), 0.0);
  return v;
}

const rng::StreamKey kKey = rng::make_key(7, "stats-test", "bootstrap");

}  // namespace

TEST(Bootstrap, DeterministicGivenTheKey) {
  const std::vector<std::vector<double>> strata = {ramp(50)};
  const auto a = st::stratified_percentile_bootstrap(strata, mean_of_first, kKey, 300, 0.95);
  const auto b = st::stratified_percentile_bootstrap(strata, mean_of_first, kKey, 300, 0.95);
  ASSERT_TRUE(a.ci && b.ci);
  EXPECT_EQ(a.ci->lo, b.ci->lo);
  EXPECT_EQ(a.ci->hi, b.ci->hi);
  const auto c = st::stratified_percentile_bootstrap(strata, mean_of_first, rng::make_key(8, "stats-test", "bootstrap"),
                                                     300, 0.95);
  ASSERT_TRUE(c.ci);
  EXPECT_NE(a.ci->lo, c.ci->lo);
}

// Mean of 0..99: s = 29.01, s.e. 2.90; the 95% percentile interval is about +-1.96 s.e. around 49.5.
TEST(Bootstrap, IntervalOfTheMeanHasTheSamplingWidth) {
  const std::vector<std::vector<double>> strata = {ramp(100)};
  const auto r = st::stratified_percentile_bootstrap(strata, mean_of_first, kKey, 2000, 0.95);
  ASSERT_TRUE(r.ci);
  EXPECT_EQ(r.replicates, 2000u);
  EXPECT_EQ(r.dropped, 0u);
  EXPECT_LT(r.ci->lo, 49.5);
  EXPECT_GT(r.ci->hi, 49.5);
  EXPECT_NEAR(r.ci->hi - r.ci->lo, 2 * 1.96 * 2.90, 1.5);
}

// Stratum k of replicate b comes from stream (key, b, k): adding a stratum leaves the others'
// draws alone, and each resample has its stratum's size and values.
TEST(Bootstrap, StrataAreResampledWithinThemselves) {
  const std::vector<std::vector<double>> one = {ramp(10)};
  const std::vector<std::vector<double>> two = {ramp(10), {100, 200, 300}};
  std::vector<std::vector<double>> first_alone, first_with_second;
  const auto record = [](std::vector<std::vector<double>>& into) {
    return [&into](Strata resampled) -> std::optional<double> {
      into.push_back(resampled.front());
      for (const std::vector<double>& s : resampled.subspan(1)) {
        EXPECT_EQ(s.size(), 3u);
        for (double v : s) EXPECT_TRUE(v == 100 || v == 200 || v == 300) << v;
      }
      return 0.0;
    };
  };
  st::stratified_percentile_bootstrap(one, record(first_alone), kKey, 20, 0.9);
  st::stratified_percentile_bootstrap(two, record(first_with_second), kKey, 20, 0.9);
  EXPECT_EQ(first_alone, first_with_second);
  for (const std::vector<double>& s : first_alone) {
    EXPECT_EQ(s.size(), 10u);
    for (double v : s) EXPECT_TRUE(v >= 0 && v <= 9 && v == std::floor(v)) << v;
  }
}

TEST(Bootstrap, UndefinedReplicatesAreDropped) {
  const std::vector<std::vector<double>> strata = {ramp(5)};
  const auto none = st::stratified_percentile_bootstrap(
      strata, [](Strata) -> std::optional<double> { return std::nullopt; }, kKey, 50, 0.95);
  EXPECT_EQ(none.dropped, 50u);
  EXPECT_FALSE(none.ci);
  // Defined only when the resample holds a 0: the CI is of those replicates alone.
  const auto some = st::stratified_percentile_bootstrap(
      strata,
      [](Strata s) -> std::optional<double> {
        if (std::find(s[0].begin(), s[0].end(), 0.0) == s[0].end()) return std::nullopt;
        return 1.0;
      },
      kKey, 200, 0.95);
  EXPECT_GT(some.dropped, 0u);
  EXPECT_LT(some.dropped, 200u);
  ASSERT_TRUE(some.ci);
  EXPECT_EQ(some.ci->lo, 1.0);
  EXPECT_EQ(some.ci->hi, 1.0);
}

TEST(Bootstrap, RefusesBadInput) {
  const std::vector<std::vector<double>> empty_stratum = {ramp(3), {}};
  EXPECT_THROW(st::stratified_percentile_bootstrap(empty_stratum, mean_of_first, kKey, 10, 0.95),
               std::invalid_argument);
  const std::vector<std::vector<double>> strata = {ramp(3)};
  EXPECT_THROW(st::stratified_percentile_bootstrap(strata, mean_of_first, kKey, 10, 1.0), std::invalid_argument);
}
