// The stratified bootstrap: deterministic given its key, each stratum resampled from itself with
// its own stream, and a standard error of the size the sampling error predicts.
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
  const auto a = st::stratified_bootstrap_replicates(strata, mean_of_first, kKey, 300);
  const auto b = st::stratified_bootstrap_replicates(strata, mean_of_first, kKey, 300);
  EXPECT_EQ(a, b);
  const auto c =
      st::stratified_bootstrap_replicates(strata, mean_of_first, rng::make_key(8, "stats-test", "bootstrap"), 300);
  EXPECT_NE(a, c);
}

// Mean of 0..99: s = 29.01, s.e. 2.90; 2000 replicates estimate it to about 2.90 / sqrt(4000) * 2.
TEST(Bootstrap, StandardErrorOfTheMeanIsTheSamplingOne) {
  const std::vector<std::vector<double>> strata = {ramp(100)};
  EXPECT_NEAR(st::stratified_bootstrap_se(strata, mean_of_first, kKey, 2000), 2.90 * std::sqrt(0.99), 0.15);
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
  st::stratified_bootstrap_replicates(one, record(first_alone), kKey, 20);
  st::stratified_bootstrap_replicates(two, record(first_with_second), kKey, 20);
  EXPECT_EQ(first_alone, first_with_second);
  for (const std::vector<double>& s : first_alone) {
    EXPECT_EQ(s.size(), 10u);
    for (double v : s) EXPECT_TRUE(v >= 0 && v <= 9 && v == std::floor(v)) << v;
  }
}

TEST(Bootstrap, UndefinedReplicatesAreDropped) {
  const std::vector<std::vector<double>> strata = {ramp(5)};
  const auto none = st::stratified_bootstrap_replicates(
      strata, [](Strata) -> std::optional<double> { return std::nullopt; }, kKey, 50);
  EXPECT_TRUE(none.empty());
  // Defined only when the resample holds a 0.
  const auto some = st::stratified_bootstrap_replicates(
      strata,
      [](Strata s) -> std::optional<double> {
        if (std::find(s[0].begin(), s[0].end(), 0.0) == s[0].end()) return std::nullopt;
        return 1.0;
      },
      kKey, 200);
  EXPECT_GT(some.size(), 0u);
  EXPECT_LT(some.size(), 200u);
}

TEST(Bootstrap, RefusesBadInput) {
  const std::vector<std::vector<double>> empty_stratum = {ramp(3), {}};
  EXPECT_THROW(st::stratified_bootstrap_replicates(empty_stratum, mean_of_first, kKey, 10), std::invalid_argument);
  const std::vector<std::vector<double>> strata = {ramp(3)};
  EXPECT_THROW(st::stratified_bootstrap_se(strata, mean_of_first, kKey, 1), std::invalid_argument);
}
