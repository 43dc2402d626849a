// Equiangular token dynamics (reference/attention_dynamics/equiangular.hpp). Expected values: the
// tables of theory/multihead_dynamics/THEORY.md §6 (computed by an independent closed form and
// quadrature, 8 digits), and this file's 50-digit route: the same integrals by Gauss–Kronrod in
// mpfr_float_50, which shares no rounding with the double closed form (Ei series and Boost's expint).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cmath>
#include <vector>

#include "reference/attention_dynamics/equiangular.hpp"
#include "reference/attention_dynamics/equiangular_mpfr.hpp"
#include "reference/numerics/domain.hpp"

namespace attnlaw::reference {
namespace {

using M = mpfr_float_50;
constexpr auto kS = EquiangularModel::softmax_row;
constexpr auto kU = EquiangularModel::softmax_unnormalised;

double quadrature_50_digits(EquiangularModel model, const std::vector<ScalarHead<double>>& heads, double beta,
                            std::uint64_t n, double rho0, double rho1) {
  std::vector<ScalarHead<M>> h;
  for (const auto& x : heads) h.push_back({M(x.m), M(x.v)});
  const auto t = clustering_time_quadrature<M>(model, h, M(beta), n, M(rho0), M(rho1));
  EXPECT_LT(t.error, M(1e-30) * t.value);
  return static_cast<double>(t.value);
}

// The table of theory/multihead_dynamics/THEORY.md §6: S-type, one head, n = 32, rho 0 -> 0.99
// (8 significant digits).
TEST(EquiangularClusteringTime, MatchesTheTableOfTheTheoryNotes) {
  const std::array<std::pair<double, double>, 10> table{{{0, 4.0305857},
                                                         {0.5, 4.06446668},
                                                         {1, 4.1144668},
                                                         {2, 4.3024341},
                                                         {3, 4.74150638},
                                                         {std::log(31.0), 5.0886548},
                                                         {5, 8.3879372},
                                                         {6, 14.83877577},
                                                         {8, 72.288844},
                                                         {12, 2951.0317}}};
  for (const auto& [beta, expected] : table) {
    const auto t = clustering_time_closed_form<double>(32, beta, 1.0, 1.0, 0.0, 0.99);
    EXPECT_NEAR(t.value, expected, 6e-8 * expected) << beta;
  }
}

// Closed form (double) against the 50-digit quadrature: within its own bound and 1e-10 relative
// (its stated accuracy), over n, beta, the start and the end (near-consensus ends included). Where
// e^{b n/(n-1)} Ei(-x) cancels beyond that accuracy (small n, large beta) the closed form refuses,
// and the double quadrature, which has no such cancellation, answers within 1e-12.
TEST(EquiangularClusteringTime, ClosedFormAgreesWithFiftyDigitQuadrature) {
  int answered = 0, refused = 0;
  for (std::uint64_t n : {2ull, 3ull, 32ull, 1000ull}) {
    for (double beta : {0.0, 0.5, 2.0, 6.0, 12.0, 40.0}) {
      for (double rho0 : {0.0, 0.3, -0.5 / static_cast<double>(n - 1)}) {
        for (double rho1 : {0.5, 0.99, 0.999999}) {
          SCOPED_TRACE(::testing::Message() << "n=" << n << " beta=" << beta << " rho0=" << rho0 << " rho1=" << rho1);
          const double exact = quadrature_50_digits(kS, {{1.0, 1.0}}, beta, n, rho0, rho1);
          try {
            const auto t = clustering_time_closed_form<double>(n, beta, 1.0, 1.0, rho0, rho1);
            EXPECT_LE(std::abs(t.value - exact), t.error + 2e-16 * exact);
            EXPECT_LE(std::abs(t.value - exact), 1e-10 * exact);
            ++answered;
          } catch (const OutOfDomain&) {
            EXPECT_TRUE(n < 32 || beta > 12) << "the closed form must answer where the notes' table lies";
            ++refused;
          }
          const auto q = clustering_time_quadrature<double>(kS, std::vector<ScalarHead<double>>{{1.0, 1.0}}, beta, n,
                                                            rho0, rho1);
          EXPECT_LE(std::abs(q.value - exact), q.error + 2e-16 * exact);
          EXPECT_LE(std::abs(q.value - exact), 1e-12 * exact);
        }
      }
    }
  }
  std::printf("closed form: %d answered, %d refused (cancellation); the quadrature answered all %d\n", answered, refused,
              answered + refused);
}

// Super-additivity table of theory/multihead_dynamics/THEORY.md §6: n = 32, beta = 4, rho 0 -> 0.99, v_h = m_h.
TEST(EquiangularClusteringTime, SuperadditivityTable) {
  const std::vector<ScalarHead<double>> both{{0.5, 0.5}, {2.0, 2.0}}, first{{0.5, 0.5}}, second{{2.0, 2.0}},
      twin{{1.0, 1.0}, {1.0, 1.0}}, one{{1.0, 1.0}};
  const auto inverse = [](EquiangularModel model, const std::vector<ScalarHead<double>>& heads) {
    return 1 / clustering_time_quadrature<double>(model, heads, 4.0, 32, 0.0, 0.99).value;
  };
  EXPECT_NEAR(inverse(kU, both), 3.2056526, 1e-7);
  EXPECT_NEAR(inverse(kU, first) + inverse(kU, second), 3.0146856, 1e-7);
  EXPECT_NEAR(inverse(kU, twin), 1.8029904, 1e-7);
  EXPECT_NEAR(inverse(kS, both), 0.23473073, 1e-8);
  EXPECT_NEAR(inverse(kS, first) + inverse(kS, second), 0.14388007, 1e-8);
  EXPECT_NEAR(inverse(kS, twin), 0.34499088, 1e-8);
  EXPECT_NEAR(inverse(kS, twin), 2 * inverse(kS, one), 1e-13);
}

// The entropy table of theory/multihead_dynamics/THEORY.md §6: n = 16, beta = 3 (b = beta m, m = 1).
TEST(EquiangularEntropy, MatchesTheTableAndTendsToLogN) {
  const std::array<std::array<double, 3>, 5> table{{{-0.05, 1.7289120, 2.25079338},
                                                    {0.0, 1.8403688, 2.20272845},
                                                    {0.3, 2.4024344, 1.43794325},
                                                    {0.7, 2.7331033, 0.32677688},
                                                    {0.95, 2.7718694, 0.03002387}}};
  for (const auto& [rho, h, dh] : table) {
    const auto e = equiangular_entropy<double>(16, 3.0, rho);
    EXPECT_NEAR(e.entropy, h, 1e-7) << rho;
    EXPECT_NEAR(e.derivative, dh, 1e-8) << rho;
    // dH/drho against a central difference of H.
    const double step = 1e-6;
    const double fd = (equiangular_entropy<double>(16, 3.0, rho + step).entropy -
                       equiangular_entropy<double>(16, 3.0, rho - step).entropy) / (2 * step);
    EXPECT_NEAR(fd, e.derivative, 1e-8) << rho;
  }
  EXPECT_NEAR(equiangular_entropy<double>(16, 3.0, 1.0).entropy, std::log(16.0), 1e-15);
  EXPECT_TRUE(std::isfinite(equiangular_entropy<double>(16, 1e4, -0.05).entropy));
}

TEST(EquiangularRates, CriticalBetaConsensusRatesAndReluEquilibrium) {
  EXPECT_NEAR(critical_beta<double>(32, 1.0, 0.0), 3.4339872, 1e-7);
  EXPECT_NEAR(self_weight<double>(32, critical_beta<double>(32, 1.0, 0.3), 0.3), 0.5, 1e-15);
  const std::vector<ScalarHead<double>> heads{{0.5, 0.7}, {2.0, 1.5}};
  for (EquiangularModel model : {kS, kU, EquiangularModel::relu_unnormalised, EquiangularModel::relu_row}) {
    const double eps = 1e-7;
    EXPECT_NEAR(equiangular_rate<double>(model, heads, 1.3, 20, 1 - eps) / eps, consensus_rate<double>(model, heads, 1.3),
                1e-5 * consensus_rate<double>(model, heads, 1.3));
  }
  // H = 1, m = v = 1 is GLPR's SA and USA.
  const std::vector<ScalarHead<double>> glpr{{1.0, 1.0}};
  const double beta = 2, rho = 0.4, n = 10;
  const double common = std::exp(beta * rho) * (1 - rho) * ((n - 1) * rho + 1);
  EXPECT_NEAR(equiangular_rate<double>(kS, glpr, beta, 10, rho),
              2 * common / (std::exp(beta) + (n - 1) * std::exp(beta * rho)), 1e-15);
  EXPECT_NEAR(equiangular_rate<double>(kU, glpr, beta, 10, rho), 2 * common / n, 1e-15);
  // rho = 0 is a ReLU equilibrium: no clustering time from it.
  EXPECT_EQ(equiangular_rate<double>(EquiangularModel::relu_row, glpr, beta, 10, 0.0), 0.0);
  EXPECT_THROW(clustering_time_quadrature<double>(EquiangularModel::relu_row, glpr, beta, 10, 0.0, 0.5), OutOfDomain);
}

// The ReLU models of one head have elementary clustering times (partial fractions of 1/rate,
// derived here): ReLU-S, rate 2 v rho (1 - rho): T = ln(rho (1 - rho0)/(rho0 (1 - rho)))/(2v)|;
// ReLU-U, rate (2 b v/n) rho (1 - rho)(1 + (n-1) rho), b = beta m, with
// 1/(rho (1-rho)(1+(n-1)rho)) = 1/rho + (1/n)/(1-rho) - ((n-1)^2/n)/(1+(n-1)rho):
// T = (n/(2 b v)) [ln rho - ln(1 - rho)/n - ((n-1)/n) ln(1 + (n-1) rho)] between the ends. Starts
// near the orthogonal equilibrium rho = 0, where 1/rate ~ 1/(c rho), down to 1e-12.
TEST(EquiangularClusteringTime, ReluTimesMatchTheirPartialFractionsFromNearOrthogonalStarts) {
  const double m = 1.5, v = 0.8, beta = 2;
  const std::vector<ScalarHead<double>> head{{m, v}};
  for (std::uint64_t n : {2ull, 16ull, 1000ull}) {
    const double nn = static_cast<double>(n);
    const auto primitive_u = [&](double rho) {
      return std::log(rho) - std::log1p(-rho) / nn - (nn - 1) / nn * std::log1p((nn - 1) * rho);
    };
    for (double rho0 : {1e-12, 1e-8, 1e-3, 0.2}) {
      for (double rho1 : {0.3, 0.99, 1 - 1e-9}) {
        if (!(rho1 > rho0)) continue;
        const double t_row = std::log(rho1 / rho0 * (1 - rho0) / (1 - rho1)) / (2 * v);
        const double t_unnormalised = nn / (2 * beta * m * v) * (primitive_u(rho1) - primitive_u(rho0));
        const auto row = clustering_time_quadrature<double>(EquiangularModel::relu_row, head, beta, n, rho0, rho1);
        const auto unnormalised =
            clustering_time_quadrature<double>(EquiangularModel::relu_unnormalised, head, beta, n, rho0, rho1);
        EXPECT_NEAR(row.value, t_row, 1e-12 * t_row) << n << " " << rho0 << " " << rho1;
        EXPECT_NEAR(unnormalised.value, t_unnormalised, 1e-12 * t_unnormalised) << n << " " << rho0 << " " << rho1;
        EXPECT_LE(std::abs(row.value - t_row), row.error + 1e-14 * t_row);
      }
    }
  }
}

TEST(EquiangularClusteringTime, RefusesOutsideItsDomain) {
  EXPECT_THROW(clustering_time_closed_form<double>(32, 800.0, 1.0, 1.0, 0.0, 0.99), OutOfDomain);
  EXPECT_THROW(clustering_time_closed_form<double>(32, 1.0, 1.0, 1.0, 0.0, 1.0), OutOfDomain);
  EXPECT_THROW(clustering_time_closed_form<double>(32, 1.0, 1.0, 1.0, 0.5, 0.4), OutOfDomain);
  EXPECT_THROW(clustering_time_closed_form<double>(1, 1.0, 1.0, 1.0, 0.0, 0.5), OutOfDomain);
  EXPECT_THROW(clustering_time_closed_form<double>(32, 1.0, 1.0, 1.0, -0.5, 0.5), OutOfDomain);
}

}  // namespace
}  // namespace attnlaw::reference
