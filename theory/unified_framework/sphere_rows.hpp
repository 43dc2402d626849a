#pragma once
// Rows of n keys uniform on S^{d-1} seen through their gap-counting function (THEORY.md §2
// UF.family.sphere): the accumulation scale Lambda_n of a row from its K nearest keys (the SL
// top-K sampler), the limit of Lambda_n / n^{2/(d-1)} from the SL limit point process, and the
// weight functionals of whole rows in the critical window (the SL truncated sampler).
// Shared by UF.family.sphere and UF.exponent-fit.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/extreme_value/critical_scale.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::unified_framework {

// The sphere's critical scale as the sphere claims take it from the theory: the polynomial exponent
// 2/(d-1) of Lambda_n and of beta_c (THEORY.md §2 UF.family.sphere) and the scale n^{2/(d-1)}, from
// reference/extreme_value/critical_scale.hpp.
struct SphereScale {
  double (*exponent)(int d) = reference::sphere_critical_exponent;
  double (*scale)(int d, double n) = reference::sphere_critical_scale;
};

// Planted bug "sphere-exponent-2-over-d": the accumulation exponent taken as 2/d.
SphereScale sphere_scale_with_exponent_2_over_d();
// Planted bug "sphere-exponent-half-codimension": the accumulation exponent taken as (d-1)/2, the
// gap law's exponent m, in place of 2/(d-1) = 1/m (the two agree at d = 3).
SphereScale sphere_scale_with_exponent_half_codimension();

struct RowLambda {
  double lambda = 0;     // Lambda of the retained keys
  bool decided = false;  // whether it is the Lambda of all n keys
};

// Lambda of one row of n keys (score <q, k>, gap Delta = t - t_(1) with t = 1 - <q, k>) from its
// K nearest keys. Every omitted gap exceeds Delta_(K), where log N(t)/t <= log n / Delta_(K); so
// the retained maximum is the row's Lambda when it is at least log n / Delta_(K) (decided).
RowLambda sphere_row_lambda(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, std::uint64_t K);

// One draw of the limit of Lambda_n / n^{2/(d-1)}: Lambda of the gaps e_j - e_1 of the limit
// point process e_j = c Gamma_j^{2/(d-1)} at gamma = 1 (sample/sphere_ppp.hpp), with the process
// kept up to e_J - e_1 >= log_cutoff. Beyond it log k / (e_k - e_1) <= log k / log_cutoff, below
// the retained maximum unless that maximum is itself tiny (decided says whether it is not).
RowLambda sphere_limit_lambda(rng::StreamKey stream, std::uint32_t replicate, int d, double log_cutoff);

// Per row: the top weight a_(1), sum a^2, the partition function Z = sum e^{-beta Delta} (gaps
// from the nearest key), the entropy, a_(1) - a_(2) and beta Delta_(2) = -log(a_(2)/a_(1))
// (infinite for a row of one key). Rows from the truncated sampler, exact at every n.
struct WindowRows {
  std::vector<double> top, sum_sq, partition, entropy, top_two, log_ratio;
};
WindowRows sphere_window_rows(int d, double beta, std::uint64_t n, std::size_t reps, rng::StreamKey stream);

}  // namespace attnlaw::theory::unified_framework
