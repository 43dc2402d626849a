#include "reference/extreme_value/finite_n_window.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace attnlaw::reference {
namespace {

// Quadrature steps: trapezoid in x and in t = log lambda is spectrally accurate for these
// analytic, fast-decaying integrands (e^{-lambda e^{c x}} is analytic in a strip of half-width
// pi/(2c)); the inner cumulative integral C(lambda, m) is Simpson, O(dx^4). With these steps the
// PD(1/c) limit values are reproduced to within 1e-6 for c in [4/3, 4] (unit test).
constexpr double kStepX = 0.05;
constexpr double kStepT = 0.25;
constexpr double kUpperX = 45;  // rho_n(x) <= e^{-x}(1 + o(1)): the mass above is below 1e-19

// The scores in the coordinates x = h_n (s - b_n): intensity rho_n(x) and tail T_n(x).
template <class Real>
class ScaledScores {
 public:
  ScaledScores(const ScoreFamily& family, Real n, bool limit) : family_(family), n_(n), limit_(limit) {
    using std::log;
    log_n_ = log(n);
    if (!limit) scale_ = independent_family_scale(family, n);
    lower_ = -std::numeric_limits<Real>::infinity();
    upper_ = std::numeric_limits<Real>::infinity();
    if (limit) return;
    switch (family.kind) {
      case ScoreFamily::Kind::exponential:
        lower_ = -log_n_;  // s >= 0
        break;
      case ScoreFamily::Kind::weibull:
        lower_ = -Real(family.shape) * log_n_;  // s = b + x/h >= 0, h b = p log n
        break;
      case ScoreFamily::Kind::log2:
        upper_ = Real(family.shape) * log_n_;  // s < 1: 1 - b = h^{-1} eta log n ... (1 - b) h = eta log n
        break;
      default: break;
    }
  }

  Real lower() const { return lower_; }
  Real upper() const { return upper_; }
  bool limit() const { return limit_; }
  Real n() const { return n_; }

  // rho_n(x) = n f(b + x/h)/h, written so that nothing cancels (theory/unified_framework/THEORY.md §4).
  Real rho(Real x) const {
    using std::exp;
    using std::log1p;
    using std::pow;
    if (limit_) return exp(-x);
    if (x < lower_ || x >= upper_) return 0;
    switch (family_.kind) {
      case ScoreFamily::Kind::exponential: return exp(-x);
      case ScoreFamily::Kind::gaussian: {
        // n phi(b + x/h)/h = (n phi(b)/h) e^{-b x/h - x^2/(2h^2)} and n phi(b) = h.
        const Real ratio = scale_.b / scale_.h;
        return exp(-ratio * x - x * x / (2 * scale_.h * scale_.h));
      }
      case ScoreFamily::Kind::weibull: {
        // f = p y^{p-1} e^{-y^p}, h = p b^{p-1}: rho = T (y/b)^{p-1}, y/b = 1 + u, u = x/(p log n).
        const Real p = Real(family_.shape);
        const Real u = x / (p * log_n_);
        return tail(x) * pow(1 + u, p - 1);
      }
      case ScoreFamily::Kind::log2: {
        // f = eta (1-y)^{-eta-1} e^{-(1-y)^{-eta}}, h = eta (log n)^{1+1/eta}:
        // rho = T v^{-eta-1}, v = (1-y)/(1-b) = 1 - x/(eta log n).
        const Real eta = Real(family_.shape);
        const Real v = 1 - x / (eta * log_n_);
        return tail(x) * pow(v, -eta - 1);
      }
      default: throw std::invalid_argument("finite_n_window: family without a Gumbel-domain scale");
    }
  }

  // T_n(x) = n Fbar(b + x/h), the expected number of scores above x.
  Real tail(Real x) const {
    using std::exp;
    using std::expm1;
    using std::log;
    using std::log1p;
    if (limit_) return exp(-x);
    if (x < lower_) return n_;
    if (x >= upper_) return 0;
    switch (family_.kind) {
      case ScoreFamily::Kind::exponential: return exp(-x);
      case ScoreFamily::Kind::gaussian: {
        const Real root_two = boost::math::constants::root_two<Real>();
        return n_ * boost::math::erfc((scale_.b + x / scale_.h) / root_two) / 2;
      }
      case ScoreFamily::Kind::weibull: {
        // n e^{-y^p}, y^p = log n (1 + u)^p.
        const Real p = Real(family_.shape);
        const Real u = x / (p * log_n_);
        return exp(-log_n_ * expm1(p * log1p(u)));
      }
      case ScoreFamily::Kind::log2: {
        // n e^{-(1-y)^{-eta}}, (1-y)^{-eta} = log n v^{-eta}.
        const Real eta = Real(family_.shape);
        const Real v = 1 - x / (eta * log_n_);
        return exp(-log_n_ * expm1(-eta * log(v)));
      }
      default: throw std::invalid_argument("finite_n_window: family without a Gumbel-domain scale");
    }
  }

