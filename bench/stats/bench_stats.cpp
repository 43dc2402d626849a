// Costs of the null laws and tests at the sizes the batteries use.
#include <cmath>
#include <vector>

#include <benchmark/benchmark.h>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/null/kolmogorov_smirnov.hpp"
#include "verify/stats/two_sample.hpp"

namespace st = attnlaw::stats;
namespace rng = attnlaw::rng;

namespace {

std::vector<double> uniforms(std::size_t m, std::uint32_t rep) {
  const auto key = rng::make_key(1u, "bench", "stats");
  std::vector<double> u(m);
  for (std::size_t i = 0; i < m; ++i) u[i] = rng::SampleSource(key, rep, i).next_uniform();
  return u;
}

// d at the 5% point of the limit law: the bulk, where the Durbin matrix route is taken.
void BM_ks_two_sided_sf_bulk(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const double d = 1.358 / std::sqrt(static_cast<double>(n));
  for (auto _ : state) benchmark::DoNotOptimize(st::ks_two_sided_sf(n, d));
}
BENCHMARK(BM_ks_two_sided_sf_bulk)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

// d with p ~ 1e-6: the far tail, one-sided doubling.
void BM_ks_two_sided_sf_tail(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const double d = 2.7 / std::sqrt(static_cast<double>(n));
  for (auto _ : state) benchmark::DoNotOptimize(st::ks_two_sided_sf(n, d));
}
BENCHMARK(BM_ks_two_sided_sf_tail)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void BM_anderson_darling_test(benchmark::State& state) {
  const auto u = uniforms(static_cast<std::size_t>(state.range(0)), 0);
  for (auto _ : state) benchmark::DoNotOptimize(st::anderson_darling_test(u));  // copies and sorts
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_anderson_darling_test)->Arg(10000)->Arg(1000000)->Unit(benchmark::kMillisecond);

void BM_chi_square_gof(benchmark::State& state) {
  const auto cells = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint64_t> counts(cells);
  const auto u = uniforms(100 * cells, 1);
  for (double v : u) ++counts[static_cast<std::size_t>(v * static_cast<double>(cells))];
  const std::vector<double> p(cells, 1.0 / static_cast<double>(cells));
  for (auto _ : state) benchmark::DoNotOptimize(st::chi_square_gof(counts, p));
}
BENCHMARK(BM_chi_square_gof)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);

void BM_two_sample_anderson_darling(benchmark::State& state) {
  const auto m = static_cast<std::size_t>(state.range(0));
  const auto x = uniforms(m, 2), y = uniforms(m, 3);
  for (auto _ : state) benchmark::DoNotOptimize(st::two_sample_anderson_darling(x, y));
}
BENCHMARK(BM_two_sample_anderson_darling)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
