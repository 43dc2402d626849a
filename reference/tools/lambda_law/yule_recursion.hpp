#pragma once
// P(L > x) for L = sup_{k>=2} log k / M_{k-1} by an exact
// recursion over a Yule process, with a rigorous error bound and no random numbers: the generator
// of reference/gap_counting/lambda_law_table.hpp. The two Monte Carlo routes beside it
// (arrival_time_route.hpp on verify/rng, poisson_count_route.hpp on GSL) check it in the tests.
//
// Representation. M_{k-1} = sum_{i<k} E_i / i is the time at which a rate-1 Yule process Z
// (Z(0) = 1, birth rate Z) reaches k: the holding time in state i is E_i / i. So
//   log k / M_{k-1} > x  <=>  M_{k-1} < u_k := log k / x  <=>  Z(u_k) >= k,
// and L <= x iff Z(u_k) <= k - 1 for every k >= 2. From state m, Z over a time s is m plus a
// negative binomial: P(Z(u + s) = m + d | Z(u) = m) = C(m+d-1, d) p^m (1-p)^d, p = e^{-s}.
// (The same process as the Poisson counts of poisson_count_route.hpp: mixed over Gamma_1 ~ Exp(1),
// N(Gamma_1 s) is a pure-birth process of rate (N + 1)/(1 + s), so Z(u) = 1 + N(Gamma_1 (e^u - 1)).)
//
// Recursion. survival_k(m) = P(Z(u_i) <= i - 1 for i = 2..k, Z(u_k) = m), m = 1..k-1, starts at
// survival_2(1) = P(Z(u_2) = 1) = 2^{-1/x} and steps by the kernel above with p = (k/(k+1))^{1/x},
// keeping m + d <= k. Then P(L > x) = 1 - lim_k sum_m survival_k(m), the sums decreasing in k.
//
// Truncation at k. Given Z(u_k) = m, Z(t) e^{-t} (t >= u_k) is a uniformly integrable martingale
// with limit e^{-u_k} Gamma(m, 1) (m independent Yule lines, each with an Exp(1) limit). A crossing
// at a later grid point k' is Z(u_k') >= k' = e^{x u_k'}, so it needs Z(t) e^{-t} >= e^{(x-1)t} >=
// e^{(x-1)u_k}; Doob's inequality for the submartingale exp(theta Z(t) e^{-t}), optimised over theta,
// gives
//   P(some t >= u_k has Z(t) >= e^{xt} | Z(u_k) = m) <= exp(-m (rho - 1 - log rho)),  rho = k / m > 1.
// So sum_m survival_k(m) exp(-m (rho - 1 - log rho)) bounds what the sum has still to lose.
// Negative binomial tails whose terms fall below 1e-40 at a ratio <= 1/2 are dropped (at most
// twice the first dropped term each) and added to the error, with a first-order rounding bound.
//
// Cost. A path that stays below the boundary e^{xt} for long is rare, near the boundary rarer
// still, so the bound falls fast: an error of 1e-12 needs k = 3597 at x = 1.1 (about 15 k^2
// multiply-adds in all; 3 s in long double), 824 at x = 1.25, 54 at x = 5. (The arrival-time
// route follows some samples to k ~ 1e13: it settles the sup of each sample above 1.1, which the
// tail does not need once a sample has exceeded every level.)
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace attnlaw::reference::tools::lambda_law {

template <class Real>
struct RecursionTail {
  Real tail;        // P(L > x) = 1 - sum_m survival_k(m), within error
  Real truncation;  // bound on what the sum has still to lose after k
  Real dropped;     // negative binomial tail mass left out
  Real rounding;    // first-order bound on the rounding of the sum
  std::uint64_t last_k;
  Real error() const { return truncation + dropped + rounding; }
};

// Steps k = 2, 3, ... until the error is below target_error (std::runtime_error past k = 2e5).
template <class Real>
RecursionTail<Real> yule_recursion_tail(Real x, Real target_error) {
  using std::exp, std::expm1, std::log, std::log1p;
  if (!(x > 1) || !(target_error > 0)) throw std::invalid_argument("yule_recursion_tail: need x > 1, error > 0");
  const Real drop_below = Real(1e-40);
  const Real unit_roundoff = std::numeric_limits<Real>::epsilon() / 2;
  constexpr std::uint64_t kMaxK = 200000;
  std::vector<Real> survival = {Real(0), exp(-log(Real(2)) / x)};  // index m; k = 2
  std::vector<Real> next;
  Real dropped = 0;
  std::uint64_t longest_tail = 0;  // the largest d used, for the rounding bound
  for (std::uint64_t k = 2; k <= kMaxK; ++k) {
    Real mass = 0, future = 0;
    for (std::uint64_t m = 1; m < k; ++m) {
      if (survival[m] == 0) continue;
      const Real rho = Real(k) / Real(m);
      mass += survival[m];
      future += survival[m] * exp(-Real(m) * (rho - 1 - log(rho)));
    }
    // Per step a kernel term carries <= 4d + 5 roundings (its d ratios, p^m, q) and a new entry
    // sums <= d_max + 1 of them, all nonnegative: relative error <= (5 d_max + 6) u per step, and
    // one more u per step for the final sum of the masses.
    const Real rounding = Real(k) * Real(5 * longest_tail + 8) * unit_roundoff;
    if (future + dropped + rounding < target_error) return {1 - mass, future, dropped, rounding, k};
    const Real log_p = -log1p(Real(1) / Real(k)) / x;
    const Real q = -expm1(log_p);
    next.assign(k + 1, Real(0));
    for (std::uint64_t m = 1; m < k; ++m) {
      Real term = survival[m] * exp(Real(m) * log_p);
      for (std::uint64_t d = 0; m + d <= k; ++d) {
        next[m + d] += term;
        longest_tail = std::max(longest_tail, d);
        const Real ratio = Real(m + d) * q / Real(d + 1);
        term *= ratio;
        if (term < drop_below && ratio <= Real(0.5)) {  // the later ratios are smaller still
          dropped += 2 * term;
          break;
        }
      }
    }
    survival.swap(next);
  }
  throw std::runtime_error("yule_recursion_tail: target error not reached by k = 2e5 (x too close to 1)");
}

}  // namespace attnlaw::reference::tools::lambda_law
