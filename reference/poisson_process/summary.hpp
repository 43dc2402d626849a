#pragma once

// One entry point per regime for the command-line program: the critical limit of the ordered
// weights and outputs for keys uniform on S^{d-1}, and its exact finite-n counterpart.
// Computed in double; precision and provenance are those of the functions named in summary.cpp.

#include <cstdint>
#include <utility>
#include <vector>

namespace attnlaw::reference {

struct CriticalSummary {
  double c;                // lambda_n: the critical constant c = gamma A_d^{-2/(d-1)}
  double mean_top;         // E W_1 (finite n: E w_(1))
  double p_top_ge_half;    // P(W_1 >= 1/2)
  double mean_sum_sq;      // E sum_j W_j^2
  double mean_energy;      // E sum_j W_j c Gamma_j^p (finite n: E beta_n (1 - <q, ybar>))
  double mean_tangential;  // E sum_j W_j^2 (Gamma_j/kappa_d)^{2/(d-1)} (finite n: E n^{2/(d-1)} |P_perp ybar|^2)
  std::vector<std::pair<double, double>> cdf_top;  // (w, P(W_1 <= w)), w = 0.05, 0.10, ..., 0.95
};

// The limit at beta_n = gamma n^{2/(d-1)}, n -> infinity. d = 3 uses the exact generalised-Dickman
// forms; other d the Mecke quadratures and, for cdf_top, Laplace inversion (pass
// with_cdf = false to skip the latter, the slow part for d != 3).
CriticalSummary sphere_critical_limit(int d, double gamma, bool with_cdf = true);

// The exact law at n keys, beta = gamma n^{2/(d-1)}. Every field is exact at n (no field is
// approximated by its limit); c is reported as the limit constant for reference.
CriticalSummary sphere_critical_finite_n(int d, double gamma, std::uint64_t n, bool with_cdf = true);
// Its mean_top alone, at a fraction of the cost (for root-finding in gamma).
double sphere_critical_finite_n_mean_top(int d, double gamma, std::uint64_t n);

struct SupercriticalSummary {
  double p;
  double fG0;
  double mean_gap_limit;
};

SupercriticalSummary sphere_supercritical_constants(int d);

}  // namespace attnlaw::reference
