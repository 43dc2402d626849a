#pragma once
// Shared by the L-table route tests: Monte Carlo estimates of P(L > x) at the table's x by the two
// simulation routes of reference/tools/lambda_law, and the comparison that must accept the table
// and reject a planted error.
#include <gsl/gsl_rng.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "reference/gap_counting/gap_counting.hpp"
#include "reference/tools/lambda_law/arrival_time_route.hpp"
#include "reference/tools/lambda_law/poisson_count_route.hpp"

namespace attnlaw::reference::testing {

namespace lambda_law = tools::lambda_law;

struct TailEstimate {
  double x;
  double tail;            // sample proportion
  double standard_error;  // sqrt(p (1 - p) / samples)
  double bias_bound;      // mean per-sample truncation bound
};

inline std::vector<double> table_levels() {
  std::vector<double> levels;
  for (const LambdaLawPoint& point : lambda_law_upper_tail()) levels.push_back(point.x);
  return levels;
}

inline std::vector<TailEstimate> estimates(const std::vector<double>& levels, const std::vector<std::uint64_t>& exceed,
                                           std::uint64_t samples, double truncation_sum) {
  std::vector<TailEstimate> out;
  const double n = static_cast<double>(samples);
  for (std::size_t j = 0; j < levels.size(); ++j) {
    const double p = static_cast<double>(exceed[j]) / n;
    out.push_back({levels[j], p, std::sqrt(p * (1 - p) / n), truncation_sum / n});
  }
  return out;
}

// The previous generator of the table: Philox arrival times, samples 0..samples-1 of its stream.
inline std::vector<TailEstimate> arrival_time_estimates(std::uint64_t samples, std::uint32_t seed = 20260601u) {
  const std::vector<double> levels = table_levels();
  const rng::StreamKey key = lambda_law::arrival_time_key(seed);
  std::vector<std::uint64_t> exceed(levels.size(), 0);
  double truncation = 0;
  for (std::uint64_t i = 0; i < samples; ++i) {
    const lambda_law::ArrivalTimeSample s = lambda_law::arrival_time_sample(key, i);
    for (std::size_t j = 0; j < levels.size(); ++j) exceed[j] += s.sup_above_floor > levels[j];
    truncation += s.truncation_bound;
  }
  return estimates(levels, exceed, samples, truncation);
}

// GSL Poisson counts on one generator of the given type and seed.
inline std::vector<TailEstimate> count_estimates(const gsl_rng_type* type, unsigned long seed, std::uint64_t samples) {
  const std::vector<double> levels = table_levels();
  const std::unique_ptr<gsl_rng, decltype(&gsl_rng_free)> generator(gsl_rng_alloc(type), &gsl_rng_free);
  gsl_rng_set(generator.get(), seed);
  const lambda_law::CountRouteTally tally = lambda_law::tally_count_route(generator.get(), levels, samples);
  return estimates(levels, tally.exceed, samples, tally.truncation_sum);
}

// The x at which |p_mc - p_table| > 5 se_mc + table error + truncation bound (the table's own
// standard error is 0: it is exact). |Z| > 5 has probability 6e-7 per row.
inline std::vector<double> rows_disagreeing(const std::vector<LambdaLawPoint>& table,
                                            const std::vector<TailEstimate>& simulated) {
  std::vector<double> out;
  for (std::size_t j = 0; j < table.size(); ++j) {
    const double allowed = 5 * simulated[j].standard_error + table[j].error + simulated[j].bias_bound;
    if (!(std::abs(simulated[j].tail - table[j].tail) <= allowed)) out.push_back(table[j].x);
  }
  return out;
}

// Two simulations: |p1 - p2| > 5 sqrt(se1^2 + se2^2) + both truncation bounds.
inline std::vector<double> rows_disagreeing(const std::vector<TailEstimate>& first,
                                            const std::vector<TailEstimate>& second) {
  std::vector<double> out;
  for (std::size_t j = 0; j < first.size(); ++j) {
    const double se = std::hypot(first[j].standard_error, second[j].standard_error);
    const double allowed = 5 * se + first[j].bias_bound + second[j].bias_bound;
    if (!(std::abs(first[j].tail - second[j].tail) <= allowed)) out.push_back(first[j].x);
  }
  return out;
}

// The table with P(L > x) moved by shift at one x.
inline std::vector<LambdaLawPoint> planted_table(double x, double shift) {
  std::vector<LambdaLawPoint> table = lambda_law_upper_tail();
  for (LambdaLawPoint& point : table) {
    if (point.x == x) point.tail += shift;
  }
  return table;
}

}  // namespace attnlaw::reference::testing
