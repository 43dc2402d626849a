// Row statistics (verify/attention/row_statistics.hpp): hand-built rows with closed forms,
// the Laplace identities of UF.gap.laplace-identity by an independent route, the bounds of
// UF.gap.bounds and UF.gap.envelope on 10^4 random rows, extreme beta, masked and bad rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "verify/attention/row_statistics.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::attention {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

RowStatistics<double> stats_of(const std::vector<double>& row, double beta) {
  return row_statistics(gap_profile<double>(row), beta);
}

void expect_relative(double actual, double expected, double tolerance) {
  EXPECT_LE(std::fabs(actual - expected), tolerance * std::fabs(expected)) << actual << " vs " << expected;
}

// UF.family.equicorrelated: scores 1 (self) and rho (n - 1 others): N(t) = 1 for t < 1 - rho
// and n after, so Lambda = log n / (1 - rho), Delta_Lambda = 1 - rho, alpha_n = 1; with
// q = e^{-beta (1 - rho)}: Z = 1 + (n-1) q, D = (1 - q)/Z, H = log Z + (n-1) beta (1-rho) q / Z.
// rho = 1/4 keeps 1 - rho exact in binary, so the closed forms are exact up to rounding of logs.
TEST(RowStatistics, EquicorrelatedRowClosedForms) {
  for (const std::size_t n : {2ul, 10ul, 1000ul, 1000000ul}) {
    const double rho = 0.25;
    std::vector<double> row(n, rho);
    row[n / 2] = 1.0;
    const auto profile = gap_profile<double>(row);
    const auto scale = accumulation_scale(profile);
    expect_relative(scale.lambda, std::log(static_cast<double>(n)) / (1 - rho), 1e-15);
    EXPECT_EQ(scale.contact_gap, 1 - rho);
    EXPECT_EQ(scale.contact_count, n);
    expect_relative(scale.alpha, 1.0, 1e-15);
    EXPECT_FALSE(scale.ties);
    for (const double theta : {0.1, 1.0, 3.0}) {
      const double beta = theta * scale.lambda;
      const auto s = softmax_summary(profile, beta);
      const long double q = std::exp(-static_cast<long double>(beta) * (1 - rho));
      const long double z = 1 + (n - 1) * q;
      expect_relative(s.top_weight, static_cast<double>(1 / z), 1e-13);
      expect_relative(s.top_two_difference, static_cast<double>((1 - q) / z), 1e-13);
      // log1p: log(z) of z = 1 + 1e-12 would lose the digits the collapsed entropy lives in.
      expect_relative(s.entropy, static_cast<double>(std::log1p((n - 1) * q) + (n - 1) * beta * (1 - rho) * q / z),
                      1e-13);
    }
  }
}

// Two keys at gap d: N = 1 on [0, d), 2 after: Lambda = log 2 / d, Delta_Lambda = d, alpha = 1;
// Z = 1 + e^{-beta d}, D = tanh(beta d / 2), H = log Z + beta d e^{-beta d} / Z.
TEST(RowStatistics, TwoPointRow) {
  const double d = 0.375, beta = 2.5;
  const auto s = stats_of({-1.0, -1.0 - d}, beta);
  expect_relative(s.scale.lambda, std::log(2.0) / d, 1e-15);
  EXPECT_EQ(s.scale.contact_gap, d);
  EXPECT_EQ(s.scale.alpha, 1.0);
  const double q = std::exp(-beta * d);
  expect_relative(s.softmax.top_weight, 1 / (1 + q), 1e-15);
  expect_relative(s.softmax.top_two_difference, std::tanh(beta * d / 2), 1e-14);
  expect_relative(s.softmax.entropy, std::log1p(q) + beta * d * q / (1 + q), 1e-15);
  EXPECT_EQ(s.max_minus_second, d);
}

