// ST.rng.uniform: the uniform stream behind every sampler (THEORY.md §9). next_uniform is
// ((x >> 12) + 0.5) 2^-52, the midpoints of 2^52 equal cells, from one 64-bit Philox word pair.
// What the rest of the harness relies on, and what a cheaper or off-by-half mapping breaks:
//   - resolution: within any cell of width 2^-32 the draw is uniform (a 32-bit mapping puts it on
//     the cell's left edge), also in the extreme cells near 0 and near 1 where -log u and the
//     normal quantile read the low bits;
//   - the tails: P(u < 2^-j) = P(1 - u < 2^-j) = 2^-j exactly (cell boundaries), and the minimum
//     of K draws has the law 1 - (1 - t)^K;
//   - no draw is 0 or 1, so -log u, -log(1 - u) and Phi^{-1}(u) are finite for every word.
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "verify/harness/claim_spec.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::statistics {
namespace {

// Cells of width 2^-kCellBits; the offset of a draw inside its cell, 2^kCellBits u mod 1, is
// exact in double and, with a 52-bit grid, uniform on the 2^(52 - kCellBits) sub-cell midpoints.
constexpr int kCellBits = 32;
// The extreme cells: draws below 2^-kTailBits (or above 1 - 2^-kTailBits), read at the scale
// 2^-(kTailBits + kCellBits), where the grid leaves 2^(52 - 42) = 1024 sub-cells.
constexpr int kTailBits = 10;
constexpr std::size_t kBins = 64;  // bins of the offset: each holds 2^(52-42)/64 = 16 sub-cells exactly

double frac(double x) { return x - std::floor(x); }

// Counts of offsets in kBins equal bins; offsets lie in [0,1).
std::vector<std::uint64_t> bin_counts(const std::vector<double>& offsets) {
  std::vector<std::uint64_t> counts(kBins, 0);
  for (double v : offsets) ++counts[static_cast<std::size_t>(v * static_cast<double>(kBins))];
  return counts;
}

harness::Check offset_check(const std::vector<double>& offsets, std::string what) {
  const std::vector<double> probabilities(kBins, 1.0 / static_cast<double>(kBins));
  return harness::chi_square_check(stats::chi_square_gof(bin_counts(offsets), probabilities), std::move(what));
}

// A fixed word, for the extreme words of the mapping through the real transforms.
struct FixedWord {
  std::uint64_t word;
  std::uint64_t next_u64() noexcept { return word; }
  double next_uniform() noexcept { return rng::SampleSource::uniform_from_bits(word); }
};

// The model under test: how the harness draws a uniform from a stream.
using UniformDraw = double (*)(rng::SampleSource&);

double next_uniform(rng::SampleSource& source) { return source.next_uniform(); }

// Planted bug "uniform-biased-including-0": the common shortcut (x >> 32) 2^-32 of one 32-bit
// word: 32-bit resolution, 0 included and the mean low by half a grid step.
double uniform_from_high_word(rng::SampleSource& source) {
  return static_cast<double>(source.next_u64() >> 32) * 0x1.0p-32;
}

struct DrawsPoint {
  std::size_t draws;     // uniforms drawn from one stream
  std::size_t min_of;    // K, the draws of each minimum
  std::size_t min_reps;  // minima
  harness::Fields fields() const { return {{"draws", draws}, {"min_of", min_of}, {"min_reps", min_reps}}; }
};

harness::ExperimentResult draws_are_uniform(const DrawsPoint& p, UniformDraw uniform, const harness::PointContext& at) {
  const std::size_t draws = p.draws, min_of = p.min_of, min_reps = p.min_reps;
  const double tail = std::ldexp(1.0, -kTailBits);

  rng::SampleSource source(at.streams.key(), 0, 0);
  std::vector<double> offsets, low_offsets, high_offsets;
  offsets.reserve(draws);
  std::size_t outside = 0, infinite = 0;
  for (std::size_t i = 0; i < draws; ++i) {
    const double u = uniform(source);
    if (!(u > 0 && u < 1)) {
      ++outside;
      continue;
    }
    const double v = 1 - u;  // exact on the 2^-52 grid
    if (!std::isfinite(-std::log(u)) || !std::isfinite(-std::log(v)) || !std::isfinite(rng::normal_quantile(u)))
      ++infinite;
    offsets.push_back(frac(std::ldexp(u, kCellBits)));
    if (u < tail) low_offsets.push_back(frac(std::ldexp(u, kTailBits + kCellBits)));
    if (v < tail) high_offsets.push_back(frac(std::ldexp(v, kTailBits + kCellBits)));
  }

  harness::ExperimentResult out;
  out.checks.push_back(offset_check(
      offsets, fmt::format("offset 2^{} u mod 1 of {} draws inside cells of width 2^-{} is uniform ({} bins)",
                           kCellBits, draws, kCellBits, kBins)));
  const double p_tail = tail;
  for (const auto& [end, sub] : {std::pair{"0", &low_offsets}, std::pair{"1", &high_offsets}}) {
    const char* variable = *end == '0' ? "u" : "1 - u";
    out.checks.push_back(harness::proportion_check(
        stats::binomial_test(sub->size(), draws, p_tail),
        fmt::format("P({} < 2^-{}) = 2^-{} exactly (cell near {})", variable, kTailBits, kTailBits, end), p_tail, draws,
        0.2 * p_tail));
    out.checks.push_back(
        offset_check(*sub, fmt::format("near {}: offset 2^{} ({}) mod 1 of the draws with {} < 2^-{} is uniform", end,
                                       kTailBits + kCellBits, variable, variable, kTailBits)));
    out.checks.back().p_method += fmt::format(" over {} draws", sub->size());
  }

  // The minimum of K draws: P(min > t) = (1 - t)^K, PIT 1 - (1 - t)^K formed as -expm1(K log1p(-t)).
  const rng::StreamKey min_key = at.streams.key("minimum");
  std::vector<double> pit(min_reps);
  const double k = static_cast<double>(min_of);
  for (std::size_t r = 0; r < min_reps; ++r) {
    rng::SampleSource s(min_key, static_cast<std::uint32_t>(r), 0);
    double least = 1;
    for (std::size_t i = 0; i < min_of; ++i) least = std::min(least, uniform(s));
    pit[r] = -std::expm1(k * std::log1p(-least));
  }
  out.checks.push_back(harness::gof_check(
      stats::anderson_darling_test(pit),
      fmt::format("minimum of K = {} draws has the law 1 - (1 - t)^K ({} replicates, AD)", min_of, min_reps),
      min_reps));

  // Deterministic: no sampled draw is 0 or 1 and its transforms are finite; and the two extreme
  // words of the mapping stay inside (0,1) with finite Exp(1) and normal variates.
  std::size_t extreme_bad = 0;
  for (std::uint64_t word : {std::uint64_t{0}, ~std::uint64_t{0}}) {
    FixedWord w{word};
    const double u = w.next_uniform();
    FixedWord w2{word};
    FixedWord w3{word};
    extreme_bad += !(u > 0 && u < 1) || !std::isfinite(rng::exponential(w2)) || !std::isfinite(rng::normal(w3));
  }
  harness::Check c;
  c.test = "deterministic";
  c.target = fmt::format(
      "no draw is 0 or 1 and -log u, -log(1 - u), Phi^-1(u) are finite ({} draws and the words 0, "
      "2^64 - 1)",
      draws);
  c.statistic = static_cast<double>(outside + infinite + extreme_bad);
  c.p_method = fmt::format(
      "count of offending values ({} outside (0,1), {} infinite transforms, {} extreme words); "
      "pass iff 0",
      outside, infinite, extreme_bad);
  c.deterministic_holds = c.statistic == 0;
  out.checks.push_back(std::move(c));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> uniform_stream() {
  auto claim = std::make_unique<harness::ClaimSpec<UniformDraw>>(
      harness::ClaimInfo{
          "ST.rng.uniform", "ST", "THEORY.md §9 (own transforms: uniform double in (0,1))",
          "The uniform stream has 52-bit resolution (uniform inside every cell of width 2^-32, also in the extreme "
          "cells near 0 and 1), exact tail probabilities 2^-j and minimum law 1 - (1 - t)^K, and never returns 0 or "
          "1, so every transform is finite.",
          harness::Provenance::paper, "[prior] Salmon et al. 2011; mapping [derived]"},
      harness::ModelChoice<UniformDraw>{next_uniform, {{"uniform-biased-including-0", uniform_from_high_word}}});
  claim->experiment("draws",
                    harness::Grid<DrawsPoint>{.smoke = {{std::size_t{1} << 22, 4096, 10000}},
                                              .standard = {{std::size_t{1} << 24, 4096, 40000},
                                                           {std::size_t{1} << 24, std::size_t{1} << 20, 1000}},
                                              // Full: the standard points, twice the draws with four
                                              // times the minima of 4096, and minima of 2^22 draws,
                                              // which read the grid two bits deeper.
                                              .full = {{std::size_t{1} << 24, 4096, 40000},
                                                       {std::size_t{1} << 24, std::size_t{1} << 20, 1000},
                                                       {std::size_t{1} << 25, 4096, 160000},
                                                       {std::size_t{1} << 24, std::size_t{1} << 22, 400}}},
                    draws_are_uniform);
  return claim;
}

}  // namespace attnlaw::theory::statistics
