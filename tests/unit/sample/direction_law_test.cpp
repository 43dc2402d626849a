// The law of the tangential directions of both sphere samplers. A key is
// k = (1 - t) q + sqrt(t (2 - t)) u, and for keys uniform on S^{d-1} the direction u is uniform on
// the unit sphere S^{d-2} of q-perp, independent of the gap t. The truncated sampler draws u
// itself (one per retained key); the naive sampler draws k, and u = P_perp k/|P_perp k|. Both are
// tested against the exact law of a uniform direction (verify/stats/sphere_uniformity.hpp): the
// first coordinate's Beta((m-1)/2, (m-1)/2) law by Anderson-Darling and the mean of
// S = sum_i u_i^4 against 3/(m+2) by a z-test with the exact standard deviation, m = d - 1, each
// at alpha = 1e-6. A negative control, directions drawn as a normalised uniform point of the cube
// (the planted "tangential-directions-from-cube" of theory/scaling_limits/planted_keys.hpp, passed
// to the sampler as its direction draw), must be rejected by both: E S moves by -0.035
// (m = 2) to -0.072 (m = 4), 20 to 60 standard errors at the sizes below.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "theory/scaling_limits/planted_keys.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/sample/sphere_truncated.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/sphere_uniformity.hpp"

namespace attnlaw::sample::testing {
namespace {

constexpr std::size_t kDirections = 20000;

// The directions of the first kDirections retained keys (every retained key, replicate after
// replicate) of the truncated sampler at the critical scale beta = n^{2/(d-1)}.
std::vector<double> truncated_directions(int d, const std::string& tag, TangentialDirectionDraw draw) {
  constexpr std::uint64_t n = 100000;
  const double beta = std::pow(static_cast<double>(n), 2.0 / (d - 1));
  const auto stream = key_for("direction-law/truncated/" + tag);
  const std::size_t row = static_cast<std::size_t>(d - 1);
  std::vector<double> out;
  out.reserve(kDirections * row);
  for (std::uint32_t r = 0; out.size() < kDirections * row; ++r) {
    const NearestKeys keys = sample_sphere_truncated(stream, r, n, d, beta, 1e-15, true, draw);
    const std::size_t take = std::min(keys.gaps.size(), kDirections - out.size() / row);
    out.insert(out.end(), keys.directions.begin(), keys.directions.begin() + static_cast<std::ptrdiff_t>(take * row));
  }
  return out;
}

// u = P_perp k/|P_perp k| of kDirections keys of the naive sampler (one replicate).
std::vector<double> naive_directions(int d, const std::string& tag) {
  const auto stream = key_for("direction-law/naive/" + tag);
  std::vector<double> out;
  out.reserve(kDirections * static_cast<std::size_t>(d - 1));
  for_each_naive_sphere_key(stream, 0, kDirections, static_cast<std::size_t>(d), [&](std::uint64_t, auto k) {
    double norm_sq = 0;
    for (std::size_t i = 1; i < k.size(); ++i) norm_sq += k[i] * k[i];
    const double inv = 1 / std::sqrt(norm_sq);
    for (std::size_t i = 1; i < k.size(); ++i) out.push_back(k[i] * inv);
  });
  return out;
}

stats::TestResult coordinate_test(const std::vector<double>& u, int m) {
  return stats::anderson_darling_test(stats::sphere_first_coordinate_pit(u, m));
}

stats::TestResult fourth_moment_test(const std::vector<double>& u, int m) {
  return stats::z_test_mean(stats::sphere_fourth_moment_values(u, m), stats::sphere_fourth_moment_mean(m),
                            stats::sphere_fourth_moment_sd(m))
      .result;
}

class DirectionLaw : public ::testing::TestWithParam<int> {};

std::string tag_of(int d) { return label("d", d); }

void expect_uniform(const std::vector<double>& u, int d, const std::string& sampler) {
  expect_accepted(coordinate_test(u, d - 1), sampler + " " + tag_of(d) + " first coordinate");
  expect_accepted(fourth_moment_test(u, d - 1), sampler + " " + tag_of(d) + " sum u_i^4");
}

TEST_P(DirectionLaw, TruncatedSamplerDirectionsAreUniform) {
  expect_uniform(truncated_directions(GetParam(), tag_of(GetParam()), uniform_tangential_direction), GetParam(),
                 "truncated");
}

TEST_P(DirectionLaw, NaiveSamplerDirectionsAreUniform) {
  expect_uniform(naive_directions(GetParam(), tag_of(GetParam())), GetParam(), "naive");
}

TEST_P(DirectionLaw, CubeDirectionsAreRejected) {
  const int d = GetParam();
  const auto u = truncated_directions(d, tag_of(d), theory::scaling_limits::tangential_direction_from_cube);
  expect_rejected(coordinate_test(u, d - 1), "cube " + tag_of(d) + " first coordinate");
  expect_rejected(fourth_moment_test(u, d - 1), "cube " + tag_of(d) + " sum u_i^4");
}

INSTANTIATE_TEST_SUITE_P(Dimensions, DirectionLaw, ::testing::Values(3, 4, 5),
                         [](const auto& test_case) { return label("d", test_case.param); });

// The exact moments of S = sum_i u_i^4 on S^{m-1}: m = 2 by hand (S = 1 - sin^2(2 theta)/2,
// theta uniform: E S = 3/4, Var S = 1/32), and the sd against a Monte Carlo of 10^6 uniform
// directions at m = 4 (its standard error of the sd is ~1e-4).
TEST(SphereFourthMoment, ExactMoments) {
  EXPECT_DOUBLE_EQ(stats::sphere_fourth_moment_mean(2), 0.75);
  EXPECT_NEAR(stats::sphere_fourth_moment_sd(2), std::sqrt(1.0 / 32), 1e-15);
  EXPECT_DOUBLE_EQ(stats::sphere_fourth_moment_mean(4), 0.5);
  constexpr std::size_t draws = 1000000;
  const auto stream = key_for("direction-law/moments");
  std::vector<double> u(4 * draws);
  for (std::size_t r = 0; r < draws; ++r) {
    rng::SampleSource source(stream, 0, r);
    uniform_tangential_direction(source, std::span<double>(u.data() + 4 * r, 4));
  }
  const auto s = stats::sphere_fourth_moment_values(u, 4);
  const auto m = stats::mean_with_error(s);
  EXPECT_NEAR(m.mean, 0.5, 5 * m.std_error());
  EXPECT_NEAR(m.std_error() * std::sqrt(static_cast<double>(draws)), stats::sphere_fourth_moment_sd(4), 5e-4);
}

}  // namespace
}  // namespace attnlaw::sample::testing