// Gaps {0, 1, 1, 3}: log N(t)/t is log 3 at t = 1 and log 4 / 3 at t = 3, so Lambda = log 3,
// Delta_Lambda = 1, N(Delta_Lambda) = 3, alpha_n = log 3 / log 4.
TEST(RowStatistics, StepRowWithTiesBelowTheMaximum) {
  const auto s = stats_of({5.0, 4.0, 4.0, 2.0}, 1.0);
  expect_relative(s.scale.lambda, std::log(3.0), 1e-15);
  EXPECT_EQ(s.scale.contact_gap, 1.0);
  EXPECT_EQ(s.scale.contact_count, 3u);
  expect_relative(s.scale.alpha, std::log(3.0) / std::log(4.0), 1e-15);
  expect_relative(s.scale.contact_entropy, s.scale.lambda * s.scale.contact_gap, 1e-15);  // C_n = Lambda Delta_Lambda
}

// Geometric accumulation N(k c) = 2^k (2^{k-1} keys at gap k c): log N / t = log 2 / c at every
// gap, so every gap attains Lambda and the contact gap is the largest, K c, with alpha_n = 1.
TEST(RowStatistics, GeometricRowContactsAtTheLargestGap) {
  const double c = 0.5;
  const int levels = 12;
  std::vector<double> row{0.0};
  for (int k = 1; k <= levels; ++k) row.insert(row.end(), std::size_t{1} << (k - 1), -k * c);
  const auto s = stats_of(row, 1.0);
  expect_relative(s.scale.lambda, std::log(2.0) / c, 1e-15);
  EXPECT_EQ(s.scale.contact_gap, levels * c);
  EXPECT_EQ(s.scale.contact_count, std::size_t{1} << levels);
  expect_relative(s.scale.alpha, 1.0, 1e-15);
}

// UF.gap.ties: N(0) >= 2 gives Lambda = inf, a_max <= 1/N(0) and H >= log N(0) at every beta.
TEST(RowStatistics, TiesAtTheMaximum) {
  const std::vector<double> row{3.0, 1.0, 3.0, 3.0, -2.0};
  for (const double beta : {1e-12, 1.0, 1e15}) {
    const auto s = stats_of(row, beta);
    EXPECT_TRUE(s.scale.ties);
    EXPECT_EQ(s.scale.lambda, kInf);
    EXPECT_EQ(s.scale.contact_gap, 0.0);
    expect_relative(s.scale.alpha, std::log(3.0) / std::log(5.0), 1e-15);
    EXPECT_LE(s.softmax.top_weight, 1.0 / 3 * (1 + 1e-15));
    EXPECT_GE(s.softmax.entropy, std::log(3.0) * (1 - 1e-15));
    EXPECT_EQ(s.softmax.top_two_difference, 0.0);
    EXPECT_EQ(s.regime.regime, Regime::tied);
    EXPECT_STREQ(s.regime.relation, ">=");
    EXPECT_DOUBLE_EQ(s.regime.bound, std::log(3.0));
  }
  // beta = 1e15 leaves only the three tied keys: H = log 3, a_max = 1/3.
  const auto cold = stats_of(row, 1e15);
  expect_relative(cold.softmax.entropy, std::log(3.0), 1e-15);
  expect_relative(cold.softmax.top_weight, 1.0 / 3, 1e-15);
}

// The causal-mask convention of the fixtures README: one unmasked key holds all the weight.
TEST(RowStatistics, SingleEntryAndMaskedRows) {
  const auto one = stats_of({-kInf, 0.7, -kInf}, 3.0);
  EXPECT_EQ(one.n, 1u);
  EXPECT_EQ(one.masked, 2u);
  EXPECT_EQ(one.scale.lambda, 0.0);
  EXPECT_EQ(one.scale.alpha, 0.0);
  EXPECT_EQ(one.softmax.entropy, 0.0);
  EXPECT_EQ(one.softmax.top_weight, 1.0);
  EXPECT_EQ(one.softmax.top_two_difference, 1.0);
  EXPECT_EQ(one.regime.regime, Regime::collapsed);
  // Masked entries change nothing but n.
  const auto masked = stats_of({-kInf, -1.0, -kInf, -1.375, -kInf}, 2.5);
  const auto plain = stats_of({-1.0, -1.375}, 2.5);
  EXPECT_EQ(masked.n, 2u);
  EXPECT_EQ(masked.scale.lambda, plain.scale.lambda);
  EXPECT_EQ(masked.softmax.entropy, plain.softmax.entropy);
}