  // (1 - y/n)^k, or e^{-y} in the limit.
  Real power(Real y, Real k) const {
    using std::exp;
    using std::log1p;
    if (limit_) return exp(-y);
    const Real q = std::min(Real(1), std::max(Real(0), y / n_));
    if (q >= 1) return 0;
    return exp(k * log1p(-q));
  }

 private:
  ScoreFamily family_;
  Real n_, log_n_ = 0;
  bool limit_;
  FamilyScale<Real> scale_{0, 1};
  Real lower_ = 0, upper_ = 0;
};

template <class Real>
WindowExpectations<Real> window_expectations(const ScaledScores<Real>& scores, Real c) {
  using std::exp;
  using std::expm1;
  using std::lgamma;
  using std::log;
  if (!(c > 1)) throw std::invalid_argument("finite_n_window: c must exceed 1 (the PD window)");
  // t = log lambda: above t_hi, L^{n-1} <= e^{-phi} with phi ~ Gamma(1 - 1/c) lambda^{1/c} >= 60;
  // below t_lo, every lambda integrand is below e^{t/c} <= e^{-45} (a point above x_hi is needed).
  const Real t_hi = c * (log(Real(60)) - lgamma(1 - 1 / c));
  const Real t_lo = -c * (kUpperX + 45 / c);
  // x: below x_lo the integrands are at most lambda e^{(c-1) x} with lambda <= e^{t_hi}.
  Real x_lo = -t_hi / c - 36 / (c - 1);
  x_lo = std::max(x_lo, scores.lower());
  const Real x_hi = std::min(Real(kUpperX), scores.upper() - Real(1e-9) * std::abs(scores.upper()));
  std::size_t intervals = static_cast<std::size_t>(std::ceil((x_hi - x_lo) / kStepX));
  intervals += intervals % 2;  // Simpson pairs
  const Real dx = (x_hi - x_lo) / Real(intervals);
  const std::size_t nx = intervals + 1;

  std::vector<Real> x(nx), rho(nx), w(nx), tail(nx), trap(nx);
  for (std::size_t i = 0; i < nx; ++i) {
    x[i] = x_lo + dx * Real(i);
    rho[i] = scores.rho(x[i]);
    w[i] = exp(c * x[i]);
    tail[i] = scores.tail(x[i]);
    trap[i] = (i == 0 || i + 1 == nx) ? dx / 2 : dx;
  }
  const Real n = scores.n();
  const Real n_minus_1 = scores.limit() ? Real(1) : n - 1;
  const Real n_minus_2 = scores.limit() ? Real(1) : n - 2;

  Real sum_sq = 0, log_partition = 0, mean_energy = 0, top = 0;
  const std::size_t nt = static_cast<std::size_t>(std::ceil((t_hi - t_lo) / kStepT));
  const Real dt = (t_hi - t_lo) / Real(nt);
  std::vector<Real> survive(nx);
  for (std::size_t k = 0; k <= nt; ++k) {
    const Real t = t_lo + dt * Real(k);
    const Real lambda = exp(t);
    const Real tw = (k == 0 || k == nt) ? dt / 2 : dt;
    Real phi = 0, q2 = 0, r = 0;
    for (std::size_t i = 0; i < nx; ++i) {
      survive[i] = -expm1(-lambda * w[i]);  // 1 - e^{-lambda w}
      const Real e = 1 - survive[i];
      phi += trap[i] * rho[i] * survive[i];
      q2 += trap[i] * rho[i] * w[i] * w[i] * e;
      r += trap[i] * rho[i] * c * x[i] * w[i] * e;
    }
    const Real l_n1 = scores.power(phi, n_minus_1);
    sum_sq += tw * lambda * lambda * q2 * l_n1;
    mean_energy += tw * lambda * r * l_n1;
    // e^{-lambda} - L^n as the difference of the two complements, each accurate near 0.
    const Real complement_n = scores.limit() ? -expm1(-phi) : -expm1(n * std::log1p(-std::min(Real(1), phi / n)));
    log_partition += tw * (complement_n - (-expm1(-lambda)));

    // E a_max: the maximum at m = x_{2j}, the others below it; C(lambda, m) by cumulative Simpson.
    Real cumulative = 0;
    for (std::size_t i = 0; i < nx; i += 2) {
      if (i > 0) {
        cumulative += dx / 3 * (rho[i - 2] * survive[i - 2] + 4 * rho[i - 1] * survive[i - 1] + rho[i] * survive[i]);
      }
      const Real lw = lambda * w[i];
      const Real kernel = rho[i] * lw * exp(-lw);
      if (kernel == 0) continue;
      const Real outer = (i == 0 || i + 1 == nx) ? dx : 2 * dx;
      top += tw * outer * kernel * scores.power(tail[i] + cumulative, n_minus_1);
    }
  }

  // E Z = 1 + (n-1)/n int rho(m) (1 - T(m)/n)^{n-2} e^{-c m} P(m) dm, P(m) = int_{x<m} rho w.
  Real partition = 0, prefix = 0;
  for (std::size_t i = 0; i < nx; i += 2) {
    if (i > 0) prefix += dx / 3 * (rho[i - 2] * w[i - 2] + 4 * rho[i - 1] * w[i - 1] + rho[i] * w[i]);
    const Real outer = (i == 0 || i + 1 == nx) ? dx : 2 * dx;
    partition += outer * rho[i] * scores.power(tail[i], n_minus_2) * prefix / w[i];
  }
  if (!scores.limit()) partition *= (n - 1) / n;

  WindowExpectations<Real> out;
  out.top_weight = top;
  out.sum_sq = sum_sq;
  out.entropy = log_partition - mean_energy;
  out.partition = 1 + partition;
  return out;
}

}  // namespace

