// Cost of the multi-head attention flow (issue MH speed target): one evaluation of the velocity
// field and one adaptive Dormand–Prince step (7 evaluations, FSAL: 6 new) at n = 32, 128, 512
// tokens, d = 16, H = 4 heads, S-type softmax on the sphere. Steps per second is the inverse of
// the per-step time. Read the numbers as ratios within one run (Debian's libbenchmark is a DEBUG
// build, the machine is shared).
#include <benchmark/benchmark.h>

#include "verify/dynamics/attention_flow.hpp"
#include "verify/dynamics/dormand_prince.hpp"
#include "verify/dynamics/initial_tokens.hpp"

namespace {

using namespace attnlaw::dynamics;
using Mat = Matrix<double>;

constexpr Eigen::Index kD = 16;
constexpr int kHeads = 4;

AttentionFlow<double> random_flow() {
  AttentionFlow<double> f;
  f.heads = random_symmetric_heads(kHeads, kD, attnlaw::rng::stream_key(1, {"bench", "heads"}), 0);
  f.beta = 1;
  return f;
}

State<double> random_state(Eigen::Index n) {
  return flatten<double>(uniform_tokens(n, kD, attnlaw::rng::stream_key(1, {"bench", "tokens"}), 0));
}

void BM_VelocityField(benchmark::State& state) {
  const AttentionFlow<double> f = random_flow();
  const State<double> y = random_state(state.range(0));
  State<double> dydt(y.size());
  for (auto _ : state) {
    f(0.0, y, dydt);
    benchmark::DoNotOptimize(dydt.data());
  }
  state.counters["evaluations_per_second"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_VelocityField)->Arg(32)->Arg(128)->Arg(512)->Unit(benchmark::kMicrosecond);

// 100 fixed-length steps (the tolerance never rejects them) per iteration, with the sphere's
// renormalisation after each: the cost of a step as a trajectory sees it.
void BM_DormandPrinceStep(benchmark::State& state) {
  const AttentionFlow<double> f = random_flow();
  const State<double> y0 = random_state(state.range(0));
  IntegrationOptions<double> o;
  o.tolerance = {1.0, 1.0};
  o.first_step = o.largest_step = 1e-3;
  o.project = [](State<double>& y) { renormalise_tokens<double>(y, kD); };
  constexpr int kSteps = 100;
  for (auto _ : state) {
    const auto r = integrate_dormand_prince<double>(f, y0, 0.0, kSteps * 1e-3, o);
    benchmark::DoNotOptimize(r.final_state.data());
  }
  state.counters["steps_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * kSteps, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DormandPrinceStep)->Arg(32)->Arg(128)->Arg(512)->Unit(benchmark::kMillisecond);

}  // namespace
