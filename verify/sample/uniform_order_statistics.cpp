#include "verify/sample/uniform_order_statistics.hpp"

#include <stdexcept>

#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"

namespace attnlaw::sample {

namespace {

// Above 2^53 the shape n + 1 - K of G is no longer an exact double.
constexpr std::uint64_t max_n = std::uint64_t{1} << 53;

}  // namespace

UniformOrderStatistics::UniformOrderStatistics(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n,
                                               std::uint64_t K, index_space::Region region)
    : n_(n) {
  if (K == 0 || K > n) throw std::domain_error("UniformOrderStatistics: need 1 <= K <= n");
  if (n > max_n) throw std::domain_error("UniformOrderStatistics: n must be <= 2^53");
  using index_space::sample_index;
  partial_.resize(static_cast<std::size_t>(K));
  rng::SampleSource spacings(stream, replicate, sample_index(region, 0));
  double sum = 0;
  for (double& g : partial_) g = sum += rng::exponential(spacings);
  rng::SampleSource rest(stream, replicate, sample_index(region, 1));
  rest_ = rng::gamma_distribution<double>(static_cast<double>(n - K + 1))(rest);
  total_ = sum + rest_;
}

}  // namespace attnlaw::sample
