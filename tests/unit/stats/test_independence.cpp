// The serial-correlation test of replicate independence (verify/stats/independence.hpp): the
// statistic on a hand-computed series, its null law over many i.i.d. series, and its power
// against replicates that share a stream in pairs (r_1 -> 1/2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/independence.hpp"

namespace st = attnlaw::stats;
namespace rng = attnlaw::rng;

TEST(SerialCorrelation, HandComputedSeries) {
  // x = 1, 2, 3, 4: deviations -1.5, -0.5, 0.5, 1.5; sum of squares 5; lag-1 cross sum
  // 0.75 - 0.25 + 0.75 = 1.25, so r_1 = 1/4; E r_1 = -(4 - 1)/(4 * 3) = -1/4; z = (1/4 + 1/4) * 2 = 1.
  const std::vector<double> x{1, 2, 3, 4};
  const auto t = st::serial_correlation_test(x, 1);
  EXPECT_DOUBLE_EQ(t.r, 0.25);
  EXPECT_NEAR(t.result.statistic, 1.0, 1e-15);
  EXPECT_NEAR(t.result.p_value, 0.31731050786291415, 1e-14);  // 2 (1 - Phi(1))
  EXPECT_THROW(st::serial_correlation_test(std::vector<double>{1, 2}, 1), std::domain_error);
  EXPECT_THROW(st::serial_correlation_test(std::vector<double>(10, 3.0), 1), std::domain_error);
}

TEST(SerialCorrelation, PValuesAreUniformForIndependentSeries) {
  // 2000 series of M = 500 i.i.d. uniforms: the p-values must pass a 10-bin chi-square at 1e-4
  // (fixed stream: the threshold guards against a gross miscalibration of the normal limit).
  const auto key = rng::make_key(20261130u, "stats", "serial-null");
  std::vector<std::uint64_t> bins(10);
  std::vector<double> x(500);
  for (std::uint32_t rep = 0; rep < 2000; ++rep) {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = rng::SampleSource(key, rep, i).next_uniform();
    ++bins[std::min<std::size_t>(9, static_cast<std::size_t>(st::serial_correlation_test(x).result.p_value * 10))];
  }
  const auto r = st::chi_square_gof(bins, std::vector<double>(10, 0.1));
  EXPECT_GT(r.p_value, 1e-4) << "chi2 = " << r.statistic;
}

TEST(SerialCorrelation, RejectsReplicatesSharingAStreamInPairs) {
  // Replicate r drawn from counter r & ~1: each value twice in a row, r_1 ~ 1/2, z ~ sqrt(M)/2.
  const auto key = rng::make_key(20261130u, "stats", "serial-pairs");
  std::vector<double> x(10000), paired(10000);
  for (std::uint32_t r = 0; r < x.size(); ++r) {
    x[r] = rng::SampleSource(key, r, 0).next_uniform();
    paired[r] = rng::SampleSource(key, r & ~std::uint32_t{1}, 0).next_uniform();
  }
  EXPECT_GT(st::serial_correlation_test(x).result.p_value, 1e-6);
  const auto t = st::serial_correlation_test(paired);
  EXPECT_NEAR(t.r, 0.5, 0.05);
  EXPECT_LT(t.result.p_value, 1e-100);
  // A stream that repeats every 1000 replicates is invisible at lag 1 but not at lag 1000.
  for (std::uint32_t r = 0; r < x.size(); ++r) paired[r] = rng::SampleSource(key, r % 1000, 0).next_uniform();
  EXPECT_LT(st::serial_correlation_test(paired, 1000).result.p_value, 1e-100);
}