TEST(RowStatistics, RefusesRowsWithoutAProfile) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(gap_profile<double>(std::vector<double>{1.0, nan}), RowError);
  EXPECT_THROW(gap_profile<double>(std::vector<double>{1.0, kInf}), RowError);
  EXPECT_THROW(gap_profile<double>(std::vector<double>{-kInf, -kInf}), RowError);
  EXPECT_THROW(gap_profile<double>(std::vector<double>{}), RowError);
  EXPECT_THROW(gap_profile<double>(std::vector<double>{1e308, -1e308}), RowError);  // the gap overflows
  try {
    gap_profile<double>(std::vector<double>{0.0, 1.0, nan});
    FAIL();
  } catch (const RowError& e) {
    EXPECT_NE(std::string(e.what()).find("entry 2 is NaN"), std::string::npos) << e.what();
  }
  const auto profile = gap_profile<double>(std::vector<double>{0.0, -1.0});
  EXPECT_THROW(softmax_summary(profile, -1.0), std::invalid_argument);
  EXPECT_THROW(softmax_summary(profile, kInf), std::invalid_argument);
}

std::vector<double> random_row(rng::SampleSource& source, std::size_t n, int family) {
  std::vector<double> row(n);
  for (double& x : row) {
    switch (family) {
      case 0: x = rng::normal(source); break;
      case 1: x = rng::exponential(source); break;
      case 2: x = source.next_uniform(); break;
      default: x = std::floor(4 * rng::normal(source)) / 4; break;  // a coarse grid: ties below the top
    }
  }
  return row;
}

// The integral side of UF.gap.laplace-identity, in long double, straight from N(t) on each
// interval [t_k, t_{k+1}) between distinct gap values (not from the sum over keys):
//   beta int e^{-beta t} N(t) dt = sum_k N(t_k) (e^{-beta t_k} - e^{-beta t_{k+1}}),
//   beta^2 int t e^{-beta t} N(t) dt = sum_k N(t_k) [g(t_k) - g(t_{k+1})], g(t) = (beta t + 1) e^{-beta t}.
struct LaplaceIntegrals {
  long double z = 0;
  long double second = 0;
};

LaplaceIntegrals laplace_integrals(const GapProfile<double>& p, long double beta) {
  LaplaceIntegrals out;
  const auto& g = p.gaps;
  for (std::size_t first = 0; first < g.size();) {
    std::size_t last = first;
    while (last < g.size() && g[last] == g[first]) ++last;
    const long double t0 = g[first];
    const long double n_t = static_cast<long double>(last);
    const long double e0 = std::exp(-beta * t0), g0 = (beta * t0 + 1) * e0;
    long double e1 = 0, g1 = 0;
    if (last < g.size()) {
      const long double t1 = g[last];
      e1 = std::exp(-beta * t1);
      g1 = (beta * t1 + 1) * e1;
    }
    out.z += n_t * (e0 - e1);
    out.second += n_t * (g0 - g1);
    first = last;
  }
  return out;
}

TEST(RowStatistics, LaplaceIdentitiesOnRandomRows) {
  const auto key = rng::make_key(20261130, "UF.gap.laplace-identity", "rows");
  double worst_z = 0, worst_energy = 0;
  for (std::uint32_t rep = 0; rep < 2000; ++rep) {
    rng::SampleSource source(key, rep, 0);
    const std::size_t n = 2 + static_cast<std::size_t>(source.next_uniform() * 500);
    const auto profile = gap_profile<double>(random_row(source, n, static_cast<int>(rep % 4)));
    const double beta = std::exp(std::log(1e-3) + source.next_uniform() * std::log(1e6));
    const auto s = softmax_summary(profile, beta);
    const auto li = laplace_integrals(profile, beta);
    const long double z = std::exp(static_cast<long double>(s.log_partition));
    worst_z = std::max(worst_z, static_cast<double>(std::fabs(z - li.z) / li.z));
    // -beta Z'(beta) = sum beta Delta e^{-beta Delta} = beta^2 int t e^{-beta t} N dt - Z, relative to Z.
    const long double energy = static_cast<long double>(s.mean_scaled_gap) * z;
    worst_energy = std::max(worst_energy, static_cast<double>(std::fabs(energy - (li.second - li.z)) / li.z));
  }
  RecordProperty("worst_relative_error_Z", std::to_string(worst_z));
  RecordProperty("worst_relative_error_energy", std::to_string(worst_energy));
  std::printf("Laplace identity: worst relative error of Z %.3g, of beta Z' (relative to Z) %.3g\n", worst_z,
              worst_energy);
  EXPECT_LE(worst_z, 1e-13);
  EXPECT_LE(worst_energy, 1e-13);
}

