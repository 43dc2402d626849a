#pragma once
// The upper tail of L = sup_{k>=2} log k / M_{k-1} by
// Monte Carlo on GSL's generator and variates, through the COUNTS of a Poisson process at fixed
// times, with none of verify/rng and none of the arrival-time algorithm of arrival_time_route.hpp:
// one of the two simulations that check the exact table of yule_recursion.hpp (tests/unit/
// unified_framework/lambda_law_routes*_test.cpp). About 3 us per sample on ranlxd2.
//
// Representation. M_{k-1} =_d log(Gamma_k / Gamma_1) jointly in k (Gamma_k the arrival times of a
// unit-rate Poisson process; see arrival_time_route.hpp), so L > x iff Gamma_k < Gamma_1 k^{1/x}
// for some k >= 2. Condition on g = Gamma_1 ~ Exp(1): by the memorylessness of the Poisson process,
// N(t) = #{k >= 2 : Gamma_k - g <= t} is a unit-rate Poisson process independent of g, whose j-th
// arrival is tau_j = Gamma_{j+1} - g. Hence
//   L > x  <=>  tau_j < c_j(x) for some j >= 1,   c_j(x) = g ((j+1)^{1/x} - 1)   (the deadline of j),
// i.e. some arrival comes before its deadline. c_j(x) increases in j and decreases in x, so
// {L > x} shrinks as x grows: a sample exceeds a prefix x_0 < ... < x_{e-1} of the levels, and
// only the lowest open level x_e needs deciding.
//
// Cells. On (a, b] with N(a) = n_a and N(b) = n_b the arrivals are j = n_a+1..n_b, all in (a, b].
//   certain:    c_{n_a+1}(x) >= b  (arrival n_a+1 comes at or before b, before its deadline);
//   ruled out:  c_{n_b}(x) <= a    (every deadline of the cell has passed when its arrivals come);
//   otherwise the cell is split at its midpoint m by the Poisson bridge: given N(a) and N(b), the
//   n_b - n_a arrivals are i.i.d. uniform on (a, b], so N(m) - n_a ~ Binomial(n_b - n_a, 1/2) and
//   the halves are again Poisson bridges. A cell with one arrival draws it, tau = a + (b - a) U.
// "Certain" for x holds for every lower level, "ruled out" for every higher one, so the cell is
// checked against the open level only. Every decision is exact (up to rounding of c_j(x), which
// can mislead only if a deadline lies within a few ulp of a cell end or a drawn time).
//
// Grid. N is drawn on t_0 = 0, t_1 = g, t_{i+1} = 2 t_i by Poisson increments (exact; means above
// 2^30 are drawn as sums, counts above 2^31 bridged in parts, since GSL's variates are 32-bit).
//
// Truncation. After each cell, with N(T) = n, the probability that a later arrival meets its
// deadline at the open level x is bounded by a union over the cells (T_i, T_{i+1}], T_i = T r^i,
// r = 2^{1/4}: an arrival j in the cell can meet its deadline only if c_j > T_i, i.e. j > J_i :=
// (1 + T_i/g)^x - 1, and then N(T_{i+1}) >= j, so
//   P(cell i) <= P(Poisson(T_{i+1} - T) >= max(J_i, n + 1) - n) <= exp(-(s log(s/mu) - s + mu))
// (Chernoff; s the needed count, mu the mean, s > mu). The exponent is mu h(s/mu), h(u) = u log u
// - u + 1. With S(t) = (1 + t/g)^x - 1 - n (convex) and D(t) = r t - T, the ratio S/D is
// nondecreasing wherever phi = S' D - r S >= 0, and phi' = S'' D >= 0 keeps it so; the means grow
// at least by the factor r per cell, so from there on the exponents do too: once phi >= 0 and
// the exponent exceeds 46, the remaining terms add less than the last one (by a factor 1e-3).
// The grid is extended until the bound is below 1e-15 (or all levels are exceeded, bound 0, or
// T reaches 2^50); the mean over samples of the final bound bounds the expected number of wrong
// indicators per sample, i.e. the bias of every tabulated proportion.
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

namespace attnlaw::reference::tools::lambda_law {

struct CountRouteSample {
  std::size_t levels_exceeded = 0;  // L > x_i exactly for i < levels_exceeded
  double truncation_bound = 0;      // bound on P(a later arrival exceeds x_{levels_exceeded} | sample)
  double horizon = 0;               // time after Gamma_1 to which N was followed
  std::uint64_t bridge_draws = 0;   // binomial bridge points and single-arrival draws
};

class PoissonCountRoute {
 public:
  static constexpr double kTailTarget = 1e-15;
  static constexpr double kHorizonCap = 0x1p50;

  // levels ascending, all > 1; rng owned by the caller (its state advances with every sample).
  PoissonCountRoute(gsl_rng* rng, std::span<const double> levels) : rng_(rng), levels_(levels) {
    if (levels_.empty() || !std::is_sorted(levels_.begin(), levels_.end()) || levels_.front() <= 1) {
      throw std::invalid_argument("PoissonCountRoute: levels must be ascending and > 1");
    }
  }

