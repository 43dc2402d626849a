#pragma once
// The accumulation scale Lambda = sup_{k>=2} log k / Delta_(k) of one row of n i.i.d. scores of a
// Gumbel-domain family, exactly, at any n up to 1e12 and beyond.
//
// The K largest scores come from the Rényi representation (U_(k) = Gamma_k / Gamma_{n+1}).
// The top-K rule of verify/sample/score_rows.hpp (lambda_is_exact: Lambda_K >= log n / Delta_(K))
// leaves most Gumbel-domain rows undecided at large n (log n / Delta_(K) ~ log n / log K exceeds the
// median Lambda / h_n ~ 1.3 once n > K^{1.3}); each row is therefore extended by the exact partial
// sums Gamma_k at geometric checkpoints k_{j+1} = ceil(1.5 k_j) up to n (Gamma increments), which
// brackets Lambda exactly: at a checkpoint the ratio log k / Delta_(k) is known, and between two
// checkpoints a < k < b it is at most log(b - 1) / Delta_(a); blocks whose bound is not below the
// known maximum are refined by exact Gamma bridges until it is. Every row's Lambda is then exact.
#include <cstdint>

#include "reference/extreme_value/score_families.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::sample {

struct LambdaBracket {
  double lo = 0, hi = 0;       // Lambda lies in [lo, hi]; lo == hi once the refinement closes it
  bool top_k_decided = false;  // the lambda_is_exact rule on the K retained gaps alone
};

// Row `replicate` of `stream`: n scores of `family`, the K largest drawn first.
LambdaBracket gumbel_row_lambda(const reference::ScoreFamily& family, rng::StreamKey stream, std::uint32_t replicate,
                                std::uint64_t n, std::uint64_t K);

}  // namespace attnlaw::sample
