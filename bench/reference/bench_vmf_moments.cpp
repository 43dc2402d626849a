// Cost of the double subcritical covariance (two tilt evaluations: continued fraction plus series
// or Debye expansion) across dimensions and temperatures.
#include <benchmark/benchmark.h>

#include "reference/sphere/vmf_moments.hpp"

namespace {

void BM_SubcriticalCovariance(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  const double beta = static_cast<double>(state.range(1));
  for (auto _ : state) {
    auto c = attnlaw::reference::subcritical_covariance<double>(d, beta);
    benchmark::DoNotOptimize(c);
  }
}

BENCHMARK(BM_SubcriticalCovariance)->ArgsProduct({{3, 64, 4096}, {1, 1000, 1000000}})->ArgNames({"d", "beta"});

}  // namespace