  CountRouteSample sample() {
    gamma1_ = gsl_ran_exponential(rng_, 1.0);
    exceeded_ = 0;
    draws_ = 0;
    double t = 0;
    std::uint64_t n = 0;
    double next = gamma1_;
    double bound = 1;
    while (true) {
      const std::uint64_t n_next = n + poisson(next - t);
      resolve(t, n, next, n_next);
      t = next;
      n = n_next;
      if (exceeded_ == levels_.size()) {
        bound = 0;
        break;
      }
      bound = tail_bound(gamma1_, t, n, levels_[exceeded_], kTailTarget);
      if (bound < kTailTarget || t >= kHorizonCap) break;
      next = 2 * t;
    }
    return {exceeded_, bound, t, draws_};
  }

  // The Chernoff union bound of the header comment, given g = Gamma_1, N(T) = n and level x; the
  // partial sum once it reaches give_up (enough to know that the grid must go on), at most 1.
  static double tail_bound(double gamma1, double T, std::uint64_t n, double x, double give_up = 1) {
    constexpr double kRatio = 1.189207115002721;  // 2^{1/4}
    const double count = static_cast<double>(n);
    double total = 0;
    double lower = T;
    for (int i = 0; i < 100000; ++i) {
      const double mean = kRatio * lower - T;
      const double scaled = 1 + lower / gamma1;
      const double power = std::pow(scaled, x - 1);
      const double first_deadline_after = scaled * power - 1;  // J_i
      const double needed = std::max(first_deadline_after, count + 1) - count;
      const double exponent = needed <= mean ? 0 : needed * std::log(needed / mean) - needed + mean;
      total += std::exp(-exponent);
      if (total >= give_up) return std::min(total, 1.0);
      // phi >= 0: the ratio needed/mean no longer decreases (see the header), so the exponents
      // grow at least by the factor r per cell and the remaining terms add less than this one.
      const double phi = x / gamma1 * power * mean - kRatio * (first_deadline_after - count);
      if (exponent > 46 && first_deadline_after >= count + 1 && phi >= 0) return total + std::exp(-exponent);
      lower *= kRatio;
    }
    return 1;
  }

 private:
  double deadline(std::uint64_t j, double x) const {
    return gamma1_ * std::expm1(std::log1p(static_cast<double>(j)) / x);
  }

  // Decides the arrivals n_a+1..n_b of (a, b] against the open levels, refining by the bridge.
  void resolve(double a, std::uint64_t n_a, double b, std::uint64_t n_b) {
    if (n_b == n_a) return;
    while (exceeded_ < levels_.size() && deadline(n_a + 1, levels_[exceeded_]) >= b) ++exceeded_;
    if (exceeded_ == levels_.size() || deadline(n_b, levels_[exceeded_]) <= a) return;
    ++draws_;
    if (n_b - n_a == 1) {
      const double tau = a + (b - a) * gsl_rng_uniform_pos(rng_);
      while (exceeded_ < levels_.size() && tau < deadline(n_b, levels_[exceeded_])) ++exceeded_;
      return;
    }
    const double m = a + 0.5 * (b - a);
    if (!(a < m && m < b)) throw std::runtime_error("PoissonCountRoute: cell below double resolution");
    const std::uint64_t n_m = n_a + binomial_half(n_b - n_a);
    resolve(a, n_a, m, n_m);
    resolve(m, n_m, b, n_b);
  }

  // Poisson(mean) for any mean: a sum of Poisson(<= 2^30) parts (GSL returns unsigned int).
  std::uint64_t poisson(double mean) {
    constexpr double kPart = 0x1p30;
    std::uint64_t total = 0;
    while (mean > kPart) {
      total += gsl_ran_poisson(rng_, kPart);
      mean -= kPart;
    }
    return total + gsl_ran_poisson(rng_, mean);
  }

  // Binomial(trials, 1/2) for any trials: a sum over parts of <= 2^31 trials.
  std::uint64_t binomial_half(std::uint64_t trials) {
    constexpr std::uint64_t kPart = std::uint64_t{1} << 31;
    std::uint64_t total = 0;
    while (trials > kPart) {
      total += gsl_ran_binomial(rng_, 0.5, static_cast<unsigned>(kPart));
      trials -= kPart;
    }
    return total + gsl_ran_binomial(rng_, 0.5, static_cast<unsigned>(trials));
  }

  gsl_rng* rng_;
  std::span<const double> levels_;
  double gamma1_ = 0;
  std::size_t exceeded_ = 0;
  std::uint64_t draws_ = 0;
};

// Exceedance counts of `samples` consecutive samples of one generator.
struct CountRouteTally {
  std::uint64_t samples = 0;
  std::vector<std::uint64_t> exceed;  // exceed[i] = #{samples with L > x_i}
  double truncation_sum = 0;          // sum of the per-sample truncation bounds
  double deepest_horizon = 0;
  std::uint64_t bridge_draws = 0;
};

inline CountRouteTally tally_count_route(gsl_rng* rng, std::span<const double> levels, std::uint64_t samples) {
  PoissonCountRoute route(rng, levels);
  CountRouteTally tally{samples, std::vector<std::uint64_t>(levels.size(), 0), 0, 0, 0};
  for (std::uint64_t i = 0; i < samples; ++i) {
    const CountRouteSample s = route.sample();
    for (std::size_t j = 0; j < s.levels_exceeded; ++j) ++tally.exceed[j];
    tally.truncation_sum += s.truncation_bound;
    tally.deepest_horizon = std::max(tally.deepest_horizon, s.horizon);
    tally.bridge_draws += s.bridge_draws;
  }
  return tally;
}

}  // namespace attnlaw::reference::tools::lambda_law
