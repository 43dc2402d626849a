// bulk_log_mass and its conditional tilt: the expected contribution to Z of the n - K scores a
// top-K row omits (theory/unified_framework/THEORY.md §3, "The bulk correction": the truncation
// correction made exact).
//
// Given the top K, the omitted scores are i.i.d. F conditioned on s < y, y = s_(K) (Rényi), so
//   E[sum_omitted e^{-beta Delta_j} | top K] = (n - K) e^{-beta Delta_(K)} T(y, beta),
//   T(y, beta) = E[e^{-beta (y - s)} | s < y] = int_{-inf}^y e^{-beta (y - s)} f(s) ds / F(y).
// Closed forms [derived]:
//   exponential  T = (e^{-y} - e^{-beta y}) / ((beta - 1) F(y)), F(y) = 1 - e^{-y}: written as
//                e^{-min(1,beta) y} (1 - e^{-|beta-1| y}) / |beta - 1| (-> y e^{-y} at beta = 1)
//   gaussian     int = phi(y) R(beta - y), R = Fbar/phi the Mills ratio (complete the square:
//                int_0^inf e^{-(beta - y) t - t^2/2} dt), so no e^{beta^2/2} ever overflows
//   uniform      T = (1 - e^{-beta w}) / (beta w), w = 1 + y
// and for every family a quadrature in the score itself, t = y - s in [0, reach): the log
// integrand -beta t + log f(y - t) is unimodal for every family (log f concave, or for log2
// single-peaked in u = 1 - s), so its mode is found by golden section and each side is
// integrated by double-exponential quadrature (Boost.Math tanh-sinh on a finite side, which
// absorbs the s^{p-1} endpoint of weibull; exp-sinh on the infinite side of gaussian and log2),
// the integrand scaled by its peak so that nothing under- or overflows. (The Exp(1) variable
// E = -log Fbar(s) would be a poor variable here: the Gaussian lower tail is squeezed into
// E ~ e^{-s^2/2}, where no polynomial rule converges.)
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "verify/sample/detail/score_quantiles.hpp"
#include "verify/sample/score_rows.hpp"

