#include "verify/stats/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {

std::vector<double> stratified_bootstrap_replicates(std::span<const std::vector<double>> strata,
                                                    const BootstrapStatistic& statistic, rng::StreamKey key,
                                                    std::uint32_t replicates) {
  const std::string where = "stratified bootstrap";
  for (const std::vector<double>& stratum : strata) detail::require(!stratum.empty(), where, "an empty stratum");
  std::vector<std::vector<double>> resampled(strata.size());
  for (std::size_t k = 0; k < strata.size(); ++k) resampled[k].resize(strata[k].size());
  std::vector<double> values;
  values.reserve(replicates);
  for (std::uint32_t b = 0; b < replicates; ++b) {
    for (std::size_t k = 0; k < strata.size(); ++k) {
      rng::SampleSource source(key, b, k);
      const std::vector<double>& stratum = strata[k];
      for (double& v : resampled[k]) {
        // u < 1, but u * size can round up to size: the last value takes that draw.
        const auto pick = static_cast<std::size_t>(source.next_uniform() * static_cast<double>(stratum.size()));
        v = stratum[std::min(pick, stratum.size() - 1)];
      }
    }
    if (const std::optional<double> value = statistic(resampled)) values.push_back(*value);
  }
  return values;
}

double stratified_bootstrap_se(std::span<const std::vector<double>> strata, const BootstrapStatistic& statistic,
                               rng::StreamKey key, std::uint32_t replicates) {
  const std::vector<double> values = stratified_bootstrap_replicates(strata, statistic, key, replicates);
  detail::require(values.size() >= 2, "stratified_bootstrap_se", "fewer than two defined replicates");
  const auto count = static_cast<double>(values.size());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / count;
  double ss = 0;
  for (double v : values) ss += (v - mean) * (v - mean);
  return std::sqrt(ss / (count - 1));
}

}  // namespace attnlaw::stats
