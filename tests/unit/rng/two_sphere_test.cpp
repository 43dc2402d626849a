// rng::uniform_on_two_sphere (Archimedes' cylinder) and its batch:
// - the batch against the scalar path bit for bit, on every instruction set's path the CPU can run;
// - cos and sin of the turn against long double cosl and sinl (64-bit significands, an
//   implementation independent of the Taylor polynomials) at every octant edge and on a grid:
//   within 2 eps absolute, and the points within 8 eps of the unit sphere;
// - the law, at alpha = 1e-6 each on 10^6 draws: Anderson-Darling on each coordinate and on the
//   projection onto a random unit w, all uniform on [-1, 1] for the uniform law on S^2, and the
//   fourth-moment z-test (directions piling up towards the axes, which coordinates' marginals can
//   miss); with 10^6 draws the AD test detects a shift of the coordinate's CDF of about 3e-3.
// Negative controls push a non-uniform axis (z = 1 - 2u^2) and angle (v^2) through the same tests
// and require rejection.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/rng/two_sphere.hpp"
#include "verify/rng/two_sphere_batch.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/sphere_uniformity.hpp"

namespace {

using attnlaw::rng::SampleSource;
using attnlaw::rng::StreamKey;
using attnlaw::rng::detail::BatchIsa;

constexpr double kEps = 0x1p-52;
constexpr double kAlpha = 1e-6;
constexpr std::size_t kDraws = 1'000'000;
const StreamKey kStream = attnlaw::rng::make_key(20261204, "rng.unit", "two-sphere");

std::size_t batch_mismatches(BatchIsa isa, std::uint64_t first, std::size_t count) {
  std::vector<double> batch(3 * count);
  attnlaw::rng::detail::uniform_on_two_sphere_batch_on(isa, kStream, 7, first, count, batch.data());
  std::vector<double> facade(3 * count);
  attnlaw::rng::uniform_on_two_sphere_batch(kStream, 7, first, count, facade.data());
  std::size_t bad = 0;
  double key[3];
  for (std::size_t i = 0; i < count; ++i) {
    SampleSource source(kStream, 7, first + i);
    attnlaw::rng::uniform_on_two_sphere(source, std::span<double, 3>(key));
    for (std::size_t c = 0; c < 3; ++c) {
      const auto bits = std::bit_cast<std::uint64_t>(key[c]);
      bad += bits != std::bit_cast<std::uint64_t>(batch[3 * i + c]);
      bad += bits != std::bit_cast<std::uint64_t>(facade[3 * i + c]);
    }
  }
  return bad;
}

TEST(TwoSphereBatch, EveryPathGivesTheScalarBits) {
  for (const BatchIsa isa : {BatchIsa::portable, BatchIsa::avx2, BatchIsa::avx512f}) {
    if (!attnlaw::rng::detail::cpu_has(isa)) continue;
    for (const std::size_t count : {0, 1, 15, 255, 256, 257, 5000})
      EXPECT_EQ(batch_mismatches(isa, 0, count), 0u) << "isa " << static_cast<int>(isa) << " count " << count;
    // samples across a multiple of 2^32: the counter's high word carried
    EXPECT_EQ(batch_mismatches(isa, (std::uint64_t{1} << 32) - 100, 300), 0u);
  }
}

TEST(TwoSphere, CosineAndSineOfTheTurnWithinTwoEps) {
  const long double two_pi = 6.283185307179586476925286766559L;
  std::vector<double> turns;
  for (int k = 0; k <= 8; ++k)  // each octant's edges and their neighbours on the 2^-53 grid
    for (const double offset : {-2.0, -1.0, 1.0, 2.0}) turns.push_back(k / 8.0 + offset * 0x1p-53);
  for (int i = 0; i < 200000; ++i) turns.push_back((i + 0.5) / 200000);
  double worst = 0, worst_norm = 0;
  for (const double v : turns) {
    if (!(v > 0 && v < 1)) continue;
    double c, s;
    attnlaw::rng::detail::cos_sin_of_turn(v, c, s);
    const long double angle = two_pi * static_cast<long double>(v);
    worst = std::max({worst, static_cast<double>(std::fabs(c - std::cos(angle))),
                      static_cast<double>(std::fabs(s - std::sin(angle)))});
  }
  for (int i = 0; i < 200000; ++i) {
    double x, y, z;
    attnlaw::rng::detail::two_sphere_point((i + 0.5) / 200000, turns[static_cast<std::size_t>(i) + 36], x, y, z);
    worst_norm = std::max(
        worst_norm, std::fabs(static_cast<double>(static_cast<long double>(x) * x + static_cast<long double>(y) * y +
                                                  static_cast<long double>(z) * z - 1)));
  }
  EXPECT_LE(worst, 2 * kEps) << "worst |error| " << worst / kEps << " eps";
  EXPECT_LE(worst_norm, 8 * kEps) << "worst | |k|^2 - 1 | " << worst_norm / kEps << " eps";
  // the poles and the far end of the grid: r stays accurate where 1 - z^2 would cancel
  double x, y, z;
  attnlaw::rng::detail::two_sphere_point(0x1p-53, 0.125, x, y, z);
  EXPECT_NEAR(std::hypot(x, y), 2 * std::sqrt(0x1p-53 * (1 - 0x1p-53)), 2 * kEps * std::sqrt(0x1p-53));
}

// The points of kDraws samples, each drawn by point(source, key).
template <class Point>
std::vector<double> points(const std::string& experiment, Point point) {
  const StreamKey stream = attnlaw::rng::make_key(20261204, "rng.unit", experiment);
  std::vector<double> out(3 * kDraws);
  const auto n = static_cast<std::int64_t>(kDraws);
#pragma omp parallel for schedule(static) num_threads(2)
  for (std::int64_t i = 0; i < n; ++i) {
    SampleSource source(stream, 0, static_cast<std::uint64_t>(i));
    point(source, std::span<double, 3>(out.data() + 3 * i, 3));
  }
  return out;
}

// The smallest p of the five tests of the uniform law on S^2 above.
double smallest_p(const std::vector<double>& xyz) {
  double w[3] = {0.48, -0.6, 0.64};  // a unit vector off every axis
  std::vector<std::vector<double>> pit(4, std::vector<double>(kDraws));
  for (std::size_t i = 0; i < kDraws; ++i) {
    for (std::size_t c = 0; c < 3; ++c) pit[c][i] = 0.5 * (xyz[3 * i + c] + 1);
    pit[3][i] = 0.5 * (std::inner_product(w, w + 3, xyz.begin() + static_cast<std::ptrdiff_t>(3 * i), 0.0) + 1);
  }
  double p = 1;
  for (const std::vector<double>& u : pit) p = std::min(p, attnlaw::stats::anderson_darling_test(u).p_value);
  const auto fourth = attnlaw::stats::z_test_mean(attnlaw::stats::sphere_fourth_moment_values(xyz, 3),
                                                  attnlaw::stats::sphere_fourth_moment_mean(3),
                                                  attnlaw::stats::sphere_fourth_moment_sd(3));
  return std::min(p, fourth.result.p_value);
}

TEST(TwoSphere, UniformOnTheSphere) {
  const auto xyz = points("two-sphere-law", [](SampleSource& source, std::span<double, 3> key) {
    attnlaw::rng::uniform_on_two_sphere(source, key);
  });
  EXPECT_GE(smallest_p(xyz), kAlpha);
}

TEST(TwoSphereNegativeControl, NonUniformAxisIsRejected) {
  const auto xyz = points("two-sphere-axis", [](SampleSource& source, std::span<double, 3> key) {
    const double u = source.next_uniform();
    const double z = 1 - 2 * u * u;
    double c, s;
    attnlaw::rng::detail::cos_sin_of_turn(source.next_uniform(), c, s);
    const double r = std::sqrt((1 - z) * (1 + z));
    key[0] = r * c, key[1] = r * s, key[2] = z;
  });
  EXPECT_LT(smallest_p(xyz), kAlpha);
}

TEST(TwoSphereNegativeControl, NonUniformAngleIsRejected) {
  const auto xyz = points("two-sphere-angle", [](SampleSource& source, std::span<double, 3> key) {
    const double u = source.next_uniform(), v = source.next_uniform();
    attnlaw::rng::detail::two_sphere_point(u, v * v, key[0], key[1], key[2]);
  });
  EXPECT_LT(smallest_p(xyz), kAlpha);
}

}  // namespace
