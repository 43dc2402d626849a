// Cost of one Gaussian score row with K = 1000 retained (theory/unified_framework/THEORY.md §3):
// the exact top-K Rényi sampler at n = 1e6 and 1e12 against drawing the full row of n = 1e6 scores
// and selecting its top K; and the cost of the bulk correction (closed form for Gaussian,
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

void BM_GaussianTopK(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0)) * 1'000'000;  // range in millions
  std::uint32_t replicate = 0;
  for (auto _ : state) {
    const auto row = sample::sample_top_gaps(kGaussian, kKey, replicate++, n, kK);
    benchmark::DoNotOptimize(row.gaps.back());
  }
}
BENCHMARK(BM_GaussianTopK)->Arg(1)->Arg(1'000'000)->Unit(benchmark::kMicrosecond);

void BM_GaussianFullRowTopK(benchmark::State& state) {
  std::uint32_t replicate = 0;
  for (auto _ : state) {
    auto row = sample::sample_full_row(kGaussian, kKey, replicate++, 1'000'000);
    std::nth_element(row.begin(), row.begin() + kK - 1, row.end(), std::greater<>());
    std::sort(row.begin(), row.begin() + kK, std::greater<>());
    benchmark::DoNotOptimize(row[kK - 1]);
  }
}
BENCHMARK(BM_GaussianFullRowTopK)->Unit(benchmark::kMillisecond);

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
