#pragma once
// Bootstrap of a statistic of several samples (strata), each resampled with
// replacement within itself, as a fit over a ladder of n resamples the rows at each n. Replicate b
// draws stratum k from the Philox stream (key, b, k), so the replicates are a function of the
// data and the key alone: the same on every machine, thread count and call order.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "verify/rng/philox_stream.hpp"

namespace attnlaw::stats {

// The statistic of one replicate, given its resampled strata (same sizes and order as the
// data); nullopt where it is undefined (e.g. the logarithm of a zero median).
using BootstrapStatistic = std::function<std::optional<double>(std::span<const std::vector<double>> resampled)>;

// The statistic of every replicate where it is defined, in replicate order.
std::vector<double> stratified_bootstrap_replicates(std::span<const std::vector<double>> strata,
                                                    const BootstrapStatistic& statistic, rng::StreamKey key,
                                                    std::uint32_t replicates);

// The standard deviation (divisor B - 1) of the defined replicates: the bootstrap standard
// error of the statistic. Needs at least two defined replicates.
double stratified_bootstrap_se(std::span<const std::vector<double>> strata, const BootstrapStatistic& statistic,
                               rng::StreamKey key, std::uint32_t replicates);

}  // namespace attnlaw::stats
