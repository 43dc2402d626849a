// The same reference evaluations in double and in mpfr_float_50, at the same arguments (each
// mpfr argument is the double one, converted exactly), so that the price of the 50-digit
// independent path reads as the ratio of the two rows. Four kinds of evaluation: Bessel-ratio
// continued fractions (vMF covariance), an inverted incomplete beta (sphere gap quantile), a
// quadrature (PD mean top weight) and a closed form through erfc_inv (Gaussian family scale).
// This file alone includes the *_mpfr.hpp headers: they stay out of every widely included header.
#include <benchmark/benchmark.h>

#include "reference/extreme_value/score_families.hpp"
#include "reference/extreme_value/score_families_mpfr.hpp"
#include "reference/numerics/mpfr_real.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet_mpfr.hpp"
#include "reference/sphere/sphere_score_law.hpp"
#include "reference/sphere/sphere_score_law_mpfr.hpp"
#include "reference/sphere/vmf_moments.hpp"
#include "reference/sphere/vmf_moments_mpfr.hpp"

namespace {

namespace ref = attnlaw::reference;
using ref::mpfr_float_50;

// One reference evaluation per iteration, its result kept from the optimiser.
template <class Evaluate>
void time_reference(benchmark::State& state, Evaluate evaluate) {
  for (auto _ : state) {
    auto value = evaluate();
    benchmark::DoNotOptimize(value);
  }
}

// d = 16, beta = 100: the sub-critical window's output covariance, two tilts.
template <class Real>
void BM_RefSubcriticalCovariance(benchmark::State& state) {
  time_reference(state, [beta = Real(100.0)] { return ref::subcritical_covariance<Real>(16, beta); });
}

// d = 5, p = 0.3: a gap quantile, root of the regularised incomplete beta.
template <class Real>
void BM_RefGapQuantile(benchmark::State& state) {
  time_reference(state, [p = Real(0.3)] { return ref::gap_quantile<Real>(5, p); });
}

// alpha = 0.5: E V_1 of PD(1/2, 0), an integral over the half line.
template <class Real>
void BM_RefPdMeanTopWeight(benchmark::State& state) {
  time_reference(state, [alpha = Real(0.5)] { return ref::pd_mean_top_weight<Real>(alpha); });
}

// n = 10^6: the Gaussian b_n and h_n.
template <class Real>
void BM_RefGaussianFamilyScale(benchmark::State& state) {
  const ref::ScoreFamily gaussian{ref::ScoreFamily::Kind::gaussian, 1};
  time_reference(state, [gaussian, n = Real(1e6)] { return ref::family_scale<Real>(gaussian, n); });
}

BENCHMARK_TEMPLATE(BM_RefSubcriticalCovariance, double)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefSubcriticalCovariance, mpfr_float_50)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefGapQuantile, double)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefGapQuantile, mpfr_float_50)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefPdMeanTopWeight, double)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefPdMeanTopWeight, mpfr_float_50)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefGaussianFamilyScale, double)->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(BM_RefGaussianFamilyScale, mpfr_float_50)->Unit(benchmark::kMicrosecond);

}  // namespace