// UF.gap.bounds and UF.gap.envelope on 10^4 random rows, beta = r Lambda with r log-uniform in
// [1e-3, 1e3]. Each check is the ratio quantity/bound, <= 1 required; the worst ratios are
// printed (theory/unified_framework/THEORY.md §2 reports 0.987 for D on 3000 vectors).
TEST(RowStatistics, CollapseBoundsOnRandomRows) {
  const auto key = rng::make_key(20261130, "UF.gap.bounds", "rows");
  double worst_d = 0, worst_d_sharp = 0, worst_z_low = 0, worst_z_high = 0, worst_energy = 0, worst_h = 0;
  double worst_envelope_low = 0, worst_envelope_high = 0;
  int rows = 0;
  for (std::uint32_t rep = 0; rep < 10000; ++rep) {
    rng::SampleSource source(key, rep, 0);
    const std::size_t n = 2 + static_cast<std::size_t>(std::exp(source.next_uniform() * std::log(3000.0)));
    const auto profile = gap_profile<double>(random_row(source, n, static_cast<int>(rep % 4)));
    const auto scale = accumulation_scale(profile);
    if (scale.ties) continue;
    ++rows;
    const double r = std::exp(std::log(1e-3) + source.next_uniform() * std::log(1e6));
    const double beta = r * scale.lambda;
    const auto s = softmax_summary(profile, beta);
    const double z = std::exp(s.log_partition);
    const double c = scale.contact_entropy;
    if (r < 1) {
      worst_d = std::max(worst_d, s.top_two_difference / (r / (std::numbers::e * (1 - r))));
      worst_d_sharp = std::max(worst_d_sharp, s.top_two_difference / (r * c * std::exp(-(1 - r) * c)));
      worst_z_low = std::max(worst_z_low, std::exp((1 - r) * c) / z);
    } else if (r > 1) {
      const double eps = 1 / (r - 1);
      worst_z_high = std::max(worst_z_high, z / (1 + eps));
      worst_energy = std::max(worst_energy, s.mean_scaled_gap * z / ((1 + eps) * (1 + eps) - 1));
      worst_h = std::max(worst_h, s.entropy / (std::log1p(eps) + 2 * eps + eps * eps));
    }
    // S <= log Z <= S + log(H_n), H_n the harmonic number.
    const double envelope = laplace_envelope(profile, beta);
    double harmonic = 0;
    for (std::size_t j = n; j >= 1; --j) harmonic += 1.0 / static_cast<double>(j);
    if (s.log_partition > 0) worst_envelope_low = std::max(worst_envelope_low, envelope / s.log_partition);
    worst_envelope_high = std::max(worst_envelope_high, s.log_partition / (envelope + std::log(harmonic)));
  }
  std::printf(
      "rows without ties: %d\nworst ratios: D/(r/(e(1-r))) %.4f, D/(rC e^{-(1-r)C}) %.4f, "
      "e^{(1-r)C}/Z %.4f, Z/(1+eps) %.4f, energy/((1+eps)^2-1) %.4f, H/H-bound %.4f, "
      "S/log Z %.4f, log Z/(S + log H_n) %.4f\n",
      rows, worst_d, worst_d_sharp, worst_z_low, worst_z_high, worst_energy, worst_h, worst_envelope_low,
      worst_envelope_high);
  EXPECT_GT(rows, 5000);
  for (const double w : {worst_d, worst_d_sharp, worst_z_low, worst_z_high, worst_energy, worst_h, worst_envelope_low,
                         worst_envelope_high})
    EXPECT_LE(w, 1.0 + 1e-12);
}

