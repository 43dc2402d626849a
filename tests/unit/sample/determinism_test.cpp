// Every sampler is a pure function of (stream key, replicate): the same call twice gives
// bitwise the same result, requesting directions leaves the gaps unchanged, and another
// replicate gives another sample. Also the structural invariants of a truncated sample.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/unit/sample/test_support.hpp"
#include "verify/sample/key_laws.hpp"
#include "verify/sample/sphere_ppp.hpp"
#include "verify/sample/sphere_top_k.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::sample::testing {
namespace {

void expect_same(const NearestKeys& a, const NearestKeys& b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.d, b.d);
  EXPECT_EQ(a.gaps, b.gaps);
  EXPECT_EQ(a.directions, b.directions);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(a.threshold), std::bit_cast<std::uint64_t>(b.threshold));
  EXPECT_EQ(std::bit_cast<std::uint64_t>(a.neglected_log_mass_bound),
            std::bit_cast<std::uint64_t>(b.neglected_log_mass_bound));
}

TEST(Determinism, Truncated) {
  for (int d : {2, 3, 5}) {
    const auto stream = key_for(label("determinism/d", d));
    const double beta = std::pow(1e6, 2.0 / (d - 1));
    const auto a = sample_sphere_truncated(stream, 11, 1'000'000, d, beta, 1e-15, true);
    expect_same(a, sample_sphere_truncated(stream, 11, 1'000'000, d, beta, 1e-15, true));
    EXPECT_EQ(a.gaps, sample_sphere_truncated(stream, 11, 1'000'000, d, beta, 1e-15, false).gaps);
    EXPECT_NE(a.gaps, sample_sphere_truncated(stream, 12, 1'000'000, d, beta, 1e-15, true).gaps);
  }
}

TEST(Determinism, TopKPppAndLocalExponent) {
  const auto stream = key_for("determinism/others");
  expect_same(sample_sphere_top_k(stream, 5, 1'000'000'000'000, 5, 64, true, 1e3),
              sample_sphere_top_k(stream, 5, 1'000'000'000'000, 5, 64, true, 1e3));
  EXPECT_EQ(sample_sphere_top_k(stream, 5, 1000, 3, 8, true).gaps, sample_sphere_top_k(stream, 5, 1000, 3, 8).gaps);
  const auto law = ppp_law_uniform(3, 0.5);
  const auto p = sample_ppp(stream, 5, law, true), q = sample_ppp(stream, 5, law, true);
  EXPECT_EQ(p.energies, q.energies);
  EXPECT_EQ(p.radii, q.radii);
  EXPECT_EQ(p.directions, q.directions);
  expect_same(sample_local_exponent_truncated(stream, 5, 100'000, 3, 0.5, 5e9, 1e-15, true),
              sample_local_exponent_truncated(stream, 5, 100'000, 3, 0.5, 5e9, 1e-15, true));
}

TEST(TruncatedInvariants, SortedBoundedAndComplete) {
  const auto stream = key_for("invariants");
  for (int d : {2, 3, 4, 5, 8}) {
    for (std::uint32_t r = 0; r < 50; ++r) {
      const double beta = 0.5 * std::pow(1e4, 2.0 / (d - 1));
      const auto keys = sample_sphere_truncated(stream, r, 10'000, d, beta, 1e-10, true);
      ASSERT_FALSE(keys.gaps.empty());
      EXPECT_EQ(keys.directions.size(), keys.gaps.size() * static_cast<std::size_t>(d - 1));
      for (std::size_t i = 1; i < keys.gaps.size(); ++i) EXPECT_LE(keys.gaps[i - 1], keys.gaps[i]);
      EXPECT_LE(keys.gaps.back(), keys.threshold);
      EXPECT_LE(keys.neglected_log_mass_bound, std::log(1e-10));
      EXPECT_DOUBLE_EQ(keys.neglected_log_mass_bound, neglected_log_mass_bound(keys, beta));
    }
  }
  // beta = 0 keeps every key: the whole sample, nothing neglected.
  const auto all = sample_sphere_truncated(stream, 0, 500, 4, 0.0);
  EXPECT_EQ(all.gaps.size(), 500u);
  EXPECT_EQ(all.threshold, 2);
  EXPECT_EQ(all.neglected_log_mass_bound, -std::numeric_limits<double>::infinity());
}

TEST(TruncatedInvariants, RejectsBadArguments) {
  const auto stream = key_for("arguments");
  EXPECT_THROW(sample_sphere_truncated(stream, 0, 0, 3, 1), std::domain_error);
  EXPECT_THROW(sample_sphere_truncated(stream, 0, 10, 1, 1), std::domain_error);
  EXPECT_THROW(sample_sphere_truncated(stream, 0, 10, 3, -1), std::domain_error);
  EXPECT_THROW(sample_sphere_truncated(stream, 0, 10, 3, 1, 0), std::domain_error);
  EXPECT_THROW(sample_sphere_top_k(stream, 0, 10, 3, 11), std::domain_error);
}

}  // namespace
}  // namespace attnlaw::sample::testing
