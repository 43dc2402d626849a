#include "verify/stats/bootstrap.hpp"

#include <algorithm>

#include "verify/stats/detail/validate.hpp"
#include "verify/stats/quantile.hpp"

namespace attnlaw::stats {

PercentileBootstrap stratified_percentile_bootstrap(std::span<const std::vector<double>> strata,
                                                    const BootstrapStatistic& statistic, rng::StreamKey key,
                                                    std::uint32_t replicates, double level) {
  const std::string where = "stratified_percentile_bootstrap";
  detail::require_open_probability(level, where, "level");
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
  PercentileBootstrap out;
  out.replicates = replicates;
  out.dropped = replicates - static_cast<std::uint32_t>(values.size());
  if (values.size() >= 2) {
    std::sort(values.begin(), values.end());
    out.ci = Interval{quantile_of_sorted(values, (1 - level) / 2), quantile_of_sorted(values, (1 + level) / 2)};
  }
  return out;
}

}  // namespace attnlaw::stats