// The regime follows r = beta / Lambda with the window [1/2, 2]; the stated bound is the one of
// UF.gap.bounds on r's side of 1.
TEST(RowStatistics, RegimeClassification) {
  const double rho = 0.25;
  std::vector<double> row(100, rho);
  row[0] = 1;
  const auto profile = gap_profile<double>(row);
  const auto scale = accumulation_scale(profile);
  const auto at = [&](double r) { return assess_regime(scale, r * scale.lambda); };
  EXPECT_EQ(at(0.1).regime, Regime::unseparated);
  EXPECT_STREQ(at(0.1).quantity, "D");
  expect_relative(at(0.1).bound, 0.1 / (std::numbers::e * 0.9), 1e-14);
  EXPECT_EQ(at(0.6).regime, Regime::critical_window);
  EXPECT_STREQ(at(0.6).quantity, "D");
  EXPECT_EQ(at(1.5).regime, Regime::critical_window);
  EXPECT_STREQ(at(1.5).quantity, "H");
  EXPECT_EQ(at(10).regime, Regime::collapsed);
  const double eps = 1.0 / 9;
  expect_relative(at(10).bound, std::log1p(eps) + 2 * eps + eps * eps, 1e-14);
  EXPECT_EQ(at(10).critical_beta, scale.lambda);
  // UF.gap.bounds' regime separation (values rounded there): r = 0.01 gives D <= 0.0037, r = 100
  // gives H <= 0.0304.
  EXPECT_NEAR(at(0.01).bound, 0.0037, 5e-5);
  EXPECT_NEAR(at(100).bound, 0.0304, 5e-4);
}

// beta from 1e-12 to 1e15 on a Gaussian row: everything finite; at 1e-12 the weights are
// uniform to 1e-11 (H = log n, a_max = 1/n); at 1e15 the top key has all the weight.
TEST(RowStatistics, ExtremeBeta) {
  rng::SampleSource source(rng::make_key(7, "UF.gap.lambda", "extreme"), 0, 0);
  const std::size_t n = 10000;
  const auto profile = gap_profile<double>(random_row(source, n, 0));
  const auto hot = softmax_summary(profile, 1e-12);
  expect_relative(hot.entropy, std::log(static_cast<double>(n)), 1e-10);
  expect_relative(hot.top_weight, 1.0 / n, 1e-10);
  EXPECT_GT(hot.top_two_difference, 0.0);
  const auto cold = softmax_summary(profile, 1e15);
  EXPECT_EQ(cold.top_weight, 1.0);
  EXPECT_EQ(cold.entropy, 0.0);
  EXPECT_EQ(cold.top_two_difference, 1.0);
  const auto frozen = softmax_summary(profile, 0.0);
  expect_relative(frozen.entropy, std::log(static_cast<double>(n)), 1e-14);
  // The double and long double instantiations agree (the long double one has 11 more bits).
  std::vector<long double> wide(profile.gaps.begin(), profile.gaps.end());
  for (long double& x : wide) x = -x;
  const auto wide_profile = gap_profile<long double>(wide);
  for (const double beta : {1e-12, 1e-3, 1.0, 30.0, 1e6}) {
    const auto a = softmax_summary(profile, beta);
    const auto b = softmax_summary(wide_profile, static_cast<long double>(beta));
    expect_relative(a.entropy, static_cast<double>(b.entropy), 1e-13);
    expect_relative(a.log_partition, static_cast<double>(b.log_partition), 1e-13);
  }
}

