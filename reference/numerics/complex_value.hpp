#pragma once
// Minimal complex arithmetic over any real type. std::complex<T> is unspecified for class types
// such as the MPFR numbers, so the Laplace-domain code of reference/poisson_dirichlet uses this instead.
#include <cmath>

namespace attnlaw::reference::detail {

template <class Real>
struct Complex {
  Real re;
  Real im;
};

template <class Real>
Complex<Real> operator+(const Complex<Real>& a, const Complex<Real>& b) {
  return {a.re + b.re, a.im + b.im};
}
template <class Real>
Complex<Real> operator-(const Complex<Real>& a, const Complex<Real>& b) {
  return {a.re - b.re, a.im - b.im};
}
template <class Real>
Complex<Real> operator*(const Complex<Real>& a, const Complex<Real>& b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class Real>
Complex<Real> operator*(const Real& a, const Complex<Real>& b) {
  return {a * b.re, a * b.im};
}
// Smith's algorithm: scales by the larger component so that |b|^2 cannot overflow.
template <class Real>
Complex<Real> operator/(const Complex<Real>& a, const Complex<Real>& b) {
  using std::abs;
  if (abs(b.re) >= abs(b.im)) {
    const Real ratio = b.im / b.re;
    const Real denominator = b.re + b.im * ratio;
    return {(a.re + a.im * ratio) / denominator, (a.im - a.re * ratio) / denominator};
  }
  const Real ratio = b.re / b.im;
  const Real denominator = b.re * ratio + b.im;
  return {(a.re * ratio + a.im) / denominator, (a.im * ratio - a.re) / denominator};
}
template <class Real>
Real modulus(const Complex<Real>& a) {
  using std::hypot;
  return hypot(a.re, a.im);
}
template <class Real>
Complex<Real> exp(const Complex<Real>& a) {
  using std::cos;
  using std::exp;
  using std::sin;
  const Real m = exp(a.re);
  return {m * cos(a.im), m * sin(a.im)};
}
// Principal branch of a^p for real p, a off the negative real axis.
template <class Real>
Complex<Real> pow(const Complex<Real>& a, const Real& p) {
  using std::atan2;
  using std::cos;
  using std::exp;
  using std::log;
  using std::sin;
  const Real m = exp(p * log(modulus(a)));
  const Real angle = p * atan2(a.im, a.re);
  return {m * cos(angle), m * sin(angle)};
}

}  // namespace attnlaw::reference::detail
