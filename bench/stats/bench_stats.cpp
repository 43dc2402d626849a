// Costs of the null laws and tests at sample sizes M = 10^3 .. 10^6 by decades (the KS null
// law also at M = 100, as before). Where a null law is exact only up to some M, the benchmark times
// what the code does at that M, and the label names the route it took (the p_method).
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
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

// The null law's survival function at d = z / sqrt(n), labelled with the route it takes.
void ks_null_law_at(benchmark::State& state, double z) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const double d = z / std::sqrt(static_cast<double>(n));
  for (auto _ : state) benchmark::DoNotOptimize(st::ks_two_sided_sf(n, d));
  state.SetLabel(st::ks_two_sided_method(n, d));
}

// d at the 5% point of the limit law: the bulk, where the Durbin matrix route is taken.
void BM_ks_two_sided_sf_bulk(benchmark::State& state) { ks_null_law_at(state, 1.358); }
// d with p ~ 1e-6: the far tail, one-sided doubling.
void BM_ks_two_sided_sf_tail(benchmark::State& state) { ks_null_law_at(state, 2.7); }
// n = 100 (the small-sample route) and the decades 10^3 .. 10^6.
void small_and_decades(benchmark::internal::Benchmark* b) {
  b->Arg(100)->RangeMultiplier(10)->Range(1000, 1'000'000)->Unit(benchmark::kMicrosecond);
}
BENCHMARK(BM_ks_two_sided_sf_bulk)->Apply(small_and_decades);
BENCHMARK(BM_ks_two_sided_sf_tail)->Apply(small_and_decades);

// The whole test on M uniforms: copy, sort, D_M and its null law at the observed D_M.
void BM_ks_test(benchmark::State& state) {
  const auto u = uniforms(static_cast<std::size_t>(state.range(0)), 4);
  std::string method;
  for (auto _ : state) {
    auto r = st::ks_test(u);
    benchmark::DoNotOptimize(r.p_value);
    method = std::move(r.p_method);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetLabel(method);
}
BENCHMARK(BM_ks_test)->RangeMultiplier(10)->Range(1000, 1'000'000)->Unit(benchmark::kMillisecond);

void BM_anderson_darling_test(benchmark::State& state) {
  const auto u = uniforms(static_cast<std::size_t>(state.range(0)), 0);
  std::string method;
  for (auto _ : state) {
    auto r = st::anderson_darling_test(u);  // copies and sorts
    benchmark::DoNotOptimize(r.p_value);
    method = std::move(r.p_method);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetLabel(method);
}
BENCHMARK(BM_anderson_darling_test)->RangeMultiplier(10)->Range(1000, 1'000'000)->Unit(benchmark::kMillisecond);

// M observations in M/100 equiprobable cells, 100 expected in each (the ratio this benchmark had
// when its argument was the cell count), so the test's cost, which is in the cells, grows with M;
// the binning is outside the timing.
void BM_chi_square_gof(benchmark::State& state) {
  const auto m = static_cast<std::size_t>(state.range(0));
  const std::size_t cells = m / 100;
  std::vector<std::uint64_t> counts(cells);
  for (double v : uniforms(m, 1)) ++counts[static_cast<std::size_t>(v * static_cast<double>(cells))];
  const std::vector<double> p(cells, 1.0 / static_cast<double>(cells));
  for (auto _ : state) benchmark::DoNotOptimize(st::chi_square_gof(counts, p));
  state.counters["cells"] = static_cast<double>(cells);
}
BENCHMARK(BM_chi_square_gof)->RangeMultiplier(10)->Range(1000, 1'000'000)->ArgName("M")->Unit(benchmark::kMicrosecond);

void BM_two_sample_anderson_darling(benchmark::State& state) {
  const auto m = static_cast<std::size_t>(state.range(0));
  const auto x = uniforms(m, 2), y = uniforms(m, 3);
  std::string method;
  for (auto _ : state) {
    auto r = st::two_sample_anderson_darling(x, y);
    benchmark::DoNotOptimize(r.p_value);
    method = std::move(r.p_method);
  }
  state.SetLabel(method);
}
// M = size of each sample.
BENCHMARK(BM_two_sample_anderson_darling)->RangeMultiplier(10)->Range(1000, 1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
