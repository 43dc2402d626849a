// Nanoseconds per draw of each transform, each draw through its own SampleSource
// (construct the sample's stream, draw), which is how Monte Carlo code uses them.
// Debian's libbenchmark is a DEBUG build: read the numbers relative to each other.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "verify/rng/beta.hpp"
#include "verify/rng/binomial.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/normal_batch.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/poisson.hpp"
#include "verify/rng/sphere.hpp"

namespace {

using attnlaw::rng::SampleSource;

const attnlaw::rng::StreamKey kKey = attnlaw::rng::make_key(1, "rng.bench", "draws");

template <class Draw>
void per_sample(benchmark::State& state, Draw draw) {
  std::uint64_t i = 0;
  for (auto _ : state) {
    SampleSource source(kKey, 0, i++);
    benchmark::DoNotOptimize(draw(source));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Uniform(benchmark::State& state) {
  per_sample(state, [](SampleSource& s) { return s.next_uniform(); });
}
void BM_Exponential(benchmark::State& state) {
  per_sample(state, [](SampleSource& s) { return attnlaw::rng::exponential(s); });
}
void BM_Normal(benchmark::State& state) {
  per_sample(state, [](SampleSource& s) { return attnlaw::rng::normal(s); });
}
void BM_Gamma(benchmark::State& state) {
  const attnlaw::rng::gamma_distribution<double> g(static_cast<double>(state.range(0)) / 10);
  per_sample(state, [&](SampleSource& s) { return g(s); });
}
void BM_Beta(benchmark::State& state) {
  const attnlaw::rng::beta_distribution<double> b(2, 3);
  per_sample(state, [&](SampleSource& s) { return b(s); });
}
void BM_BetaSmallShapes(benchmark::State& state) {
  const attnlaw::rng::beta_distribution<double> b(0.5, 0.5);
  per_sample(state, [&](SampleSource& s) { return b(s); });
}
void BM_BinomialSmallMean(benchmark::State& state) {
  const attnlaw::rng::binomial_distribution b(1'000'000, 5e-6);
  per_sample(state, [&](SampleSource& s) { return b(s); });
}
void BM_BinomialHuge(benchmark::State& state) {
  const attnlaw::rng::binomial_distribution b(1'000'000'000'000, 0.3);
  per_sample(state, [&](SampleSource& s) { return b(s); });
}
void BM_Poisson(benchmark::State& state) {
  const attnlaw::rng::poisson_distribution p(static_cast<double>(state.range(0)));
  per_sample(state, [&](SampleSource& s) { return p(s); });
}
void BM_Sphere(benchmark::State& state) {
  std::vector<double> x(static_cast<std::size_t>(state.range(0)));
  per_sample(state, [&](SampleSource& s) {
    attnlaw::rng::uniform_on_sphere(s, std::span<double>(x));
    return x[0];
  });
}
// d normals of each of 256 consecutive samples per call, as the naive sampler takes them; items are
// normals, so the time per item compares with BM_Normal's (one sample, one normal).
void BM_NormalBatch(benchmark::State& state) {
  constexpr std::size_t kCount = 256;
  const auto d = static_cast<std::size_t>(state.range(0));
  std::vector<double> out(kCount * d);
  std::uint64_t first = 0;
  for (auto _ : state) {
    attnlaw::rng::normal_batch(kKey, 0, first, kCount, d, out.data());
    first += kCount;
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kCount * d));
}
// Setup cost of the distribution objects, for callers whose parameters change per draw.
void BM_BinomialHugeWithSetup(benchmark::State& state) {
  per_sample(state, [](SampleSource& s) { return attnlaw::rng::binomial(s, 1'000'000'000'000, 0.3); });
}

}  // namespace

BENCHMARK(BM_Uniform);
BENCHMARK(BM_Exponential);
BENCHMARK(BM_Normal);
BENCHMARK(BM_NormalBatch)->Arg(1)->Arg(3)->Arg(64)->ArgName("d");
BENCHMARK(BM_Gamma)->Arg(5)->Arg(50)->ArgName("shape_x10");
BENCHMARK(BM_Beta);
BENCHMARK(BM_BetaSmallShapes);
BENCHMARK(BM_BinomialSmallMean);
BENCHMARK(BM_BinomialHuge);
BENCHMARK(BM_BinomialHugeWithSetup);
BENCHMARK(BM_Poisson)->Arg(5)->Arg(1'000'000)->ArgName("mean");
BENCHMARK(BM_Sphere)->Arg(3)->Arg(64)->ArgName("d");
