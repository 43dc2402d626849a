// sample_pd_weights: ranked Poisson–Dirichlet PD(alpha, 0) weights (Pitman–Yor 1997;
// theory/unified_framework/THEORY.md §3).
//
// V_j = Gamma_j^{-1/alpha} / sum_k Gamma_k^{-1/alpha} with Gamma_j the points of a rate-1 Poisson
// process. Only j <= K are drawn; the omitted sum_{j>K} Gamma_j^{-1/alpha} is replaced by its
// approximation int_{Gamma_K}^inf x^{-1/alpha} dx = Gamma_K^{1-1/alpha} / (1/alpha - 1), whose
// relative error in the normaliser is O(K^{1/2 - 1/alpha}) (the tail's standard deviation).
// Everything is scaled by Gamma_1^{1/alpha} (w_j = (Gamma_1 / Gamma_j)^{1/alpha} <= 1), so
// small alpha cannot overflow. Sample indices (region pd_weights): offset 0 holds E_1..E_K.
#include <cmath>
#include <stdexcept>

#include "verify/rng/exponential.hpp"
#include "verify/sample/index_space.hpp"
#include "verify/sample/score_rows.hpp"

namespace attnlaw::sample {

std::vector<double> sample_pd_weights(double alpha, rng::StreamKey stream, std::uint32_t replicate, std::size_t K) {
  if (!(alpha > 0 && alpha < 1)) throw std::domain_error("sample_pd_weights: need 0 < alpha < 1");
  if (K == 0) throw std::domain_error("sample_pd_weights: need K >= 1");
  rng::SampleSource spacings(stream, replicate, index_space::sample_index(index_space::Region::pd_weights, 0));
  std::vector<double> weights(K);
  const double inverse_alpha = 1 / alpha;
  double gamma = 0;
  double gamma_1 = 0;
  double sum = 0;
  for (std::size_t j = 0; j < K; ++j) {
    const double e = rng::exponential(spacings);
    if (j == 0) gamma_1 = e;
    gamma += e;
    // (Gamma_1 / Gamma_j)^{1/alpha} with Gamma_j / Gamma_1 = 1 + (Gamma_j - Gamma_1) / Gamma_1.
    weights[j] = j == 0 ? 1 : std::exp(-inverse_alpha * std::log1p((gamma - gamma_1) / gamma_1));
    sum += weights[j];
  }
  const double tail = gamma * weights.back() / (inverse_alpha - 1);
  const double normaliser = sum + tail;
  for (double& w : weights) w /= normaliser;
  return weights;
}

}  // namespace attnlaw::sample
