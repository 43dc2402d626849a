#pragma once

// Ratio r_mu(x) = I_{mu+1}(x) / I_mu(x) of modified Bessel functions by the Gauss continued
// fraction r_j = x / (2(j+1) + x r_{j+1}), evaluated backwards (Miller / Gautschi 1967): the
// backward direction is the stable one because I_j is the minimal solution of the three-term
// recurrence as j grows.

#include <cmath>
#include <stdexcept>

#include "reference/numerics/working_precision.hpp"

namespace attnlaw::reference::detail {

template <class W>
struct RatioValue {
  W value;           // r_mu(x)
  double rel_error;  // bound on |computed - exact| / exact (truncation + rounding, first order)
};

// Number of backward steps J - mu after which the error of the starting value is damped by at
// least e^{-target}. The damping per step is r_j^2, and Amos (1974) gives
// r_j(x) <= x / (j + 1/2 + sqrt((j + 3/2)^2 + x^2)) <= exp(-asinh((j + 1/2)/x)), so the damping
// over [mu, J) is at least exp(-2 sum asinh((j + 1/2)/x)). asinh is concave, hence the sum of
// midpoint values exceeds x (F(J/x) - F(mu/x)) with F(u) = u asinh u - sqrt(1 + u^2).
inline long backward_steps(double mu, double x, double target) {
  double damping = 0.0;
  for (long i = 0; i < 64; ++i) {
    damping += 2.0 * std::asinh((mu + static_cast<double>(i) + 0.5) / x);
    if (damping >= target) return i + 1;
  }
  const auto F = [](double u) { return u * std::asinh(u) - std::sqrt(1.0 + u * u); };
  const double u0 = mu / x;
  const double goal = F(u0) + 0.5 * target / x;
  double lo = u0;
  double hi = u0 + 1.0;
  while (F(hi) < goal) hi = u0 + 2.0 * (hi - u0);
  for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; ++it) {
    const double mid = 0.5 * (lo + hi);
    (F(mid) < goal ? lo : hi) = mid;
  }
  return static_cast<long>(std::ceil(hi * x - mu)) + 1;
}

template <class W>
RatioValue<W> bessel_i_ratio(const W& mu, const W& x) {
  using std::sqrt;
  if (!(x > 0)) return {W(0), 0.0};
  const double u = static_cast<double>(unit_roundoff<W>());
  const double mu_d = static_cast<double>(mu);
  const double x_d = static_cast<double>(x);
  double target = -std::log(u) + 4.0;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const long steps = backward_steps(mu_d, x_d, target);
    // Start half-way between Amos's lower and upper bounds for r_J; their relative gap is the
    // starting error.
    const W jt = mu + W(steps);
    const W lower = x / (jt + 1 + sqrt((jt + 1) * (jt + 1) + x * x));
    const W upper = x / (jt + W(0.5) + sqrt((jt + W(1.5)) * (jt + W(1.5)) + x * x));
    W r = (lower + upper) / 2;
    double r_next = static_cast<double>(r);
    double truncation = static_cast<double>((upper - lower) / (upper + lower));
    double rounding = 0.0;
    for (long i = steps - 1; i >= 0; --i) {
      const W j = mu + W(i);
      r = x / (2 * (j + 1) + x * r);
      const double rd = static_cast<double>(r);
      // A relative perturbation eta of r_{j+1} moves r_j by r_j r_{j+1} eta (relative); each
      // step adds three roundings (product, sum, quotient).
      truncation *= rd * r_next;
      rounding = 3.0 * u + rd * r_next * rounding;
      r_next = rd;
    }
    if (truncation <= 0.25 * u) return {r, truncation + rounding};
    target += 2.0 * std::log(truncation / (0.25 * u)) + 4.0;
  }
  throw std::runtime_error("bessel_i_ratio: continued fraction did not converge");
}

}  // namespace attnlaw::reference::detail
