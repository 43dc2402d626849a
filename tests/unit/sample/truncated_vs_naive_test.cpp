// The truncated sampler against the naive one (n normalised Gaussian keys, all visited): the
// two must give the same law of every weight and output functional. Two-sample
// Anderson–Darling (Scholz–Stephens) on top weight, sum of squares, energy and tangential
// norm; no reference value is involved, the naive sampler is the reference. A negative
// control (truncated sampler at 25% larger beta) must be rejected, so the comparison has power.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tests/unit/sample/test_support.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/sample/sphere_geometry.hpp"
#include "verify/sample/sphere_naive.hpp"
#include "verify/sample/sphere_truncated.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::sample::testing {
namespace {

// Top weight, sum of squares, energy, n^{2/(d-1)} |P_perp ybar|^2.
using Functionals = std::array<double, 4>;

Functionals functionals(const NearestKeys& keys, double beta) {
  const auto w = attention::summarize_weights(keys.gaps, beta);
  const auto o = attention::summarize_output(keys, beta);
  const double scale = std::pow(static_cast<double>(keys.n), 2.0 / (keys.d - 1));
  return {w.top_weight, w.sum_sq, w.energy, scale * o.tangential_norm_sq};
}

// All n keys of the naive sampler, as NearestKeys (gap by the cancellation-free formula,
// direction = P_perp k / |P_perp k|).
NearestKeys naive_keys(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d) {
  const std::size_t row = static_cast<std::size_t>(d - 1);
  std::vector<double> gaps, directions;
  gaps.reserve(n);
  directions.reserve(n * row);
  for_each_naive_sphere_key(stream, replicate, n, static_cast<std::size_t>(d), [&](std::uint64_t, auto k) {
    double norm_sq = 0;
    for (std::size_t i = 1; i < k.size(); ++i) norm_sq += k[i] * k[i];
    const double inv = 1 / std::sqrt(norm_sq);
    for (std::size_t i = 1; i < k.size(); ++i) directions.push_back(k[i] * inv);
    gaps.push_back(gap_to_query(k));
  });
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return gaps[i] < gaps[j]; });
  NearestKeys keys;
  keys.n = n;
  keys.d = d;
  keys.threshold = 2;
  keys.neglected_log_mass_bound = -std::numeric_limits<double>::infinity();
  for (std::size_t i : order) {
    keys.gaps.push_back(gaps[i]);
    keys.directions.insert(keys.directions.end(), directions.begin() + static_cast<std::ptrdiff_t>(i * row),
                           directions.begin() + static_cast<std::ptrdiff_t>((i + 1) * row));
  }
  return keys;
}

struct Case {
  int d;
  double gamma;
};

class TruncatedVsNaive : public ::testing::TestWithParam<Case> {};

TEST_P(TruncatedVsNaive, SameLawOfFunctionals) {
  const auto [d, gamma] = GetParam();
  constexpr std::uint64_t n = 2000;
  constexpr std::size_t reps = 5000;
  const double beta = gamma * std::pow(static_cast<double>(n), 2.0 / (d - 1));
  const std::string tag = label("d", d);
  const auto naive_stream = key_for("vs-naive/naive/" + tag);
  const auto trunc_stream = key_for("vs-naive/truncated/" + tag);

  const auto naive = over_replicates<Functionals>(
      reps, [&](std::uint32_t r) { return functionals(naive_keys(naive_stream, r, n, d), beta); });
  const auto truncated = over_replicates<Functionals>(reps, [&](std::uint32_t r) {
    const auto keys = sample_sphere_truncated(trunc_stream, r, n, d, beta, 1e-15, true);
    EXPECT_LE(keys.neglected_log_mass_bound, std::log(1e-15));
    return functionals(keys, beta);
  });
  const bool with_control = d == 3;  // one control shows the comparison has power; d = 5 costs more
  // Negative control: the same sampler at beta (1 + 25%) must be told apart (at 5000
  // replicates a 5% change in beta is below what two-sample AD resolves at alpha = 1e-6).
  const auto control = over_replicates<Functionals>(with_control ? reps : 0, [&](std::uint32_t r) {
    return functionals(sample_sphere_truncated(trunc_stream, r, n, d, 1.25 * beta, 1e-15, true), 1.25 * beta);
  });

  const std::array<const char*, 4> names{"top weight", "sum of squares", "energy", "tangential"};
  for (std::size_t f = 0; f < names.size(); ++f) {
    std::vector<double> a(reps), b(reps), c(reps);
    for (std::size_t r = 0; r < reps; ++r) {
      a[r] = naive[r][f];
      b[r] = truncated[r][f];
      if (with_control) c[r] = control[r][f];
    }
    expect_accepted(stats::two_sample_anderson_darling(a, b), tag + " " + names[f]);
    if (with_control && f < 3)
      expect_rejected(stats::two_sample_anderson_darling(a, c), tag + " " + names[f] + " at 1.25 beta");
  }
}

// d = 3 at the critical scale beta = n/2 (gamma = 1/2, c = 1); d = 5 at gamma = 1.
INSTANTIATE_TEST_SUITE_P(Critical, TruncatedVsNaive, ::testing::Values(Case{3, 0.5}, Case{5, 1.0}),
                         [](const auto& test_case) { return label("d", test_case.param.d); });

}  // namespace
}  // namespace attnlaw::sample::testing
