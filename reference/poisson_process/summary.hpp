#pragma once

// One entry point per regime for the command-line program: the critical limit of the ordered
// weights and outputs for keys uniform on S^{d-1}, and its exact finite-n counterpart.
// Computed in double; precision and provenance are those of the functions named in summary.cpp.

#include <cstdint>
#include <utility>
#include <vector>

namespace attnlaw::reference {

// Error bounds of the fields of CriticalSummary (absolute; cdf_top: the largest over its points).
// Zero when not computed (with_errors = false).
struct CriticalErrors {
  double mean_top = 0;
  double p_top_ge_half = 0;
  double mean_sum_sq = 0;
  double mean_energy = 0;
  double mean_tangential = 0;
  double cdf_top = 0;
};

struct CriticalSummary {
  double c;                // lambda_n: the critical constant c = gamma A_d^{-2/(d-1)}
  double mean_top;         // E W_1 (finite n: E w_(1))
  double p_top_ge_half;    // P(W_1 >= 1/2)
  double mean_sum_sq;      // E sum_j W_j^2
  double mean_energy;      // E sum_j W_j c Gamma_j^p (finite n: E beta_n (1 - <q, ybar>))
  double mean_tangential;  // E sum_j W_j^2 (Gamma_j/kappa_d)^{2/(d-1)} (finite n: E n^{2/(d-1)} |P_perp ybar|^2)
  std::vector<std::pair<double, double>> cdf_top;  // (w, P(W_1 <= w)), w = 0.05 i, i = 1, ..., 19
  CriticalErrors error;                            // with_errors only
  const char* method = "";                         // the route taken
};

// The domain of both entry points below: 2 <= d <= 64, 1e-3 <= gamma <= 1e3, and for the finite-n
// law 2 <= n <= 1e12; outside it both throw reference::OutOfDomain (numerics/domain.hpp) naming the
// argument. Inside it, with with_errors, every field carries an error bound (the change under a
// doubled resolution of every quadrature, plus the Laplace inversion's own bound, plus rounding;
// the exact routes' own estimates), the computation costs two to four times as much, and a bound
// above the stated accuracy (1e-4 absolute on E w_(1), P(w_(1) >= 1/2), E sum w^2 and the CDF,
// 1e-4 relative on the energy and tangential means) throws OutOfDomain too: the refusal is decided
// case by case by the computation itself. So does (with or without errors) a case whose keys that
// share the weight number so many (~e^{30}: large d, small gamma) that their bulk lies beyond the
// quadratures' reach, where both resolutions miss it alike (require_bulk_within_reach in
// summary.cpp, measured against the law of large numbers of those keys). Routes: n = 2 the exact two-key law (a
// two-dimensional quadrature; the Laplace route cannot follow the kinks of one key's law there); d = 3 limit the
// generalised Dickman law; otherwise the Mecke quadratures with Euler inversion. On the audit grid
// (d in {2, 3, 5, 16, 64}, gamma in {1e-3, 0.1, 1, 10, 1e3}, the limit and n in {2, 1e3, 1e12})
// the answered cases agree with `attnlaw simulate sphere` (1e5 replicates, exact truncated
// sampler) within their error bound plus 3 standard errors (the largest: 2.5 standard errors) and with the closed forms
// at d = 3, n = 2 within their bounds (tests/unit/reference_critical). Every answer is finite, has probabilities in [0,
// 1] and a non-decreasing CDF (values moved there by at most their bound; without errors, the claims' fast path, by at
// most 1e-4).
CriticalSummary sphere_critical_limit(int d, double gamma, bool with_cdf = true, bool with_errors = false);

// The exact law at n keys, beta = gamma n^{2/(d-1)}. Every field is exact at n (no field is
// approximated by its limit); c is reported as the limit constant for reference.
CriticalSummary sphere_critical_finite_n(int d, double gamma, std::uint64_t n, bool with_cdf = true,
                                         bool with_errors = false);
// Its mean_top alone, at a fraction of the cost (for root-finding in gamma).
double sphere_critical_finite_n_mean_top(int d, double gamma, std::uint64_t n);

// P(w_(1) <= w) at points chosen by the caller (`attnlaw reference sphere-critical --at`, and
// the bisections of --quantile), by the route the summaries take at (d, gamma, n), always with
// its error bound (the largest over the points; at most the stated 1e-4, or OutOfDomain). The
// points must lie in (0, 1) (else OutOfDomain naming "at"); they come back sorted, each once,
// projected to a non-decreasing CDF in [0, 1] as cdf_top is.
struct TopWeightCdf {
  std::vector<std::pair<double, double>> cdf;  // (w, P(w_(1) <= w))
  double error = 0;
  const char* method = "";
};

TopWeightCdf sphere_critical_limit_cdf(int d, double gamma, const std::vector<double>& w);
TopWeightCdf sphere_critical_finite_n_cdf(int d, double gamma, std::uint64_t n, const std::vector<double>& w);

struct SupercriticalSummary {
  double p;
  double fG0;
  double mean_gap_limit;
};

SupercriticalSummary sphere_supercritical_constants(int d);

}  // namespace attnlaw::reference
