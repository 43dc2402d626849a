// What a faster normal transform could buy the naive sampler with normalised normal keys (issue
// 18's 8 x NumPy target): the parts of its RNG floor, measured in one run, one thread.
// render_performance.py adds them up for a key of d = 3 (two Philox blocks, three normals) and
// compares with the NumPy peer and with the cylinder keys the sampler draws at d = 3 instead.
//   BM_PhiloxBlocks: word block 0 of 256 consecutive samples per call by normal_batch's own
//     widest path (rng::detail::block_uniforms_on); items are blocks (4 words, 2 uniforms).
//   BM_CandidateBoxMuller: a branch-free Box-Muller pair (log by rng::log_positive, cos and sin
//     of the turn by rng::detail::cos_sin_of_turn, the cylinder keys' own)
//     on 256 pairs of uniforms in L1, compiled for the CPU's widest vector unit; items are normals.
//   BM_CandidateZigguratFastPath: the fast path of a 256-layer ziggurat (Marsaglia and Tsang,
//     J. Stat. Softw. 5(8), 2000): layer from 8 bits, x = u x_i, accepted when x < x_{i+1}, two table
//     gathers a lane; the rejections (about 1%) are counted, not handled, so the time is a lower
//     bound on any ziggurat's; items are normals.
// The inversion the library uses is the batch itself: BM_NormalBatch/d:2 (rng_bench.cpp) less the
// Philox blocks. The normal candidates are measured here and nowhere used: they are the evidence
// for the choice of the keys' draw, not an alternative to it.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "verify/rng/log_positive.hpp"
#include "verify/rng/normal_batch.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/rng/two_sphere.hpp"

namespace {

using attnlaw::rng::detail::BatchIsa;

constexpr std::size_t kLanes = 256;
const attnlaw::rng::StreamKey kKey = attnlaw::rng::make_key(1, "rng.bench", "transform-candidates");

void BM_PhiloxBlocks(benchmark::State& state) {
  const BatchIsa isa = attnlaw::rng::detail::widest_batch_isa();
  std::vector<double> u(2 * kLanes);
  std::uint64_t first = 0;
  for (auto _ : state) {
    attnlaw::rng::detail::block_uniforms_on(isa, kKey, 0, first, kLanes, u.data());
    first += kLanes;
    benchmark::DoNotOptimize(u.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kLanes));
}

// 2 kLanes uniforms of the grid, from the library's Philox.
std::vector<double> uniforms() {
  std::vector<double> u(2 * kLanes);
  attnlaw::rng::detail::block_uniforms_on(BatchIsa::portable, kKey, 1, 0, kLanes, u.data());
  return u;
}

// ---------------------------------------------------------------- Box-Muller

[[gnu::always_inline]] inline void box_muller(double u_radius, double u_angle, double& first, double& second) {
  const double r = std::sqrt(-2 * attnlaw::rng::log_positive(u_radius));
  double c, s;
  attnlaw::rng::detail::cos_sin_of_turn(u_angle, c, s);
  first = r * c;
  second = r * s;
}

[[gnu::always_inline]] inline void pairs(const double* __restrict u, double* __restrict z) {
  for (std::size_t i = 0; i < kLanes; ++i) box_muller(u[i], u[kLanes + i], z[i], z[kLanes + i]);
}

__attribute__((target("avx512f"))) void box_muller_avx512(const double* u, double* z) { pairs(u, z); }
__attribute__((target("avx2"))) void box_muller_avx2(const double* u, double* z) { pairs(u, z); }
void box_muller_portable(const double* u, double* z) { pairs(u, z); }

void BM_CandidateBoxMuller(benchmark::State& state) {
  const std::vector<double> u = uniforms();
  std::vector<double> z(2 * kLanes);
  const BatchIsa isa = attnlaw::rng::detail::widest_batch_isa();
  for (auto _ : state) {
    if (isa == BatchIsa::avx512f)
      box_muller_avx512(u.data(), z.data());
    else if (isa == BatchIsa::avx2)
      box_muller_avx2(u.data(), z.data());
    else
      box_muller_portable(u.data(), z.data());
    benchmark::DoNotOptimize(z.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(2 * kLanes));
}

// ---------------------------------------------------------------- ziggurat fast path

// Layer edges x_0 > x_1 = r > ... > x_255 > x_256 = 0 of the 256-layer ziggurat of the half normal
// density f(x) = exp(-x^2 / 2), each layer of area v (Marsaglia and Tsang's r and v); x_0 = v / f(r)
// is the base strip's width, tail included.
struct ZigguratLayers {
  alignas(64) double edge[257];
  ZigguratLayers() {
    constexpr double r = 3.6541528853610088, v = 4.92867323399e-3;
    edge[0] = v / std::exp(-0.5 * r * r);
    edge[1] = r;
    for (int i = 1; i < 255; ++i)
      edge[i + 1] = std::sqrt(-2 * std::log(v / edge[i] + std::exp(-0.5 * edge[i] * edge[i])));
    edge[256] = 0;
  }
};

const ZigguratLayers kLayers;

[[gnu::always_inline]] inline std::size_t fast_path(const double* __restrict u, const std::uint32_t* __restrict bits,
                                                    double* __restrict z) {
  std::size_t rejected = 0;
  for (std::size_t i = 0; i < kLanes; ++i) {
    const std::uint32_t layer = bits[i] & 255u;
    const double x = u[i] * kLayers.edge[layer];
    rejected += x < kLayers.edge[layer + 1] ? 0u : 1u;
    z[i] = (bits[i] & 256u) ? -x : x;
  }
  return rejected;
}

__attribute__((target("avx512f"))) std::size_t fast_path_avx512(const double* u, const std::uint32_t* b, double* z) {
  return fast_path(u, b, z);
}
__attribute__((target("avx2"))) std::size_t fast_path_avx2(const double* u, const std::uint32_t* b, double* z) {
  return fast_path(u, b, z);
}
std::size_t fast_path_portable(const double* u, const std::uint32_t* b, double* z) { return fast_path(u, b, z); }

void BM_CandidateZigguratFastPath(benchmark::State& state) {
  const std::vector<double> u = uniforms();
  std::vector<std::uint32_t> bits(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) bits[i] = static_cast<std::uint32_t>(u[kLanes + i] * 0x1p32);
  std::vector<double> z(kLanes);
  const BatchIsa isa = attnlaw::rng::detail::widest_batch_isa();
  std::size_t rejected = 0;
  for (auto _ : state) {
    if (isa == BatchIsa::avx512f)
      rejected += fast_path_avx512(u.data(), bits.data(), z.data());
    else if (isa == BatchIsa::avx2)
      rejected += fast_path_avx2(u.data(), bits.data(), z.data());
    else
      rejected += fast_path_portable(u.data(), bits.data(), z.data());
    benchmark::DoNotOptimize(z.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kLanes));
  state.counters["rejected_fraction"] =
      static_cast<double>(rejected) / static_cast<double>(state.iterations() * kLanes);
}

}  // namespace

BENCHMARK(BM_PhiloxBlocks);
BENCHMARK(BM_CandidateBoxMuller);
BENCHMARK(BM_CandidateZigguratFastPath);
