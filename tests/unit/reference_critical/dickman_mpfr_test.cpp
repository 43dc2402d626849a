// The d = 3 critical references (generalised Dickman forms) instantiated in 50-digit MPFR, as the
// independent high-precision path of the double ones. Expected values: E W_1 = e^{-gamma_E} at
// theta = 1 exactly (theory/scaling_limits/THEORY.md §2), Boost's 50-digit Euler constant.
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>
#include "reference/numerics/mpfr_real.hpp"

#include "reference/poisson_process/dickman.hpp"

namespace attnlaw::reference {
namespace {

// Expression templates off: the references keep intermediate results in `auto` variables.
using Mp = attnlaw::reference::mpfr_float_50;

TEST(DickmanMpfr, MeanTopWeightAtThetaOneIsExpMinusEuler) {
  const Mp exact = exp(-boost::math::constants::euler<Mp>());
  const auto value = d3_mean_top_weight<Mp>(Mp(1));
  // The panel quadrature's tolerances are tuned for double, so the 50-digit instantiation
  // reaches about 28 digits (measured: 8.1e-29); its own error estimate (3e-49) is NOT honest
  // there, so only the measured accuracy is asserted.
  EXPECT_LT(abs(value.value - exact), Mp(1e-27));
}

TEST(DickmanMpfr, DoublePathAgreesToAFewUlpsWithItsErrorBoundHonest) {
  for (double theta : {2.0, 1.0, 0.5, 0.25}) {
    const Mp t(theta);
    const auto checks = {std::pair{d3_mean_top_weight<double>(theta), d3_mean_top_weight<Mp>(t)},
                         std::pair{d3_mean_sum_squares<double>(theta), d3_mean_sum_squares<Mp>(t)},
                         std::pair{d3_mean_energy<double>(theta), d3_mean_energy<Mp>(t)}};
    for (const auto& [low, high] : checks) {
      const double error = static_cast<double>(abs(Mp(low.value) - high.value));
      EXPECT_LT(error / static_cast<double>(high.value), 4e-15) << "theta " << theta;
      EXPECT_LE(error, low.error + 4e-16 * std::abs(low.value)) << "theta " << theta << ": error bound not honest";
    }
  }
}

}  // namespace
}  // namespace attnlaw::reference
