// Cost of one Gaussian score row with K = 1000 retained (theory/unified_framework/THEORY.md §3):
// the exact top-K Rényi sampler at n = 1e3 .. 1e12 against drawing the full row of n scores and
// selecting its top K (n = 1e3 .. 1e7); and the cost of the bulk correction (closed form for Gaussian,
// quadrature for Weibull). Read the numbers as ratios within one run (Debian's libbenchmark is a
// DEBUG build, the machine is shared).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <functional>

#include "verify/sample/score_rows.hpp"

namespace {

using namespace attnlaw;
using Family = reference::ScoreFamily;

constexpr std::uint64_t kK = 1000;
const rng::StreamKey kKey = rng::make_key(1, "sample.bench", "score_rows");
const Family kGaussian{Family::Kind::gaussian, 1};

// The exact top-K sampler against n = 10^3 .. 10^12 by decades (range(0) = n; K = n at 10^3, the
// full sorted row by the same route).
void BM_GaussianTopK(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  std::uint32_t replicate = 0;
  for (auto _ : state) {
    const auto row = sample::sample_top_gaps(kGaussian, kKey, replicate++, n, kK);
    benchmark::DoNotOptimize(row.gaps.back());
  }
}
BENCHMARK(BM_GaussianTopK)
    ->RangeMultiplier(10)
    ->Range(1000, 1'000'000'000'000)
    ->ArgName("n")
    ->Unit(benchmark::kMicrosecond);

// Drawing all n scores and selecting the top K, at the same n up to 10^7 (80 MB of doubles; 10^8
// would be 0.8 GB and about a second a row), so that full row / top-K reads at equal n.
void BM_GaussianFullRowTopK(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  std::uint32_t replicate = 0;
  for (auto _ : state) {
    auto row = sample::sample_full_row(kGaussian, kKey, replicate++, n);
    std::nth_element(row.begin(), row.begin() + kK - 1, row.end(), std::greater<>());
    std::sort(row.begin(), row.begin() + kK, std::greater<>());
    benchmark::DoNotOptimize(row[kK - 1]);
  }
}
BENCHMARK(BM_GaussianFullRowTopK)
    ->RangeMultiplier(10)
    ->Range(1000, 10'000'000)
    ->ArgName("n")
    ->Unit(benchmark::kMillisecond);

void BM_BulkLogMass(benchmark::State& state) {
  const Family family = state.range(0) == 0 ? kGaussian : Family{Family::Kind::weibull, 1.5};
  const auto row = sample::sample_top_gaps(family, kKey, 0, 1'000'000, kK);
  double beta = 2;
  for (auto _ : state) {
    benchmark::DoNotOptimize(sample::bulk_log_mass(family, row, beta));
    beta += 1e-6;
  }
}
BENCHMARK(BM_BulkLogMass)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
