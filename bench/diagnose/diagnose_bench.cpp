// The kernel of `attnlaw diagnose` on 2048 rows of 4096 float32 logits (the size of the issue's
// NumPy comparison): the partial-selection scan against the reference path that sorts every row,
// both on one thread, and the scan on 2 threads. Rows: Gaussian logits of standard deviation 3 (a
// top that stands out, the usual case), and uniform ones (flat rows: the scan has to sort more).
// Debian's libbenchmark is a DEBUG build: read the numbers relative to each other.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <cstdint>
#include <span>
#include <vector>

#include "verify/attention/row_statistics.hpp"
#include "verify/diagnose/row_kernel.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"

namespace {

using attnlaw::attention::RowStatistics;

constexpr std::size_t kRows = 2048;
constexpr std::size_t kKeys = 4096;

const std::vector<float>& block(bool flat) {
  static const auto make = [](bool uniform) {
    const auto key = attnlaw::rng::make_key(20261203, "bench.diagnose", uniform ? "uniform" : "gaussian");
    std::vector<float> v(kRows * kKeys);
    for (std::size_t r = 0; r < kRows; ++r) {
      attnlaw::rng::SampleSource source(key, static_cast<std::uint32_t>(r), 0);
      for (std::size_t j = 0; j < kKeys; ++j)
        v[r * kKeys + j] = static_cast<float>(uniform ? source.next_uniform() : 3 * attnlaw::rng::normal(source));
    }
    return v;
  };
  static const std::vector<float> gaussian = make(false), uniform = make(true);
  return flat ? uniform : gaussian;
}

void BM_DiagnoseRowsScan(benchmark::State& state) {
  const std::vector<float>& v = block(state.range(0) == 1);
  omp_set_num_threads(static_cast<int>(state.range(1)));
  std::vector<RowStatistics<double>> out(kRows);
  for (auto _ : state) {
    attnlaw::diagnose::diagnose_rows(std::span<const float>(v), kKeys, 1.0, std::span<RowStatistics<double>>(out));
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRows));
}

void BM_DiagnoseRowsFullSort(benchmark::State& state) {
  const std::vector<float>& v = block(state.range(0) == 1);
  std::vector<double> row(kKeys);
  std::vector<RowStatistics<double>> out(kRows);
  for (auto _ : state) {
    for (std::size_t r = 0; r < kRows; ++r) {
      for (std::size_t j = 0; j < kKeys; ++j) row[j] = v[r * kKeys + j];
      out[r] = attnlaw::attention::row_statistics(attnlaw::attention::gap_profile(std::span<const double>(row)), 1.0);
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRows));
}

}  // namespace

// range(0): 0 Gaussian rows, 1 uniform rows; range(1): threads.
BENCHMARK(BM_DiagnoseRowsScan)->ArgsProduct({{0, 1}, {1, 2}})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DiagnoseRowsFullSort)->Args({0})->Args({1})->Unit(benchmark::kMillisecond)->UseRealTime();
