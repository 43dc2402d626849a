#pragma once
// Percentile bootstrap of a statistic of several samples (strata), each resampled with
// replacement within itself, as a fit over files resamples the rows of each file. Replicate b
// draws stratum k from the Philox stream (key, b, k), so the interval is a function of the
// data and the key alone: the same on every machine, thread count and call order.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

// The statistic of one replicate, given its resampled strata (same sizes and order as the
// data); nullopt where it is undefined (e.g. the logarithm of a zero median).
using BootstrapStatistic = std::function<std::optional<double>(std::span<const std::vector<double>> resampled)>;

struct PercentileBootstrap {
  std::uint32_t replicates = 0;
  std::uint32_t dropped = 0;   // replicates whose statistic was undefined
  std::optional<Interval> ci;  // none when fewer than two replicates were defined
};

// The statistic of every replicate where it is defined, in replicate order.
std::vector<double> stratified_bootstrap_replicates(std::span<const std::vector<double>> strata,
                                                    const BootstrapStatistic& statistic, rng::StreamKey key,
                                                    std::uint32_t replicates);

// The standard deviation (divisor B - 1) of the defined replicates: the bootstrap standard
// error of the statistic. Needs at least two defined replicates.
double stratified_bootstrap_se(std::span<const std::vector<double>> strata, const BootstrapStatistic& statistic,
                               rng::StreamKey key, std::uint32_t replicates);

// The equal-tailed interval at `level` from the (1 - level)/2 and (1 + level)/2 quantiles
// (stats::quantile) of the defined replicates. Every stratum needs at least one value; level
// in (0, 1).
PercentileBootstrap stratified_percentile_bootstrap(std::span<const std::vector<double>> strata,
                                                    const BootstrapStatistic& statistic, rng::StreamKey key,
                                                    std::uint32_t replicates, double level);

}  // namespace attnlaw::stats
