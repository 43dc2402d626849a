#pragma once
// Keys uniform on S^2 (d = 3): the score s = <q, k> is Uniform[-1, 1] (Archimedes), so the gaps
// t = 1 - s are 2 U with U uniform. The spacings of uniform order statistics are exchangeable,
// hence (Delta_(k+1))_{k<n} has the law of (2 U_(k))_{k<n}, the n - 1 smallest of n i.i.d.
// uniforms, and exactly N_n(x) - 1 = min(n - 1, Binomial(n, x/2)) [derived]. At x = t/n this is
// Binomial(n, t/(2n)) -> Poisson(t/2).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace attnlaw::reference {

// P(N_n(t/n) - 1 = m) for m < cells, and in the last entry P(N_n(t/n) - 1 >= cells) (the merged
// top value n - 1 included). Relative accuracy about (m + 2) * 4 eps per cell, tails included.
std::vector<double> sphere3_gap_count_pmf(std::uint64_t n, double t, std::size_t cells);

// P(N_n(t/n) - 1 >= k), k >= 1.
double sphere3_gap_count_tail(std::uint64_t n, double t, std::uint64_t k);

// E Z of the critical window beta = gamma n, mu = 2 gamma: Z = sum_i e^{-beta Delta_(i)} has
// E Z = 1 + n E e^{-mu n U} - E e^{-mu n U_(n)} = 1 + (1 - e^{-mu n})/mu up to O(n e^{-mu n}).
double sphere3_mean_partition(double mu, std::uint64_t n);

}  // namespace attnlaw::reference
