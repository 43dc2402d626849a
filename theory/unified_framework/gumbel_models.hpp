#pragma once
// The pieces of the UF claims' models that several claims share: the sampler of the top-K scores
// of a row and the parameter at which a claim evaluates its Poisson–Dirichlet references, each
// with the planted bugs registered beside the claims that use them.
#include <cstdint>

#include "reference/extreme_value/score_families.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/sample/score_rows.hpp"

namespace attnlaw::theory::unified_framework {

// Draws the top K of n i.i.d. scores of a family (sample::sample_top_gaps is the exact one).
using TopGapsSampler = sample::TopGaps (*)(const reference::ScoreFamily& family, rng::StreamKey stream,
                                           std::uint32_t replicate, std::uint64_t n, std::uint64_t K);

// Planted bug "order-statistics-off-by-one": the k-th score read from U_(k+1), so the top score
// is dropped and every gap is measured from the runner-up. Gumbel families only: uniform rows are
// drawn exactly. Built on the exact sampler's top min(n, K + 1).
sample::TopGaps top_gaps_from_runner_up(const reference::ScoreFamily& family, rng::StreamKey stream,
                                        std::uint32_t replicate, std::uint64_t n, std::uint64_t K);

// The alpha at which a claim evaluates its PD(alpha, 0) references, given the alpha of its window.
using PdParameter = double (*)(double alpha);

inline double pd_parameter_exact(double alpha) { return alpha; }

// Planted bug "pd-alpha-plus-0.05": every PD reference evaluated at alpha + 0.05 (or, when that
// leaves (0, 1), at the midpoint of alpha and 1): a critical window off by 5% in alpha = h_n / beta.
inline double pd_parameter_plus_0_05(double alpha) { return alpha + 0.05 < 1 ? alpha + 0.05 : (alpha + 1) / 2; }

}  // namespace attnlaw::theory::unified_framework