namespace attnlaw::sample {

namespace {

using reference::ScoreFamily;
using Kind = ScoreFamily::Kind;

constexpr double log_sqrt_2pi = 0.91893853320467274178;

// -expm1(-a y) / a for a >= 0, its limit y at a = 0.
double one_minus_exp_over(double a, double y) { return a > 0 ? -std::expm1(-a * y) / a : y; }

// log R(x), R(x) = Fbar(x) / phi(x). Below 10 from erfc (no underflow before x ~ 38, and the
// ~x^2/2 ulps lost in adding x^2/2 are < 1e-14); above, Laplace's continued fraction
// R = 1/(x + 1/(x + 2/(x + 3/(x + ...)))) by modified Lentz, which needs < 40 terms there.
double log_mills_ratio(double x) {
  if (x < 10)
    return std::log(0.5 * boost::math::erfc(x / detail::sqrt2, detail::fast_policy())) + 0.5 * x * x + log_sqrt_2pi;
  constexpr double tiny = 1e-300;
  double f = x;
  double c = x;
  double d = 0;
  for (int k = 1; k < 200; ++k) {
    d = x + k * d;
    d = d == 0 ? tiny : d;
    c = x + k / c;
    c = c == 0 ? tiny : c;
    d = 1 / d;
    const double delta = c * d;
    f *= delta;
    if (std::abs(delta - 1) < 1e-16) break;
  }
  return -std::log(f);
}

double log_phi(double x) { return -0.5 * x * x - log_sqrt_2pi; }

// log Phi(y) without underflow (y << 0) or loss of the small tail (y >> 0).
double log_normal_cdf(double y) {
  if (y > 0) return std::log1p(-0.5 * boost::math::erfc(y / detail::sqrt2, detail::fast_policy()));
  if (y > -10) return std::log(0.5 * boost::math::erfc(-y / detail::sqrt2, detail::fast_policy()));
  return log_phi(y) + log_mills_ratio(-y);
}

// E_y = -log Fbar(y), the Exp(1) variable at the threshold.
double exponential_of_score(const ScoreFamily& family, double y) {
  switch (family.kind) {
    case Kind::exponential: return y;
    case Kind::gaussian: return -log_normal_cdf(-y);
    case Kind::weibull: return std::pow(y, family.shape);
    case Kind::log2: return std::pow(1 - y, -family.shape);
    case Kind::uniform: return -std::log(0.5 * (1 - y));
  }
  return std::nan("");
}

bool inside_support(const ScoreFamily& family, double y) {
  switch (family.kind) {
    case Kind::exponential:
    case Kind::weibull: return y > 0;
    case Kind::gaussian: return std::isfinite(y);
    case Kind::log2: return y < 1;
    case Kind::uniform: return y > -1 && y <= 1;
  }
  return false;
}

// log f(s), the density of one score (score_families.hpp), inside the support.
double log_density(const ScoreFamily& family, double s) {
  switch (family.kind) {
    case Kind::exponential: return -s;
    case Kind::gaussian: return log_phi(s);
    case Kind::weibull: return std::log(family.shape) + (family.shape - 1) * std::log(s) - std::pow(s, family.shape);
    case Kind::log2: {
      const double u = 1 - s;
      return std::log(family.shape) - (family.shape + 1) * std::log(u) - std::pow(u, -family.shape);
    }
    case Kind::uniform: return -std::log(2.0);
  }
  return std::nan("");
}

// How far below y the support reaches: s = y - t for t in [0, reach).
double lower_reach(const ScoreFamily& family, double y) {
  switch (family.kind) {
    case Kind::exponential:
    case Kind::weibull: return y;
    case Kind::uniform: return 1 + y;
    case Kind::gaussian:
    case Kind::log2: return std::numeric_limits<double>::infinity();
  }
  return std::nan("");
}

}  // namespace

double log_conditional_tilt(const ScoreFamily& family, double y, double beta) {
  if (!(beta >= 0) || !std::isfinite(beta)) throw std::domain_error("log_conditional_tilt: need finite beta >= 0");
  if (!inside_support(family, y)) throw std::domain_error("log_conditional_tilt: threshold outside the support");
  if (beta == 0) return 0;
  switch (family.kind) {
    case Kind::exponential:
      return -std::min(1.0, beta) * y + std::log(one_minus_exp_over(std::abs(beta - 1), y)) - std::log(-std::expm1(-y));
    case Kind::gaussian: return log_phi(y) + log_mills_ratio(beta - y) - log_normal_cdf(y);
    case Kind::uniform: {
      const double w = 1 + y;
      return std::log(one_minus_exp_over(beta, w)) - std::log(w);
    }
    case Kind::weibull:
    case Kind::log2: return log_conditional_tilt_quadrature(family, y, beta);
  }
  return std::nan("");
}

double log_conditional_tilt_quadrature(const ScoreFamily& family, double y, double beta) {
  if (!(beta >= 0) || !std::isfinite(beta)) throw std::domain_error("log_conditional_tilt: need finite beta >= 0");
  if (!inside_support(family, y)) throw std::domain_error("log_conditional_tilt: threshold outside the support");
  const double upper = lower_reach(family, y);
  const auto log_integrand = [&](double t) { return -beta * t + log_density(family, y - t); };

  // Mode of the unimodal log integrand on [0, upper) by golden section (an infinite reach is
  // first bracketed by doubling).
  constexpr double golden = 0.61803398874989484820;
  double lo = 0;
  double hi = upper;
  if (!std::isfinite(hi)) {
    hi = 1;
    while (log_integrand(hi) > log_integrand(0.5 * hi) && hi < 1e300) hi *= 2;
  }
  for (int it = 0; it < 300 && hi - lo > 1e-13 * (1 + hi); ++it) {
    const double a = hi - golden * (hi - lo);
    const double b = lo + golden * (hi - lo);
    if (log_integrand(a) < log_integrand(b)) {
      lo = a;
    } else {
      hi = b;
    }
  }
  const double mode = 0.5 * (lo + hi);
  const double peak = log_integrand(mode);
  const auto scaled = [&](double t) {
    const double value = std::exp(log_integrand(t) - peak);
    return std::isfinite(value) ? value : 0.0;
  };
  constexpr double tolerance = 1e-13;
  // The rules' abscissa tables are built once per thread.
  thread_local boost::math::quadrature::tanh_sinh<double> finite;
  thread_local boost::math::quadrature::exp_sinh<double> infinite;
  double integral = 0;
  if (mode > 0) integral += finite.integrate(scaled, 0.0, mode, tolerance);
  if (std::isfinite(upper)) {
    if (mode < upper) integral += finite.integrate(scaled, mode, upper, tolerance);
  } else {
    const auto shifted = [&](double x) { return scaled(mode + x); };
    integral += infinite.integrate(shifted, tolerance);
  }
  return peak + std::log(integral) - std::log(-std::expm1(-exponential_of_score(family, y)));
}

double bulk_log_mass(const ScoreFamily& family, const TopGaps& row, double beta) {
  const std::uint64_t kept = row.gaps.size();
  if (kept == 0 || kept > row.n) throw std::domain_error("bulk_log_mass: need 1 <= K <= n");
  if (kept == row.n) return -std::numeric_limits<double>::infinity();
  const double omitted = static_cast<double>(row.n - kept);
  return std::log(omitted) - beta * row.gaps.back() + log_conditional_tilt(family, row.threshold_score, beta);
}

}  // namespace attnlaw::sample
