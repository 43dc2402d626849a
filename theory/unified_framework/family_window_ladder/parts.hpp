#pragma once
// The pieces of window_ladder (family_window_ladder.hpp) that its files share: the four
// statistics of a ladder, the per-rung values it computes, and the checks and figures built from
// them in files of their own (bias_rates.cpp, ladder_figures.cpp).
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::window_ladder_parts {

inline constexpr int kStats = 4;
inline constexpr std::array<const char*, kStats> kNames{"E a_(1)", "E sum a^2", "E H", "E Z"};

inline std::array<double, kStats> as_array(const reference::WindowExpectations<double>& e) {
  return {e.top_weight, e.sum_sq, e.entropy, e.partition};
}

inline const std::vector<double>& column(const WindowSample& s, int k) {
  switch (k) {
    case 0: return s.top_weight;
    case 1: return s.sum_sq;
    case 2: return s.entropy;
    default: return s.partition;
  }
}

struct MeanSe {
  double mean = 0, se = 0;
};

// Per rung: the c of the true scale, log log n, the Monte Carlo mean and standard error of each
// statistic, its exact finite-n expectation and its PD(1/c) limit; and the rows of the largest rung.
struct Rungs {
  explicit Rungs(std::size_t rungs) : c_true(rungs), log_log(rungs), mc(rungs), exact(rungs), limit(rungs) {}
  std::vector<double> c_true, log_log;
  std::vector<std::array<MeanSe, kStats>> mc;
  std::vector<std::array<double, kStats>> exact, limit;
  WindowSample last;
};

// Check (d) from the Monte Carlo bias (mean - PD) of each rung, its standard error and the exact
// bias: the slope of the relative deviation on log log n, a z-test exact under the claim;
// std::nullopt where fewer than three rungs or the exact bias is under 5 s.e. at some rung.
std::optional<harness::Check> mc_bias_rate_check(std::string_view statistic, std::span<const double> log_log,
                                                 std::span<const double> mc_bias, std::span<const double> mc_se,
                                                 std::span<const double> exact_bias);

// Checks (c) and (d) of statistic k on a ladder of beta = c_fixed h_n (bias_rates.cpp).
void bias_rate_checks(harness::ExperimentResult& out, const reference::ScoreFamily& family, double c_fixed, int k,
                      const Rungs& per_rung);

// The figures of a ladder: the bias ladder and the ECDF of a_(1) at the largest rung (ladder_figures.cpp).
void ladder_figures(harness::ExperimentResult& out, const std::vector<double>& ns, const Rungs& per_rung,
                    const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::window_ladder_parts
