#pragma once
// Shared by the sample tests: alpha, stream keys, replicate loops and verdict helpers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::sample::testing {

inline constexpr double kAlpha = 1e-6;
inline constexpr std::uint32_t kSeed = 20260517;

inline rng::StreamKey key_for(const std::string& experiment) { return rng::make_key(kSeed, "sample.unit", experiment); }

// out[r] = f(r) for r = 0..reps-1, on two threads; each replicate is a pure function of r,
// so the result does not depend on the schedule.
template <class T, class F>
std::vector<T> over_replicates(std::size_t reps, F f) {
  std::vector<T> out(reps);
  const auto n = static_cast<std::int64_t>(reps);
#pragma omp parallel for schedule(dynamic, 16) num_threads(2)
  for (std::int64_t r = 0; r < n; ++r) out[static_cast<std::size_t>(r)] = f(static_cast<std::uint32_t>(r));
  return out;
}

// prefix followed by the number; appending (rather than "d" + std::to_string(d)) avoids
// GCC 12's false -Wrestrict warning on prepending to a temporary string.
template <class Number>
std::string label(std::string prefix, Number value) {
  prefix += std::to_string(value);
  return prefix;
}

inline void expect_accepted(const stats::TestResult& r, const std::string& what) {
  ::testing::Test::RecordProperty(what + ": p", std::to_string(r.p_value));
  EXPECT_GE(r.p_value, kAlpha) << what << ": " << r.test << " statistic " << r.statistic << ", p " << r.p_value << " ("
                               << r.p_method << ")";
}

inline void expect_rejected(const stats::TestResult& r, const std::string& what) {
  EXPECT_LT(r.p_value, kAlpha) << "negative control " << what << " was not rejected: statistic " << r.statistic
                               << ", p " << r.p_value;
}

}  // namespace attnlaw::sample::testing
