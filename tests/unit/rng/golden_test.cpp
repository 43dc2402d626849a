// Golden values: the first four samples of each transform for one fixed stream.
//
// These are REGRESSION PINS, not truth: they were computed once by this code
// (verify/rng at its first version, g++ 12 / glibc 2.36, x86-64) and printed in
// hexadecimal. They catch any change to the stream layout, the uniform map or a
// transform's word consumption, which would silently change every report. Their
// correctness comes from the other tests (known answers, distribution tests).
// Floating values may differ by a few ulps under another libm (log, exp, sqrt are
// not correctly rounded everywhere), so they are compared to 4 ulps; integers exactly.
#include <gtest/gtest.h>

#include <array>
#include <boost/math/special_functions/next.hpp>
#include <cmath>
#include <cstdint>
#include <functional>

#include "verify/rng/beta.hpp"
#include "verify/rng/binomial.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/poisson.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/rng/two_sphere.hpp"

namespace {

using attnlaw::rng::SampleSource;

const attnlaw::rng::StreamKey kKey = attnlaw::rng::make_key(20261130, "rng.golden", "v1");

void expect_pinned_real(const std::function<double(SampleSource&)>& draw, const std::array<double, 4>& pinned) {
  for (std::uint64_t i = 0; i < pinned.size(); ++i) {
    SampleSource s(kKey, 0, i);
    const double x = draw(s);
    EXPECT_LE(std::fabs(boost::math::float_distance(x, pinned[i])), 4.0)
        << "sample " << i << ": got " << std::hexfloat << x << ", pinned " << pinned[i];
  }
}

void expect_pinned_count(const std::function<std::uint64_t(SampleSource&)>& draw,
                         const std::array<std::uint64_t, 4>& pinned) {
  for (std::uint64_t i = 0; i < pinned.size(); ++i) {
    SampleSource s(kKey, 0, i);
    EXPECT_EQ(draw(s), pinned[i]) << "sample " << i;
  }
}

TEST(Golden, Uniform) {
  // The uniform map is exact arithmetic: pinned bit for bit.
  const std::array<double, 4> pinned = {0x1.807a0bc76e0dp-5, 0x1.8ad99682e52fep-2, 0x1.62ae618094bedp-1,
                                        0x1.80fb29846fff5p-1};
  for (std::uint64_t i = 0; i < pinned.size(); ++i) {
    SampleSource s(kKey, 0, i);
    EXPECT_EQ(s.next_uniform(), pinned[i]) << "sample " << i;
  }
}

TEST(Golden, Exponential) {
  expect_pinned_real([](SampleSource& s) { return attnlaw::rng::exponential(s); },
                     {0x1.878e4befe6267p+1, 0x1.e7eb282427e39p-1, 0x1.77ea76215018ep-2, 0x1.23f937b16c275p-2});
}

TEST(Golden, Normal) {
  expect_pinned_real([](SampleSource& s) { return attnlaw::rng::normal(s); },
                     {-0x1.ace377648df53p+0, -0x1.29cbebc1771a6p-2, 0x1.01dacfd8da066p-1, 0x1.5c6eb5e54afddp-1});
}

TEST(Golden, Gamma) {
  const attnlaw::rng::gamma_distribution<double> small(0.1), large(2.5);
  expect_pinned_real([&](SampleSource& s) { return small(s); },
                     {0x1.a663de0ddbea7p-38, 0x1.09cbfd800fb9p-30, 0x1.1c9f743ef532ep-2, 0x1.9726512bf1128p-33});
  expect_pinned_real([&](SampleSource& s) { return large(s); },
                     {0x1.092a357e7da91p-1, 0x1.c4239b7ab11d1p+0, 0x1.7f7459cbd33fbp+1, 0x1.aa53fa2ce9612p+1});
}

TEST(Golden, Beta) {
  const attnlaw::rng::beta_distribution<double> arcsine(0.5, 0.5), b23(2, 3);
  expect_pinned_real([&](SampleSource& s) { return arcsine(s); },
                     {0x1.2c613365fe844p-6, 0x1.ecd7305119126p-6, 0x1.b592e5fc97e36p-1, 0x1.d29bbd8a4f046p-4});
  expect_pinned_real([&](SampleSource& s) { return b23(s); },
                     {0x1.bc37f8d3380e9p-3, 0x1.088a2c87ccd0dp-1, 0x1.54f413cbcb07cp-2, 0x1.6db9a9d6667a3p-1});
}

TEST(Golden, Binomial) {
  const attnlaw::rng::binomial_distribution small(10, 0.3), huge(1'000'000'000'000, 0.3),
      flipped(1'000'000'000'000, 1 - 1e-9);
  expect_pinned_count([&](SampleSource& s) { return small(s); }, {1, 3, 4, 4});
  expect_pinned_count([&](SampleSource& s) { return huge(s); },
                      {299998919590, 299999850299, 300000259529, 300000350464});
  expect_pinned_count([&](SampleSource& s) { return flipped(s); },
                      {999999999074, 999999999010, 999999998982, 999999998976});
}

TEST(Golden, Poisson) {
  const attnlaw::rng::poisson_distribution small(7), huge(1e12);
  expect_pinned_count([&](SampleSource& s) { return small(s); }, {3, 6, 8, 9});
  expect_pinned_count([&](SampleSource& s) { return huge(s); },
                      {999997640885, 999999673280, 1000000566434, 1000000764929});
}

TEST(Golden, Sphere) {
  const std::array<std::array<double, 3>, 2> pinned = {{
      {-0x1.610db84712a68p-1, -0x1.045affad6e075p-1, -0x1.0807d9c276526p-1},
      {-0x1.587644980b7e3p-3, -0x1.7ef697308a169p-1, -0x1.48bc6239c7c67p-1},
  }};
  for (std::uint64_t i = 0; i < pinned.size(); ++i) {
    SampleSource s(kKey, 0, i);
    std::array<double, 3> x{};
    attnlaw::rng::uniform_on_sphere(s, std::span<double>(x));
    for (std::size_t j = 0; j < 3; ++j) {
      EXPECT_LE(std::fabs(boost::math::float_distance(x[j], pinned[i][j])), 4.0) << "sample " << i << " coord " << j;
    }
  }
}

// Unlike the pins above, these are not this code's output: the two uniforms of each sample (pinned
// by Golden.Uniform's layout) mapped by 2 sqrt(u(1 - u)) (cos 2 pi v, sin 2 pi v) and 1 - 2u in
// 200-bit mpmath, rounded to double; the library's points are within 1 ulp of them.
TEST(Golden, TwoSphere) {
  const std::array<std::array<double, 3>, 2> pinned = {{
      {0x1.509fa25cf5f53p-2, 0x1.10937f85824a0p-2, 0x1.cff0be87123e6p-1},
      {0x1.96f53c747da9ap-1, 0x1.1fc23c8c12ec5p-1, 0x1.d499a5f46b408p-3},
  }};
  for (std::uint64_t i = 0; i < pinned.size(); ++i) {
    SampleSource s(kKey, 0, i);
    std::array<double, 3> x{};
    attnlaw::rng::uniform_on_two_sphere(s, std::span<double, 3>(x));
    for (std::size_t j = 0; j < 3; ++j) {
      EXPECT_LE(std::fabs(boost::math::float_distance(x[j], pinned[i][j])), 4.0) << "sample " << i << " coord " << j;
    }
  }
}

}  // namespace
