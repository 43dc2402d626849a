#pragma once
// Rows of i.i.d. scores from the families of reference/extreme_value/score_families.hpp, as the gaps
// Delta = s* - s that every row statistic needs (theory/unified_framework/THEORY.md §3).
//
// Top-K (any n up to 2^53, cost O(K)): the Rényi representation gives the K largest of n i.i.d.
// scores exactly: Gamma_1..Gamma_K partial sums of Exp(1), Gamma_{n+1} = Gamma_K + Gamma(n+1-K),
// U_(k) = Gamma_k / Gamma_{n+1} the k-th smallest upper-tail probability, s_(k) = Fbar^{-1}(U_(k)).
// Each family's gaps are formed without cancellation: exponential Delta_(k) = M_{k-1} from the
// spacings; gaussian from the difference of erfc-based quantiles of the small tails U_(k);
// log2 as (E_(1) - E_(k)) / (E_(1) E_(k)) with E_(k) = -log U_(k) (§4 there).
// The omitted n - K scores are i.i.d. F conditioned on s < s_(K); bulk_log_mass gives the
// exact conditional expectation of their contribution to Z: the bulk correction of §3 there.
//
// Sample indices (index_space.hpp): region score_top_k, offset 0 the E_i and 1 the Gamma(n+1-K)
// variate (uniform_order_statistics.hpp), offset 2 the Gamma(K) variate of the exponential
// threshold; region score_full_row, score j is sample j; region pd_weights, offset 0 the E_i.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::sample {

struct TopGaps {
  std::uint64_t n = 0;
  std::vector<double> gaps;    // Delta_(1) = 0 <= Delta_(2) <= ... <= Delta_(K), K = gaps.size()
  double top_score = 0;        // s_(1)
  double threshold_score = 0;  // s_(K): every omitted score lies below it
};

// 1 <= K <= n <= 2^53. K = n gives the full sorted row.
TopGaps sample_top_gaps(const reference::ScoreFamily& family, rng::StreamKey stream, std::uint32_t replicate,
                        std::uint64_t n, std::uint64_t K);

// log of E[ sum_{omitted j} e^{-beta Delta_j} | the top K ] = log( (n-K) E[e^{-beta (s_(1) - s)} | s < s_(K)] );
// -inf when K = n. Closed form for exponential, gaussian (via log Phi) and uniform; quadrature otherwise.
double bulk_log_mass(const reference::ScoreFamily& family, const TopGaps& row, double beta);

// log T(y, beta), T = E[e^{-beta (y - s)} | s < y] for one score s of the family, beta >= 0 and y
// inside the support: the factor of bulk_log_mass that depends on the law (closed form for
// exponential, gaussian and uniform, quadrature for weibull and log2).
double log_conditional_tilt(const reference::ScoreFamily& family, double y, double beta);

// The same for every family by double-exponential quadrature (Boost.Math tanh-sinh / exp-sinh,
// relative tolerance 1e-13) of the score density on both sides of the integrand's mode: what
// log_conditional_tilt uses for weibull and log2, and what the closed forms are tested against.
double log_conditional_tilt_quadrature(const reference::ScoreFamily& family, double y, double beta);

// Whether the row's Lambda computed from the K retained gaps is the Lambda of the whole row:
// every omitted gap exceeds Delta_(K), so log N(t)/t <= log n / Delta_(K) beyond it.
bool lambda_is_exact(const TopGaps& row, double lambda_of_retained);

// The n scores of one row, unsorted, in sample order (for the deterministic claims, the
// diagnose tests and the naive-vs-top-K agreement tests). n <= 2^27.
std::vector<double> sample_full_row(const reference::ScoreFamily& family, rng::StreamKey stream,
                                    std::uint32_t replicate, std::uint64_t n);

// Ranked PD(alpha, 0) weights V_1 >= ... >= V_K from Gamma_j^{-1/alpha}, with the expected tail
// Gamma_K^{1 - 1/alpha} / (1/alpha - 1) added to the normaliser (theory/unified_framework/THEORY.md §3).
std::vector<double> sample_pd_weights(double alpha, rng::StreamKey stream, std::uint32_t replicate, std::size_t K);

}  // namespace attnlaw::sample
