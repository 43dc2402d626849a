#pragma once
// Multiplicity: family-wise control across checks, and combination of dependent p-values.
#include <span>
#include <vector>

namespace attnlaw::stats {

// Holm (1979) step-down adjusted p-values, in the input order:
// p~_(k) = max_{j<=k} min(1, (m-j+1) p_(j)). Valid under any dependence.
std::vector<double> holm_adjust(std::span<const double> p);

// Cauchy combination test (Liu & Xie 2020, JASA 115): T = sum w_i tan((1/2 - p_i) pi),
// p = 1/2 - arctan(T)/pi. Valid for arbitrarily dependent p-values in the tail. Weights must be
// >= 0 with a positive sum and are normalised to sum 1. tan((1/2 - p) pi) is evaluated as
// cot(pi p) and the result as arctan(1/T)/pi for T > 0, so p-values near 0 keep their digits.
// Any p_i = 0 with positive weight gives 0.
double cauchy_combination(std::span<const double> p, std::span<const double> weights);

}  // namespace attnlaw::stats