template <class Real>
FamilyScale<Real> independent_family_scale(const ScoreFamily& family, Real n) {
  using std::exp;
  using std::log;
  using std::pow;
  using std::sqrt;
  if (!(n >= 2)) throw std::invalid_argument("independent_family_scale: n must be >= 2");
  const Real log_n = log(n);
  switch (family.kind) {
    case ScoreFamily::Kind::exponential: return {log_n, Real(1)};
    case ScoreFamily::Kind::gaussian: {
      // Newton on g(b) = log(n Phi-bar(b)) = 0, g' = -phi/Phi-bar, from the asymptotic
      // sqrt(2 log n); only erfc is used (the reference uses erfc_inv plus a correction).
      const Real root_two = boost::math::constants::root_two<Real>();
      const Real log_root_two_pi = log(boost::math::constants::root_two_pi<Real>());
      Real b = sqrt(2 * log_n);
      for (int step = 0; step < 60; ++step) {
        const Real log_tail = log(boost::math::erfc(b / root_two) / 2);
        const Real log_density = -b * b / 2 - log_root_two_pi;
        const Real g = log_n + log_tail;
        const Real next = b + g / exp(log_density - log_tail);
        const bool done = std::abs(next - b) <= 4 * std::numeric_limits<Real>::epsilon() * b;
        b = next;
        if (done) break;
      }
      return {b, exp(log_n - b * b / 2 - log_root_two_pi)};
    }
    case ScoreFamily::Kind::weibull: {
      const Real p = Real(family.shape);
      const Real b = pow(log_n, 1 / p);
      return {b, numeric_hazard_scale(family, n, b)};
    }
    case ScoreFamily::Kind::log2: {
      const Real eta = Real(family.shape);
      const Real b = 1 - pow(log_n, -1 / eta);
      return {b, numeric_hazard_scale(family, n, b)};
    }
    default: throw std::invalid_argument("independent_family_scale: family without a Gumbel-domain scale");
  }
}

template <class Real>
Real numeric_hazard_scale(const ScoreFamily& family, Real n, Real b) {
  using std::exp;
  using std::log;
  using std::pow;
  const Real log_n = log(n);
  switch (family.kind) {
    case ScoreFamily::Kind::exponential: return exp(log_n - b);
    case ScoreFamily::Kind::gaussian: return exp(log_n - b * b / 2 - log(boost::math::constants::root_two_pi<Real>()));
    case ScoreFamily::Kind::weibull: {
      const Real p = Real(family.shape);
      return exp(log_n + log(p) + (p - 1) * log(b) - pow(b, p));
    }
    case ScoreFamily::Kind::log2: {
      // n eta (1-b)^{-eta-1} e^{-(1-b)^{-eta}}; 1 - b is formed from b as a caller would.
      const Real eta = Real(family.shape);
      const Real u = 1 - b;
      return exp(log_n + log(eta) - (eta + 1) * log(u) - pow(u, -eta));
    }
    default: throw std::invalid_argument("numeric_hazard_scale: family without a Gumbel-domain scale");
  }
}

template <class Real>
WindowExpectations<Real> exact_window_expectations(const ScoreFamily& family, Real n, Real c) {
  if (!(n >= 100)) throw std::invalid_argument("exact_window_expectations: n must be >= 100");
  return window_expectations(ScaledScores<Real>(family, n, false), c);
}

template <class Real>
WindowExpectations<Real> limit_window_expectations(Real c) {
  return window_expectations(ScaledScores<Real>(ScoreFamily{}, Real(1e6), true), c);
}

template FamilyScale<double> independent_family_scale<double>(const ScoreFamily&, double);
template FamilyScale<long double> independent_family_scale<long double>(const ScoreFamily&, long double);
template double numeric_hazard_scale<double>(const ScoreFamily&, double, double);
template long double numeric_hazard_scale<long double>(const ScoreFamily&, long double, long double);
template WindowExpectations<double> exact_window_expectations<double>(const ScoreFamily&, double, double);
template WindowExpectations<double> limit_window_expectations<double>(double);

}  // namespace attnlaw::reference
