#include "verify/sample/sphere_top_k.hpp"

#include <cmath>
#include <span>
#include <stdexcept>
#include <vector>

#include "verify/rng/binomial.hpp"
#include "verify/rng/sphere.hpp"
#include "verify/sample/gap_laws.hpp"
#include "verify/sample/index_space.hpp"
#include "verify/sample/uniform_order_statistics.hpp"

namespace attnlaw::sample {

NearestKeys sample_sphere_top_k(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, std::uint64_t K,
                                bool with_directions, double beta) {
  if (K == 0 || K > n) throw std::domain_error("sample_sphere_top_k: need 1 <= K <= n");
  if (n > rng::binomial_distribution::max_trials) throw std::domain_error("sample_sphere_top_k: n must be <= 2^53");
  const SphereGapLaw law(d);
  using index_space::Region;
  using index_space::sample_index;

  NearestKeys keys;
  keys.n = n;
  keys.d = d;
  const std::size_t k = static_cast<std::size_t>(K);
  const UniformOrderStatistics order(stream, replicate, n, K, Region::sphere_top_k);
  keys.gaps.resize(k);
  for (std::size_t j = 0; j < k; ++j) keys.gaps[j] = law.quantile(order.lower(j), order.upper(j));
  if (with_directions) {
    const std::size_t row = static_cast<std::size_t>(d - 1);
    keys.directions.resize(k * row);
    for (std::size_t j = 0; j < k; ++j) {
      rng::SampleSource source(stream, replicate, sample_index(Region::sphere_top_k, 2 + j));
      rng::uniform_on_sphere(source, std::span<double>(keys.directions.data() + j * row, row));
    }
  }
  keys.threshold = keys.gaps.back();
  keys.neglected_log_mass_bound = neglected_log_mass_bound(keys, beta);
  return keys;
}

}  // namespace attnlaw::sample
