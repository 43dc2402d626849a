// bulk_log_mass (verify/sample/score_rows.hpp): the exact conditional mass of the scores a top-K
// row omits.
//   - The closed forms of T(y, beta) = E[e^{-beta (y - s)} | s < y] (exponential, gaussian,
//     uniform) against the library's quadrature of the score density (tanh-sinh / exp-sinh), and
//     that quadrature (weibull, log2) against an independent Gauss–Kronrod integration in the
//     Exp(1) variable E = -log Fbar(s). Expected agreement: 1e-9 in log T (both sides are
//     computed to ~1e-12).
//   - Brute force: by the tower property E[sum_{k<=K} e^{-beta Delta_(k)} + e^{bulk_log_mass}]
//     = E[Z of the full row] exactly; two-sample z test of the means at n = 1000, K = 10, and
//     the same comparison without the bulk term as a negative control.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "tests/unit/unified_framework/score_rows_support.hpp"
#include "verify/sample/score_rows.hpp"

namespace attnlaw::sample::testing {
namespace {

TEST(BulkMass, ClosedFormsMatchQuadrature) {
  struct Case {
    ScoreFamily family;
    std::vector<double> y;
    std::vector<double> beta;
  };
  const std::vector<Case> cases = {
      {{Kind::exponential, 1}, {0.5, 3, 13.8, 27.6}, {0.3, 1, 1 + 1e-7, 2, 10, 60}},
      {{Kind::gaussian, 1}, {-2, 0, 3.1, 5.5, 7.03}, {0.5, 3.4, 7.2, 14.3, 40, 200}},
      {{Kind::uniform, 1}, {-0.9, 0, 0.99, 1 - 1e-6}, {0.5, 5, 500, 5e5}},
  };
  for (const auto& c : cases) {
    for (double y : c.y) {
      for (double beta : c.beta) {
        const double closed = log_conditional_tilt(c.family, y, beta);
        const double quadrature = log_conditional_tilt_quadrature(c.family, y, beta);
        EXPECT_NEAR(closed, quadrature, 1e-9 * (1 + std::abs(closed)))
            << static_cast<int>(c.family.kind) << " y " << y << " beta " << beta;
      }
    }
    EXPECT_EQ(log_conditional_tilt(c.family, c.y[1], 0), 0.0);
  }
  // The exponential form's removable singularity at beta = 1.
  const ScoreFamily exponential{Kind::exponential, 1};
  EXPECT_NEAR(log_conditional_tilt(exponential, 5, 1), log_conditional_tilt(exponential, 5, 1 + 1e-9), 1e-8);
  EXPECT_NEAR(log_conditional_tilt(exponential, 5, 1), std::log(5 * std::exp(-5.0) / -std::expm1(-5.0)), 1e-14);
}

// T by a different route: in the Exp(1) variable E = -log Fbar(s) (s = E^{1/p} for weibull,
// 1 - E^{-1/eta} for log2), T = int_0^{E_y} e^{-beta (y - s(E)) - E} dE / (1 - e^{-E_y}), by adaptive
// Gauss–Kronrod split at the mode of beta s(E) - E (closed form: (beta/p)^{p/(p-1)} and
// (beta/eta)^{eta/(eta+1)}), scaled by the integrand's peak.
double direct_log_tilt(const ScoreFamily& family, double y, double beta) {
  const double p = family.shape;
  const bool weibull = family.kind == Kind::weibull;
  const double e_y = weibull ? std::pow(y, p) : std::pow(1 - y, -p);
  const auto score = [&](double e) { return weibull ? std::pow(e, 1 / p) : 1 - std::pow(e, -1 / p); };
  const auto log_integrand = [&](double e) { return -beta * (y - score(e)) - e; };
  const double mode = std::min(e_y, weibull ? std::pow(beta / p, p / (p - 1)) : std::pow(beta / p, p / (p + 1)));
  const double peak = log_integrand(mode);
  const auto f = [&](double e) { return std::exp(log_integrand(e) - peak); };
  using integrator = boost::math::quadrature::gauss_kronrod<double, 61>;
  double integral = integrator::integrate(f, 0.0, mode, 15, 1e-11);
  if (mode < e_y) integral += integrator::integrate(f, mode, e_y, 15, 1e-11);
  return peak + std::log(integral) - std::log(-std::expm1(-e_y));
}

TEST(BulkMass, QuadratureMatchesDirectIntegration) {
  struct Case {
    ScoreFamily family;
    std::vector<double> y;
    std::vector<double> beta;
  };
  const std::vector<Case> cases = {
      {{Kind::weibull, 1.5}, {1, 3.6, 9.1}, {0.5, 3, 10, 30}},
      {{Kind::weibull, 3}, {1, 2.4, 3.0}, {0.5, 5, 25, 90}},
      {{Kind::log2, 1}, {0.5, 0.857, 0.9638}, {1, 20, 200, 1500}},
      {{Kind::log2, 0.5}, {0.0, 0.75, 0.9987}, {1, 20, 300, 3e4}},
  };
  for (const auto& c : cases) {
    for (double y : c.y) {
      for (double beta : c.beta) {
        const double library = log_conditional_tilt(c.family, y, beta);
        const double direct = direct_log_tilt(c.family, y, beta);
        EXPECT_NEAR(library, direct, 1e-9 * (1 + std::abs(direct)))
            << static_cast<int>(c.family.kind) << " shape " << c.family.shape << " y " << y << " beta " << beta;
      }
    }
  }
}

double sum_of_weights(const std::vector<double>& gaps, double beta) {
  double z = 0;
  for (double g : gaps) z += std::exp(-beta * g);
  return z;
}

TEST(BulkMass, TopKPlusBulkMatchesFullRowInMean) {
  constexpr std::uint64_t n = 1000;
  constexpr std::uint64_t K = 10;
  constexpr std::size_t reps = 3000;
  const double c_values[] = {0.5, 1, 2};
  for (const auto& [family, name] : all_families()) {
    const double h = hazard_scale(family, static_cast<double>(n));
    const auto top_stream = rng::make_key(kSeed, "sample.score_rows", "bulk/top/" + name);
    const auto full_stream = rng::make_key(kSeed, "sample.score_rows", "bulk/full/" + name);
    // Per replicate: {with bulk, without bulk} for each c, and the full row's Z for each c.
    const auto top = over_replicates<std::vector<double>>(reps, [&](std::uint32_t r) {
      const auto row = sample_top_gaps(family, top_stream, r, n, K);
      std::vector<double> out;
      for (double c : c_values) {
        const double kept = sum_of_weights(row.gaps, c * h);
        out.push_back(kept + std::exp(bulk_log_mass(family, row, c * h)));
        out.push_back(kept);
      }
      return out;
    });
    const auto full = over_replicates<std::vector<double>>(reps, [&](std::uint32_t r) {
      const auto scores = sample_full_row(family, full_stream, r, n);
      double top_score = scores[0];
      for (double s : scores) top_score = std::max(top_score, s);
      std::vector<double> out;
      for (double c : c_values) {
        double z = 0;
        for (double s : scores) z += std::exp(-c * h * (top_score - s));
        out.push_back(z);
      }
      return out;
    });
    for (std::size_t i = 0; i < 3; ++i) {
      std::vector<double> with_bulk, without_bulk, reference;
      for (std::size_t r = 0; r < reps; ++r) {
        with_bulk.push_back(top[r][2 * i]);
        without_bulk.push_back(top[r][2 * i + 1]);
        reference.push_back(full[r][i]);
      }
      const std::string what = name + label(" c = ", c_values[i]);
      expect_accepted(two_sample_mean_z(with_bulk, reference), what + " top-K + bulk vs full row, E Z");
      // Below the critical scale the omitted bulk of a Gumbel-domain row carries most of Z:
      // leaving it out must show. (Uniform rows at beta = c n/2 keep their mass in the top few.)
      if (c_values[i] < 1 && family.kind != Kind::uniform)
        expect_rejected(two_sample_mean_z(without_bulk, reference), what + " top-K without bulk");
    }
  }
}

TEST(BulkMass, NoBulkWhenTheRowIsComplete) {
  const ScoreFamily gaussian{Kind::gaussian, 1};
  const auto row = sample_top_gaps(gaussian, rng::make_key(kSeed, "sample.score_rows", "complete"), 0, 50, 50);
  EXPECT_EQ(bulk_log_mass(gaussian, row, 3.0), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(lambda_is_exact(row, 0.0));
}

// lambda_is_exact: beyond Delta_(K), log N(t)/t < log n / Delta_(K).
TEST(BulkMass, LambdaExactnessCriterion) {
  TopGaps row;
  row.n = 1000;
  row.gaps = {0, 0.5, 1, 2};
  EXPECT_TRUE(lambda_is_exact(row, std::log(1000.0) / 2));
  EXPECT_FALSE(lambda_is_exact(row, std::log(1000.0) / 2 * (1 - 1e-12)));
  EXPECT_TRUE(lambda_is_exact(row, std::numeric_limits<double>::infinity()));
}

}  // namespace
}  // namespace attnlaw::sample::testing
