#pragma once
// Sample quantiles: linear interpolation between order statistics (Hyndman-Fan type 7, NumPy's
// default), so that a median or a percentile CI printed here can be checked with numpy.quantile.
// Infinite values are allowed (a tied attention row has Lambda = +infinity) and sort to their
// end; an interpolation that would touch one returns the upper order statistic instead, so
// infinity is never multiplied by 0 (no NaN). NaN is refused.
#include <span>

namespace attnlaw::stats {

// The p-quantile of values already sorted ascending; needs at least one value and p in [0, 1].
double quantile_of_sorted(std::span<const double> sorted, double p);
// The p-quantile of values in any order (sorts a copy).
double quantile(std::span<const double> x, double p);
double median(std::span<const double> x);

}  // namespace attnlaw::stats
