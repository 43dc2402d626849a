// reference/poisson_dirichlet/poisson_dirichlet: PD(alpha, 0) moments and the law of the top
// weight. Expected values: theory/unified_framework/THEORY.md §5 PD table (Pitman–Yor formulas,
// [checked] by quadrature there); the Pitman–Yor closed form of P(V_1 > w) for w >= 1/2; for 1/3 <=
// w < 1/2 the two-term series derived in poisson_dirichlet_impl.hpp evaluated by 50-digit tanh-sinh
// quadrature (no Laplace inversion); E V_1 by a second quadrature rule at 50 digits and by
// integrating the CDF; and a Monte Carlo of V_j = Gamma_j^{-1/alpha} / sum_k Gamma_k^{-1/alpha}.
#include <gtest/gtest.h>

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "reference/poisson_dirichlet/detail/pd_laplace_exponent.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet_mpfr.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::reference {
namespace {

using Mp = mpfr_float_50;
constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kAlphas[] = {0.1, 0.25, 0.5, 0.75, 0.9};

// |double - mpfr| in units of eps |mpfr| (or eps when the value is below 1).
double ulps(double low, const Mp& high) {
  const Mp scale = abs(high) > 1 ? abs(high) : Mp(1);
  return static_cast<double>(abs(Mp(low) - high) / scale) / kEps;
}

TEST(PoissonDirichlet, MatchesTheUfTable) {
  // theory/unified_framework/THEORY.md §5: E H = psi(1) - psi(1 - alpha) to 7 decimals, E V_1 to 6.
  const double entropy[] = {.1777113, .5086452, 1.3862944, 3.6502379, 9.8465393};
  const double top[] = {.929895, .821250, .626508, .398193, .217454};
  for (int i = 0; i < 5; ++i) {
    const double a = kAlphas[i];
    EXPECT_NEAR(pd_mean_power_sum<double>(a, 2).value, 1 - a, 2 * kEps);
    EXPECT_NEAR(pd_mean_entropy<double>(a).value, entropy[i], 5.1e-8) << a;
    EXPECT_NEAR(pd_mean_top_weight<double>(a).value, top[i], 5.1e-7) << a;
    EXPECT_NEAR(pd_mean_inverse_top<double>(a).value, 1 / (1 - a), 4 * kEps / (1 - a));
  }
  EXPECT_NEAR(pd_mean_entropy<double>(0.5).value, 2 * std::log(2.0), 4 * kEps);
  // E sum V^3 = (1 - alpha)(2 - alpha)/2.
  EXPECT_NEAR(pd_mean_power_sum<double>(0.3, 3).value, 0.7 * 1.7 / 2, 4 * kEps);
}

TEST(PoissonDirichlet, DoubleAgreesWithMpfrAndItsErrorIsHonest) {
  // Measured: power sums and E[1/V_1] within 1 ulp, E H within 2, E V_1 within 1 (exp-sinh in long
  // double); the declared errors cover the differences. (alpha = 0.1, 0.5, 0.9: the 50-digit
  // exp-sinh costs ~1 s per alpha.)
  for (double a : {0.1, 0.5, 0.9}) {
    const Mp am(a);
    const std::pair<Estimate<double>, Estimate<Mp>> pairs[] = {
        {pd_mean_power_sum<double>(a, 2), pd_mean_power_sum<Mp>(am, 2)},
        {pd_mean_power_sum<double>(a, 7), pd_mean_power_sum<Mp>(am, 7)},
        {pd_mean_entropy<double>(a), pd_mean_entropy<Mp>(am)},
        {pd_mean_top_weight<double>(a), pd_mean_top_weight<Mp>(am)},
        {pd_mean_inverse_top<double>(a), pd_mean_inverse_top<Mp>(am)}};
    int index = 0;
    for (const auto& [low, high] : pairs) {
      EXPECT_LE(ulps(low.value, high.value), 4) << "alpha " << a << " quantity " << index;
      EXPECT_LE(static_cast<double>(abs(Mp(low.value) - high.value)), low.error) << "alpha " << a << " q " << index;
      EXPECT_LT(high.error, Mp(1e-40)) << "alpha " << a << " q " << index;
      ++index;
    }
  }
}

TEST(PoissonDirichlet, MeanTopWeightBySecondRuleAt50Digits) {
  // Independent rule: tanh-sinh on [0, 1) after lambda = t/(1 - t), with phi from the termwise
  // series / Boost's incomplete gamma: agreement with exp-sinh to the declared error.
  for (double a : {0.25, 0.9}) {
    const Mp am(a);
    boost::math::quadrature::tanh_sinh<Mp> rule(15, Mp(1e-60));
    const auto f = [&](const Mp& t) {
      const Mp x = t / (1 - t);
      return Mp(exp(-x) / (1 + detail::laplace_exponent(am, x)) / ((1 - t) * (1 - t)));
    };
    const Mp second = rule.integrate(f, Mp(0), Mp(1), Mp(1e-45));
    const auto first = pd_mean_top_weight<Mp>(am);
    EXPECT_LT(abs(second - first.value), first.error + Mp(1e-42)) << a;
    EXPECT_LT(static_cast<double>(abs(second - first.value)), 1e-42) << a;
  }
}

// P(V_1 > w) for 1/3 <= w < 1/2 (1 <= r < 2): u_0(r) + u_1(r - 1) of the shifted expansion, u_1 as a
// one-dimensional integral: P(R <= r) = r^alpha/(c Gamma(1+alpha))
//   - alpha/(c^2 Gamma(2 alpha + 1)) int_1^r v^{-alpha-1} (r - v)^{2 alpha} dv.
Mp two_term_tail(const Mp& alpha, const Mp& w) {
  const Mp r = (1 - w) / w;
  const Mp c = boost::math::tgamma(1 - alpha);
  boost::math::quadrature::tanh_sinh<Mp> rule(15, Mp(1e-60));
  const auto f = [&](const Mp& v) { return Mp(pow(v, -alpha - 1) * pow(r - v, 2 * alpha)); };
  const Mp integral = rule.integrate(f, Mp(1), r, Mp(1e-40));
  return pow(r, alpha) / (c * boost::math::tgamma(1 + alpha)) -
         alpha * integral / (c * c * boost::math::tgamma(2 * alpha + 1));
}

TEST(PoissonDirichlet, TopWeightCdfAgainstTheExactFormsNearOneHalf) {
  // Measured: double inversion within 3e-13 of the exact forms (declared errors ~1e-11); mpfr
  // within 1e-25.
  for (double a : {0.1, 0.5, 0.9}) {
    const Mp am(a);
    for (double w : {0.34, 0.4, 0.45, 0.49}) {
      const Mp exact = 1 - two_term_tail(am, Mp(w));
      const auto d = pd_top_weight_cdf<double>(a, w);
      const auto m = pd_top_weight_cdf<Mp>(am, Mp(w));
      const double diff = static_cast<double>(abs(Mp(d.value) - exact));
      EXPECT_LE(diff, d.error) << a << " " << w;
      EXPECT_LT(diff, 1e-12) << a << " " << w;
      EXPECT_LT(abs(m.value - exact), m.error + Mp(1e-35)) << a << " " << w;
      EXPECT_LT(abs(m.value - exact), Mp(1e-24)) << a << " " << w;
    }
    for (double w : {0.5, 0.6, 0.9, 0.999}) {
      const double exact = 1 - std::sin(M_PI * a) * std::pow((1 - w) / w, a) / (M_PI * a);
      EXPECT_NEAR(pd_top_weight_cdf<double>(a, w).value, exact, 8 * kEps) << a << " " << w;
    }
  }
  EXPECT_EQ(pd_top_weight_cdf<double>(0.5, 0.0).value, 0.0);
  EXPECT_EQ(pd_top_weight_cdf<double>(0.5, 1.0).value, 1.0);
}

TEST(PoissonDirichlet, TopWeightCdfDoubleAgreesWithMpfrBelowOneThird) {
  for (double a : {0.1, 0.5, 0.9}) {
    for (double w : {0.12, 0.3}) {
      const auto d = pd_top_weight_cdf<double>(a, w);
      const auto m = pd_top_weight_cdf<Mp>(Mp(a), Mp(w));
      const double diff = static_cast<double>(abs(Mp(d.value) - m.value));
      EXPECT_LE(diff, d.error) << a << " " << w;
      EXPECT_LT(diff, 5e-12) << a << " " << w;
      EXPECT_LT(m.error, Mp(1e-20)) << a << " " << w;
    }
  }
}

TEST(PoissonDirichlet, IntegratedCdfGivesTheMeanTopWeight) {
  // E V_1 = int_0^1 P(V_1 > w) dw, by tanh-sinh on [1/(j+1), 1/j] (the CDF has power-type
  // singularities at w = 1/j and at 1) for j < 16; below 1/16 the CDF is < 4e-6 at alpha = 0.5 and
  // bounded by that.
  const double a = 0.5;
  double integral = 0;
  boost::math::quadrature::tanh_sinh<double> rule;
  for (int j = 1; j < 16; ++j) {
    const auto tail = [&](double w) { return 1 - pd_top_weight_cdf<double>(a, w).value; };
    integral += rule.integrate(tail, 1.0 / (j + 1), 1.0 / j, 1e-9);
  }
  const double rest = 1.0 / 16;  // int_0^{1/16} (1 - F) in [rest (1 - F(1/16)), rest]
  const double f16 = pd_top_weight_cdf<double>(a, 1.0 / 16).value;
  EXPECT_LT(f16, 4e-6);
  EXPECT_NEAR(integral + rest, pd_mean_top_weight<double>(a).value, rest * f16 + 1e-10);
}

TEST(PoissonDirichlet, MonteCarloOfTheRankedWeights) {
  // 5e4 draws of V_j with Gamma_1..Gamma_K, K = 200, plus the expected tail sum_{j>K}
  // Gamma_j^{-1/alpha} ~ Gamma_K^{1-1/alpha}/(1/alpha - 1) (theory/unified_framework/THEORY.md §3);
  // alpha = 1/2.
  const double a = 0.5;
  const int K = 200;
  const int draws = 50000;
  const auto key = rng::make_key(20260601u, "reference-unified-test", "pd-top-weight");
  const double w_grid[] = {0.3, 0.4, 0.5, 0.6, 0.8};
  std::vector<int> below(5, 0);
  double sum_top = 0;
  double sum_ratio_cdf = 0;
  for (int i = 0; i < draws; ++i) {
    rng::SampleSource source(key, 0, static_cast<std::uint64_t>(i));
    double gamma = 0;
    double total = 0;
    double first = 0;
    double second = 0;
    for (int j = 1; j <= K; ++j) {
      gamma += rng::exponential<double>(source);
      const double x = std::pow(gamma, -1 / a);
      if (j == 1) first = x;
      if (j == 2) second = x;
      total += x;
    }
    total += std::pow(gamma, 1 - 1 / a) / (1 / a - 1);
    const double v1 = first / total;
    sum_top += v1;
    for (int k = 0; k < 5; ++k) below[k] += v1 <= w_grid[k];
    sum_ratio_cdf += second / first <= 0.25;
  }
  const double mean = sum_top / draws;
  // sd(V_1) < 0.3, so s.e. < 1.35e-3; 5 s.e.
  EXPECT_NEAR(mean, pd_mean_top_weight<double>(a).value, 6.7e-3);
  for (int k = 0; k < 5; ++k) {
    const double p = pd_top_weight_cdf<double>(a, w_grid[k]).value;
    const double se = std::sqrt(p * (1 - p) / draws);
    EXPECT_NEAR(static_cast<double>(below[k]) / draws, p, 5 * se + 1e-4) << w_grid[k];
  }
  const double p_ratio = pd_ratio_cdf<double>(a, 0.25);  // 0.25^{1/2} = 1/2
  EXPECT_DOUBLE_EQ(p_ratio, 0.5);
  EXPECT_NEAR(sum_ratio_cdf / draws, p_ratio, 5 * std::sqrt(0.25 / draws));
}

TEST(PoissonDirichlet, BadInputIsRefused) {
  EXPECT_NEAR(pd_mean_power_sum<double>(0.5, 2).value, 0.5, 4 * kEps);
  for (double bad : {0.0, 1.0, -0.5, 1.5, std::nan("")}) {
    EXPECT_THROW(pd_mean_top_weight<double>(bad), std::invalid_argument) << bad;
    EXPECT_THROW(pd_top_weight_cdf<double>(bad, 0.5), std::invalid_argument) << bad;
  }
  EXPECT_THROW(pd_mean_power_sum<double>(0.5, 1), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::reference
