// The planted key draw of "keys-not-normalised" through the naive sampler's key-draw parameter:
// at d = 4 (any d but 3, where the true draw is Archimedes' cylinder) it reads the same normals as
// the true draw and only skips the division by their norm, so each
// of its keys normalised is the true key (to rounding), while the keys themselves lie off the
// sphere (|k|^2 ~ chi2_d, mean d). The default draw is the true one, bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "theory/scaling_limits/planted_keys.hpp"
#include "verify/sample/sphere_naive.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

constexpr std::uint64_t kKeys = 2000;
constexpr std::size_t kDimension = 4;

template <class... DrawKey>
std::vector<double> naive_keys(const DrawKey&... draw_key) {
  std::vector<double> keys;
  sample::for_each_naive_sphere_key(
      rng::make_key(20261201, "tests.planted-keys", "d=4"), 7, kKeys, kDimension,
      [&](std::uint64_t, std::span<const double> k) { keys.insert(keys.end(), k.begin(), k.end()); }, draw_key...);
  return keys;
}

TEST(PlantedKeys, DefaultDrawIsUniformOnSphereBitwise) {
  EXPECT_EQ(naive_keys(), naive_keys(sample::UniformOnSphere{}));
}

TEST(PlantedKeys, GaussianKeysAreTheTrueKeysWithoutTheirNorm) {
  const std::vector<double> truth = naive_keys();
  const std::vector<double> planted = naive_keys(GaussianKeysNotNormalised{});
  double mean_norm_sq = 0;
  for (std::size_t j = 0; j < kKeys; ++j) {
    double norm_sq = 0;
    for (std::size_t i = 0; i < kDimension; ++i) norm_sq += planted[j * kDimension + i] * planted[j * kDimension + i];
    const double norm = std::sqrt(norm_sq);
    for (std::size_t i = 0; i < kDimension; ++i) {
      EXPECT_NEAR(planted[j * kDimension + i] / norm, truth[j * kDimension + i], 1e-15) << "key " << j;
    }
    mean_norm_sq += norm_sq / static_cast<double>(kKeys);
  }
  // E|k|^2 = d, s.e. sqrt(2 d / kKeys) = 0.063: off the sphere by far more than 1e-15.
  EXPECT_NEAR(mean_norm_sq, static_cast<double>(kDimension), 0.4);
}

}  // namespace
}  // namespace attnlaw::theory::scaling_limits