// Denormal logits: gaps of 5e-324 give log N / t beyond the double range; Lambda saturates at
// +inf without ties, and everything else stays finite (r = beta Delta_Lambda / C_n).
TEST(RowStatistics, DenormalEntries) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  const auto s = stats_of({tiny, 0.0, -tiny, -1.0}, 1.0);
  EXPECT_FALSE(s.scale.ties);
  EXPECT_EQ(s.scale.lambda, kInf);
  EXPECT_TRUE(std::isfinite(s.softmax.entropy));
  EXPECT_TRUE(std::isfinite(s.regime.ratio));
  EXPECT_EQ(s.regime.regime, Regime::unseparated);
  EXPECT_EQ(s.max_minus_second, tiny);
  // A denormal gap of 1e-310 at beta = 1e300: Lambda = log 2 / 1e-310 overflows, r does not:
  // r = beta Delta_Lambda / log 2, and D = tanh(beta Delta / 2) for two keys.
  const auto small = stats_of({0.0, -1e-310}, 1e300);
  EXPECT_EQ(small.scale.contact_gap, 1e-310);
  expect_relative(small.regime.ratio, 1e300 * 1e-310 / std::log(2.0), 1e-13);
  expect_relative(small.softmax.top_two_difference, std::tanh(1e300 * 1e-310 / 2), 1e-13);
}

// Subnormal gaps 1e-310, 2e-310, 3e-310: every ratio log N(t)/t overflows a double, yet their order
// is that of log 2/1, log 3/2, log 4/3 (the gaps are exact multiples), so the contact is the first
// gap, N = 2, and log Lambda = log log 2 - log 1e-310. Before the power-of-two scaling every ratio
// was +inf and the last gap was reported.
TEST(RowStatistics, SubnormalGapsKeepTheirMaximiserAndALogLambda) {
  const auto s = stats_of({1e-310, 2e-310, 3e-310, 4e-310}, 1.0);
  EXPECT_FALSE(s.scale.ties);
  EXPECT_TRUE(s.scale.overflows());
  EXPECT_EQ(s.scale.lambda, kInf);
  EXPECT_EQ(s.scale.contact_gap, 4e-310 - 3e-310);
  EXPECT_EQ(s.scale.contact_count, 2u);
  expect_relative(s.scale.log_lambda, std::log(std::log(2.0)) - std::log(4e-310 - 3e-310), 1e-15);
  expect_relative(s.scale.alpha, std::log(2.0) / std::log(4.0), 1e-15);
  // The same row scaled up to normal numbers has the same contact and a finite Lambda whose log
  // agrees: the scaling is by a power of two, exact in binary.
  const double up = std::ldexp(1.0, 1000);
  const auto normal = stats_of({1e-310 * up, 2e-310 * up, 3e-310 * up, 4e-310 * up}, 1.0);
  EXPECT_FALSE(normal.scale.overflows());
  EXPECT_EQ(normal.scale.contact_count, 2u);
  expect_relative(normal.scale.log_lambda, std::log(normal.scale.lambda), 1e-15);
  EXPECT_NEAR(s.scale.log_lambda - normal.scale.log_lambda, 1000 * std::log(2.0), 1e-12);
  // A row of normal gaps: log_lambda is log(lambda), and a single entry has Lambda = 0, log = -inf.
  const auto plain = stats_of({0.0, -0.5, -2.0}, 1.0);
  expect_relative(plain.scale.log_lambda, std::log(plain.scale.lambda), 1e-15);
  EXPECT_EQ(stats_of({3.0}, 1.0).scale.log_lambda, -kInf);
}

// O(n log n): a 2e6-key row costs a sort. UF.family.equicorrelated holds exactly at this size
// too; the time is printed (and bounded loosely so that a quadratic step would fail).
TEST(RowStatistics, LongRow) {
  const std::size_t n = 2000000;
  rng::SampleSource source(rng::make_key(11, "UF.gap.lambda", "long"), 0, 0);
  const auto row = random_row(source, n, 0);
  const auto start = std::chrono::steady_clock::now();
  const auto s = stats_of(row, 1.0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("n = %zu: %.3f s (Lambda %.4f, alpha_n %.4f, H %.4f)\n", n, seconds, s.scale.lambda, s.scale.alpha,
              s.softmax.entropy);
  EXPECT_EQ(s.n, n);
  EXPECT_LT(seconds, 10.0);
}

}  // namespace
}  // namespace attnlaw::attention
