#pragma once
// The Laplace exponent of the PD(alpha, 0) top-weight law:
//   phi_alpha(s) = alpha int_0^1 (1 - e^{-s v}) v^{-alpha-1} dv
//               = e^{-s} - 1 + s^alpha gamma_lower(1 - alpha, s)                  (by parts)
//               = alpha sum_{k>=1} (-1)^{k+1} s^k / (k! (k - alpha))          (termwise).
//
// Why it matters: with x_j = Gamma_j^{-1/alpha} (a Poisson process of intensity
// alpha x^{-alpha-1} dx) and R := sum_{j>=2} x_j / x_1, the points x_j / x_1 given x_1 form a Poisson
// process of intensity theta alpha y^{-alpha-1} dy on (0,1) with theta = x_1^{-alpha} = Gamma_1 ~ Exp(1);
// so E e^{-s R} = E e^{-theta phi(s)} = 1 / (1 + phi(s)), and V_1 = 1 / (1 + R).
//
// phi is entire; for Re s >= 0, Re phi(s) >= 0 (as Re(1 - e^{-sv}) >= 0), so |1 + phi| >= 1.
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/numerics/complex_value.hpp"

namespace attnlaw::reference::detail {

// Terms of the alternating series grow to e^{|s|} before they cancel down to phi ~ |s|^alpha, so
// the series loses log10 e^{|s|} digits: it is used only while that loss is a tenth of the
// working digits (|s| <= 4.4 in long double, 11.5 in 50 digits), the continued fraction beyond.
template <class Real>
Real series_radius() {
  const Real digits = Real(std::numeric_limits<Real>::digits10);
  const Real radius = digits * boost::math::constants::ln_ten<Real>() / 10;
  return radius < 4 ? Real(4) : radius;
}

// Real argument, lambda >= 0: the series below 1 (no cancellation), else the closed form through
// Boost's regularised-free lower incomplete gamma.
template <class Real>
Real laplace_exponent(const Real& alpha, const Real& lambda) {
  using std::abs;
  using std::exp;
  using std::pow;
  if (lambda <= 1) {
    Real term = 1;  // (-1)^{k+1} lambda^k / k!
    Real sum = 0;
    for (int k = 1; k < 10000; ++k) {
      term *= (k == 1 ? lambda : -lambda / Real(k));
      const Real add = term / (Real(k) - alpha);
      sum += add;
      if (abs(add) <= std::numeric_limits<Real>::epsilon() * abs(sum) / 4) break;
    }
    return alpha * sum;
  }
  return exp(-lambda) - 1 + pow(lambda, alpha) * boost::math::tgamma_lower(1 - alpha, lambda);
}

// Legendre's continued fraction of the upper incomplete gamma, Gamma(a, z) = e^{-z} z^a K(z),
// K(z) = 1/(z+1-a- 1(1-a)/(z+3-a- 2(2-a)/(z+5-a- ...))), evaluated by the modified Lentz method;
// it converges for |arg z| < pi, quickly once |z| is a few units.
template <class Real>
Complex<Real> incomplete_gamma_fraction(const Real& a, const Complex<Real>& z) {
  using std::abs;
  const Real tiny = std::numeric_limits<Real>::min() * 1024;
  const Real tolerance = std::numeric_limits<Real>::epsilon();
  const Complex<Real> one{Real(1), Real(0)};
  Complex<Real> b{z.re + 1 - a, z.im};
  Complex<Real> c{Real(1) / tiny, Real(0)};
  Complex<Real> d = one / b;
  Complex<Real> h = d;
  for (int i = 1; i < 100000; ++i) {
    const Real an = -Real(i) * (Real(i) - a);
    b.re += 2;
    d = Complex<Real>{an * d.re + b.re, an * d.im + b.im};
    if (modulus(d) < tiny) d = Complex<Real>{tiny, Real(0)};
    c = b + (an * (one / c));
    if (modulus(c) < tiny) c = Complex<Real>{tiny, Real(0)};
    d = one / d;
    const Complex<Real> delta = d * c;
    h = h * delta;
    if (modulus(delta - one) <= tolerance) return h;
  }
  throw std::runtime_error("incomplete_gamma_fraction: no convergence");
}

// Complex argument, Re s >= 0.
template <class Real>
Complex<Real> laplace_exponent(const Real& alpha, const Complex<Real>& s) {
  if (modulus(s) <= series_radius<Real>()) {
    Complex<Real> term{Real(1), Real(0)};
    Complex<Real> sum{Real(0), Real(0)};
    for (int k = 1; k < 100000; ++k) {
      term = term * (k == 1 ? s : Complex<Real>{-s.re / Real(k), -s.im / Real(k)});
      const Real weight = Real(1) / (Real(k) - alpha);
      sum = sum + weight * term;
      if (k > 2 && modulus(term) * weight <= std::numeric_limits<Real>::epsilon() * 1e-3) break;
    }
    return alpha * sum;
  }
  // phi = e^{-s} - 1 + s^alpha (Gamma(1-alpha) - Gamma(1-alpha, s)) and s^alpha Gamma(1-alpha, s)
  // = s e^{-s} K(s): every term is O(|s|^alpha), no cancellation.
  const Complex<Real> decay = exp(Complex<Real>{-s.re, -s.im});
  const Complex<Real> upper = s * decay * incomplete_gamma_fraction(1 - alpha, s);
  const Complex<Real> stable = boost::math::tgamma(1 - alpha) * pow(s, alpha);
  return decay - Complex<Real>{Real(1), Real(0)} + stable - upper;
}

// chi(s) := e^{s} (1 + phi(s) - Gamma(1-alpha) s^alpha) = alpha int_0^inf e^{-su} (1+u)^{-alpha-1} du
// = alpha e^{s} s^alpha Gamma(-alpha, s): the smooth factor of the part of 1 + phi that comes from
// the jumps of size > 1 (e^{-s} chi(s) is the transform of alpha v^{-alpha-1} on v > 1). chi(0) = 1.
// By Legendre's fraction chi = alpha K_{-alpha}(s) for large |s|; near 0 from phi directly.
template <class Real>
Complex<Real> large_jump_factor(const Real& alpha, const Complex<Real>& s) {
  if (modulus(s) > series_radius<Real>()) return alpha * incomplete_gamma_fraction(-alpha, s);
  const Complex<Real> phi = laplace_exponent(alpha, s);
  const Complex<Real> stable = boost::math::tgamma(1 - alpha) * pow(s, alpha);
  return exp(s) * (Complex<Real>{Real(1), Real(0)} + phi - stable);
}

}  // namespace attnlaw::reference::detail
