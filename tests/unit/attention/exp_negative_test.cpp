// exp_negative (verify/attention/exp_negative.hpp) against e^{-x} in long double (64-bit
// significand, so its own error is below 1e-3 ulp of double): the worst error in ulps over 2e6
// points spread over [0, 745], near 0 and in the subnormal range, the special values, and the
// vectorised block equal to the scalar function bit for bit (whichever clone the CPU runs).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "verify/attention/exp_negative.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::attention {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr long double kSmallestNormal = std::numeric_limits<double>::min();

// |got - exact| in units of the spacing of doubles at exact (the subnormal spacing below the
// normal range).
double ulps(double got, long double exact) {
  const auto e = static_cast<double>(exact);
  const long double spacing = exact < kSmallestNormal ? std::numeric_limits<double>::denorm_min()
                                                      : std::nextafter(e, kInf) - static_cast<long double>(e);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / spacing);
}

std::vector<double> arguments() {
  const auto key = rng::make_key(20261203, "attention.exp-negative", "points");
  std::vector<double> x;
  for (std::uint32_t i = 0; i < 2000000; ++i) {
    rng::SampleSource s(key, i, 0);
    const double u = s.next_uniform();
    switch (i % 4) {
      case 0: x.push_back(745 * u); break;
      case 1: x.push_back(40 * u); break;
      case 2: x.push_back(std::ldexp(u, -static_cast<int>(60 * s.next_uniform()))); break;  // near 0
      default: x.push_back(708 + 37 * u); break;                                            // subnormal results
    }
  }
  return x;
}

TEST(ExpNegative, WithinItsStatedUlpsOfLongDouble) {
  double worst_normal = 0, worst_subnormal = 0;
  for (const double x : arguments()) {
    const long double exact = std::exp(-static_cast<long double>(x));
    const double e = ulps(exp_negative(x), exact);
    (exact < kSmallestNormal ? worst_subnormal : worst_normal) =
        std::max(exact < kSmallestNormal ? worst_subnormal : worst_normal, e);
  }
  RecordProperty("worst_ulps_normal", std::to_string(worst_normal));
  RecordProperty("worst_ulps_subnormal", std::to_string(worst_subnormal));
  std::printf("exp_negative: worst %.3f ulp (normal results), %.3f ulp of the smallest subnormal below\n", worst_normal,
              worst_subnormal);
  EXPECT_LE(worst_normal, 1.2);  // the header's statement
  EXPECT_LE(worst_subnormal, 1.0);
}

TEST(ExpNegative, SpecialValues) {
  EXPECT_EQ(exp_negative(0.0), 1.0);
  EXPECT_EQ(exp_negative(kInf), 0.0);
  EXPECT_EQ(exp_negative(746.0), 0.0);
  EXPECT_EQ(exp_negative(1e300), 0.0);
  EXPECT_EQ(exp_negative(745.0), std::exp(-745.0));  // the smallest subnormal
  EXPECT_EQ(exp_argument_cap(kInf), 746.0);
  EXPECT_EQ(exp_argument_cap(3.5), 3.5);
}

TEST(ExpNegative, BlockEqualsScalar) {
  const std::vector<double> x = arguments();
  std::vector<double> w(x.size());
  exp_negative_block(x.data(), w.data(), x.size());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    differ += std::bit_cast<std::uint64_t>(w[i]) != std::bit_cast<std::uint64_t>(exp_negative(x[i]));
  EXPECT_EQ(differ, 0u);
}

}  // namespace
}  // namespace attnlaw::attention
