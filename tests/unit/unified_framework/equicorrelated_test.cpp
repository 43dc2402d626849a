// reference/extreme_value/equicorrelated: the closed forms against the table of
// theory/unified_framework/THEORY.md §5 (n = 10^6, beta (1 - rho) = theta log n; the table was
// derived there from the same closed forms and is printed to 7-9 significant digits), the double
// instantiation against the 50-digit MPFR one (an independent evaluation of the same formulas, to
// within a few ulps), and the limit cosine of Chen-Lin-Polyanskiy-Rigollet at alpha = 0
// (theory/unified_framework/THEORY.md §2: 1, 4 rho/(1 + 3 rho), rho).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/extreme_value/equicorrelated.hpp"
#include "reference/extreme_value/equicorrelated_mpfr.hpp"

namespace attnlaw::reference {
namespace {

constexpr double kN = 1e6;

EquicorrelatedRow<double> table_row(double theta, double rho = 0.5) {
  return equicorrelated_row<double>(1000000, rho, theta * std::log(kN) / (1 - rho));
}

// Agreement to half a unit in the last printed digit.
void expect_printed(double value, double printed, double last_digit) {
  EXPECT_NEAR(value, printed, 0.5 * last_digit) << "printed " << printed;
}

TEST(EquicorrelatedRow, MatchesTheTableOfSection5) {
  for (double rho : {0.25, 0.5, 0.9}) {  // the table does not depend on rho at fixed theta
    const auto half = table_row(0.5, rho);
    expect_printed(std::exp(half.log_partition), 1000.999, 1e-3);
    expect_printed(half.top_weight, 9.99001997e-4, 1e-12);
    expect_printed(half.top_two_difference, 9.98002995e-4, 1e-12);
    expect_printed(half.entropy, 13.8096082, 1e-7);
    const auto one = table_row(1, rho);
    expect_printed(std::exp(one.log_partition), 1.999999, 1e-6);
    expect_printed(one.top_weight, 0.50000025, 1e-8);
    expect_printed(one.top_two_difference, 0.49999975, 1e-8);
    expect_printed(one.entropy, 7.60089851, 1e-8);
    const auto three_halves = table_row(1.5, rho);
    expect_printed(std::exp(three_halves.log_partition), 1.000999999, 1e-9);
    expect_printed(three_halves.top_weight, 0.999001, 1e-6);
    expect_printed(three_halves.top_two_difference, 0.999000999, 1e-9);
    expect_printed(three_halves.entropy, 0.0217020419, 1e-10);
  }
}

TEST(EquicorrelatedRow, ScaleIsLogNOverOneMinusRho) {
  const auto row = equicorrelated_row<double>(1000, 0.5, 1.0);
  EXPECT_DOUBLE_EQ(row.lambda, 2 * std::log(1000.0));
  EXPECT_EQ(row.contact_gap, 0.5);
}

// The double closed forms against the same closed forms at 50 digits from the same double
// inputs. The functionals are exponentials of x = beta (1 - rho) and log n, so their condition
// number is about 2 + x + log n (1 - rho is rounded in double, not in MPFR): the error is measured
// in units of (2 + x + log n) epsilon and must stay below 4.
TEST(EquicorrelatedRow, DoubleAgreesWithMpfr) {
  const double eps = std::numeric_limits<double>::epsilon();
  double worst = 0;
  for (std::uint64_t n : {2ull, 10ull, 1000ull, 1000000ull, 1ull << 40}) {
    for (double rho : {0.1, 0.5, 0.75, 0.99}) {
      for (double beta : {0.0, 1e-8, 0.3, 1.0, 10.0, 100.0, 1e3, 1e5}) {
        const auto d = equicorrelated_row<double>(n, rho, beta);
        const auto m = equicorrelated_row<mpfr_float_50>(n, mpfr_float_50(rho), mpfr_float_50(beta));
        // Values below the normal range of double (e^{-900} and the like) underflow by design.
        const auto rel = [](double x, const mpfr_float_50& exact) {
          if (abs(exact) < 1e-300) return 0.0;
          return static_cast<double>(abs((mpfr_float_50(x) - exact) / exact));
        };
        for (const double e : {rel(d.lambda, m.lambda), rel(d.log_partition, m.log_partition),
                               rel(d.top_weight, m.top_weight), rel(d.other_weight, m.other_weight),
                               rel(d.top_two_difference, m.top_two_difference), rel(d.entropy, m.entropy)}) {
          const double condition = 2 + beta * (1 - rho) + std::log(static_cast<double>(n));
          EXPECT_LE(e, 4 * condition * eps) << "n " << n << " rho " << rho << " beta " << beta;
          worst = std::max(worst, e / (condition * eps));
        }
      }
    }
  }
  RecordProperty("worst_error_in_eps", std::to_string(worst));
  std::printf("equicorrelated double vs mpfr: worst relative error %.3f (2 + x + log n) eps\n", worst);
}

TEST(EquicorrelatedRow, RejectsInvalidArguments) {
  EXPECT_THROW(equicorrelated_row<double>(1, 0.5, 1.0), std::invalid_argument);
  EXPECT_THROW(equicorrelated_row<double>(10, 1.0, 1.0), std::invalid_argument);
  EXPECT_THROW(equicorrelated_row<double>(10, 0.5, -1.0), std::invalid_argument);
  EXPECT_THROW(equicorrelated_row<double>(10, 0.5, std::numeric_limits<double>::infinity()), std::invalid_argument);
}

// alpha = 0 (a = 0): 1 below gamma_c = 1/(1 - rho), 4 rho/(1 + 3 rho) at it, rho above
// (theory/unified_framework/THEORY.md §2). At a > 0 the three branches re-derived by hand: outputs
// m + a u_i, (1/2 + a) u_i + m/2, (1 + a) u_i with |m|^2 = <m, u_i> = rho.
TEST(EquicorrelatedLimitCosine, Branches) {
  const double rho = 0.5, gc = 1 / (1 - rho);
  EXPECT_DOUBLE_EQ(equicorrelated_limit_cosine(rho, 0.0, 0.5 * gc), 1.0);
  EXPECT_DOUBLE_EQ(equicorrelated_limit_cosine(rho, 0.0, gc), 4 * rho / (1 + 3 * rho));
  EXPECT_DOUBLE_EQ(equicorrelated_limit_cosine(rho, 0.0, 2 * gc), rho);
  const double a = 0.7;
  EXPECT_DOUBLE_EQ(equicorrelated_limit_cosine(rho, a, 0.5 * gc),
                   rho * (1 + a) * (1 + a) / (a * a + 2 * a * rho + rho));
  EXPECT_DOUBLE_EQ(equicorrelated_limit_cosine(rho, a, gc),
                   rho * (1 + a) * (1 + a) / ((0.5 + a) * (0.5 + a) + (0.5 + a) * rho + rho / 4));
}

}  // namespace
}  // namespace attnlaw::reference
