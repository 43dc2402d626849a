#pragma once
// I.i.d. score families of the unified framework: the top
// quantile b_n = F^{-1}(1 - 1/n) and the hazard scale h_n = n f(b_n) that sets the critical
// inverse temperature beta_c = h_n. Shared by the samplers (verify/sample/score_rows.hpp) and
// the claims, so that a family is named once.
//
//   exponential  s ~ Exp(1)                      h_n = 1, b_n = log n              (xi = 0)
//   gaussian     s ~ N(0,1)                      h_n = n phi(b_n), b_n = -Phi^{-1}(1/n)  (xi -> 1/2)
//   weibull      s = E^{1/p}, p = shape > 1      b_n = (log n)^{1/p}, h_n = p (log n)^{1-1/p}
//   log2         s = 1 - E^{-1/eta}, eta = shape b_n = 1 - (log n)^{-1/eta}, h_n = eta (log n)^{1+1/eta}
//   uniform      s ~ U[-1,1] (the d = 3 sphere)  b_n = 1 - 2/n, h_n = n/2 (polynomial, not Gumbel)
#include <cstdint>
#include <string>

namespace attnlaw::reference {

struct ScoreFamily {
  enum class Kind { exponential, gaussian, weibull, log2, uniform };
  Kind kind = Kind::exponential;
  double shape = 1;  // p for weibull, eta for log2; ignored otherwise

  std::string name() const;  // "exponential", "gaussian", "weibull(p=1.5)", "log2(eta=1)", "uniform"
};

// Throws std::invalid_argument for a name it does not know ("weibull:1.5", "log2:1" carry the shape).
ScoreFamily parse_score_family(const std::string& text);

template <class Real>
struct FamilyScale {
  Real b;  // b_n = F^{-1}(1 - 1/n), computed from the upper tail (never as 1 - 1/n in Real)
  Real h;  // h_n = n f(b_n)
};

// Closed forms where they exist; the Gaussian one from erfc_inv of the small tail 2/n, exact to
// a few ulps for n up to 2^63. Domain: 2 <= n < max(Real) and a finite shape > 0, and b_n, h_n
// finite in Real: a weibull or log2 shape far from 1 overflows them ((log n)^{1/p} at p = 1e-6),
// and then this throws reference::OutOfDomain naming "shape" (family_log_scale has no such limit).
template <class Real>
FamilyScale<Real> family_scale(const ScoreFamily& family, Real n);

// The same in logarithms, finite wherever the arguments are: log h_n always; for weibull
// log b_n = (1/p) log log n; for log2 log(1 - b_n) = -(1/eta) log log n (b_n < 0 there at small
// n); for the others the logarithms of family_scale's values (log b_n is NaN where b_n <= 0).
template <class Real>
struct FamilyLogScale {
  Real log_b;            // log b_n (weibull, exponential for n > e, gaussian, uniform)
  Real log_one_minus_b;  // log(1 - b_n) (log2, uniform); NaN otherwise
  Real log_h;            // log h_n
};
template <class Real>
FamilyLogScale<Real> family_log_scale(const ScoreFamily& family, Real n);

// Relative error bound of family_scale's b_n and h_n in double (rounding of the closed forms in
// the working type, measured against the 50-digit instantiation in
// tests/unit/unified_framework/score_family_domain_test.cpp): a few ulps times the amplification
// |exponent| log log n of pow, or 1e-14 for the Gaussian Newton-corrected scale.
double family_scale_relative_error(const ScoreFamily& family, double n);

// d log h_n / d log log n, the local exponent xi that a fit of log h_n against log log n sees at n:
// 0, ~0.55 (gaussian, -> 1/2), 1 - 1/p, 1 + 1/eta. Not defined for uniform
// (throws std::invalid_argument).
template <class Real>
Real local_exponent(const ScoreFamily& family, Real n);

// The slope of log h_n against log log n fitted by least squares over the given n
// (what an exponent fit over that range should find).
double fitted_exponent(const ScoreFamily& family, const double* n_values, int count);

}  // namespace attnlaw::reference
