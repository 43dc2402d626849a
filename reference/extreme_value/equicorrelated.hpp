#pragma once
// Equicorrelated rows: score 1 for the query's own
// key and rho for the other n - 1. Exact at every n; computed with expm1/log1p so that
// q = e^{-beta (1 - rho)} far below epsilon and Z near 1 keep full relative accuracy.
#include <cstdint>

namespace attnlaw::reference {

template <class Real>
struct EquicorrelatedRow {
  Real lambda;              // Lambda_n = log n / (1 - rho)
  Real contact_gap;         // 1 - rho
  Real log_partition;       // log Z, Z = 1 + (n - 1) q
  Real top_weight;          // a_self = 1 / Z
  Real other_weight;        // q / Z
  Real top_two_difference;  // D = (1 - q) / Z
  Real entropy;             // H = log Z + (n - 1) beta (1 - rho) q / Z
};

// n >= 2, 0 < rho < 1, beta >= 0 (std::invalid_argument otherwise).
template <class Real>
EquicorrelatedRow<Real> equicorrelated_row(std::uint64_t n, Real rho, Real beta);

// The limit cosine of two outputs after one attention layer with residual weight a = alpha sqrt(q0)
// (Chen–Lin–Polyanskiy–Rigollet, arXiv:2510.05554, as restated in
// theory/unified_framework/THEORY.md §2), at beta = gamma log n: below gamma_c = 1/(1 - rho), at
// it, and above it.
template <class Real>
Real equicorrelated_limit_cosine(Real rho, Real a, Real gamma);

}  // namespace attnlaw::reference
