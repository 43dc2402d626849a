#pragma once
// Definitions of the templates of reference/extreme_value/score_families.hpp; included only by the
// translation units that instantiate them (score_families.cpp, score_families_mpfr.cpp).
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/extreme_value/score_families.hpp"
#include "reference/numerics/domain.hpp"
#include "reference/numerics/working_precision.hpp"

namespace attnlaw::reference {
namespace detail {

template <class Real>
void require_context_length(const Real& n) {
  if (!(n >= 2)) throw std::invalid_argument("score family: n must be >= 2");
  if (!(n < std::numeric_limits<Real>::max())) throw std::invalid_argument("score family: n must be finite");
}

inline void require_shape(const ScoreFamily& family) {
  const bool shaped = family.kind == ScoreFamily::Kind::weibull || family.kind == ScoreFamily::Kind::log2;
  if (shaped && !(family.shape > 0 && family.shape < std::numeric_limits<double>::infinity())) {
    throw std::invalid_argument("score family: shape must be finite and > 0");
  }
}

// b_n = -Phi^{-1}(1/n) = sqrt(2) erfc^{-1}(2/n): the tail argument 2/n is representable to full
// relative precision for every n, whereas 1 - 1/n is not. erfc_inv is accurate to a few ulps of
// b; since h_n = n phi(b_n) has relative sensitivity b_n^2 to the relative error of b_n (about 50
// at n = 10^12), one Newton step on log(n Phi-bar(b)) = 0 in the working precision follows.
// Its residual is quadratic in the start error, so b and h end within a few working ulps.
template <class Work>
FamilyScale<Work> gaussian_scale(const Work& n) {
  using std::exp;
  using std::log;
  using std::sqrt;
  const Work root_two = boost::math::constants::root_two<Work>();
  const Work root_two_pi = boost::math::constants::root_two_pi<Work>();
  const Work log_n = log(n);
  Work b = root_two * boost::math::erfc_inv(Work(2) / n);
  for (int step = 0; step < 2; ++step) {
    // n Phi-bar(b) - 1 over n phi(b): the Newton correction for Phi-bar(b) = 1/n.
    const Work tail_ratio = n * boost::math::erfc(b / root_two) / 2;
    const Work hazard = exp(log_n - b * b / 2) / root_two_pi;
    b += (tail_ratio - 1) / hazard;
  }
  return {b, exp(log_n - b * b / 2) / root_two_pi};
}

// b_n and h_n must be finite and h_n > 0 (not underflowed) in Real, else the closed form has left
// the type's range: refused, naming the shape.
template <class Real>
void require_representable(const Real& b, const Real& h, const ScoreFamily& family) {
  using std::isfinite;
  if (!(abs_value(b) < std::numeric_limits<Real>::max()) || !(h < std::numeric_limits<Real>::max()) ||
      !(h >= std::numeric_limits<Real>::min())) {
    throw OutOfDomain("shape", "b_n or h_n of " + family.name() +
                                   " leaves the range of double at this n (their logarithms are finite: "
                                   "family_log_scale)");
  }
}

}  // namespace detail

template <class Real>
FamilyLogScale<Real> family_log_scale(const ScoreFamily& family, Real n) {
  using std::log;
  using std::log1p;
  using Work = reference::detail::working_t<Real>;
  detail::require_context_length(n);
  detail::require_shape(family);
  const Work log_n = log(static_cast<Work>(n));
  const Work log_log_n = log(log_n);
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  switch (family.kind) {
    case ScoreFamily::Kind::weibull: {
      const Work p = static_cast<Work>(family.shape);
      return {static_cast<Real>(log_log_n / p), nan, static_cast<Real>(log(p) + (1 - 1 / p) * log_log_n)};
    }
    case ScoreFamily::Kind::log2: {
      const Work eta = static_cast<Work>(family.shape);
      return {nan, static_cast<Real>(-log_log_n / eta), static_cast<Real>(log(eta) + (1 + 1 / eta) * log_log_n)};
    }
    case ScoreFamily::Kind::uniform: {
      const Work nw = static_cast<Work>(n);
      return {static_cast<Real>(log1p(-2 / nw)), static_cast<Real>(log(Work(2)) - log_n),
              static_cast<Real>(log_n - log(Work(2)))};
    }
    default: {
      const FamilyScale<Real> s = family_scale(family, n);
      return {s.b > 0 ? Real(log(s.b)) : nan, nan, Real(log(s.h))};
    }
  }
}

template <class Real>
FamilyScale<Real> family_scale(const ScoreFamily& family, Real n) {
  using std::exp;
  using std::log;
  using std::pow;
  using std::sqrt;
  using Work = reference::detail::working_t<Real>;
  detail::require_context_length(n);
  detail::require_shape(family);
  const Work nw = static_cast<Work>(n);
  const Work log_n = log(nw);
  switch (family.kind) {
    case ScoreFamily::Kind::exponential: return {static_cast<Real>(log_n), Real(1)};
    case ScoreFamily::Kind::gaussian: {
      const auto scale = detail::gaussian_scale(nw);
      return {static_cast<Real>(scale.b), static_cast<Real>(scale.h)};
    }
    case ScoreFamily::Kind::weibull: {
      const Work p = static_cast<Work>(family.shape);
      const Real b = static_cast<Real>(pow(log_n, 1 / p)), h = static_cast<Real>(p * pow(log_n, 1 - 1 / p));
      detail::require_representable(b, h, family);
      return {b, h};
    }
    case ScoreFamily::Kind::log2: {
      const Work eta = static_cast<Work>(family.shape);
      // 1 - u with u = (log n)^{-1/eta}; the tail u itself is what samplers use.
      const Real b = static_cast<Real>(1 - pow(log_n, -1 / eta)), h = static_cast<Real>(eta * pow(log_n, 1 + 1 / eta));
      detail::require_representable(b, h, family);
      return {b, h};
    }
    case ScoreFamily::Kind::uniform: return {static_cast<Real>(1 - 2 / nw), static_cast<Real>(nw / 2)};
  }
  throw std::invalid_argument("family_scale: unknown family");
}

// Gaussian: with l = log n, Phi-bar(b_n) = e^{-l} gives db/dl = e^{-l}/phi(b) = 1/h, and
// log h = l - b^2/2 - log sqrt(2 pi), so d log h/dl = 1 - b/h and d log h/d log l = l (1 - b/h).
// 1 - b/h cancels to ~1/b^2, so it is formed in the working precision.
template <class Real>
Real local_exponent(const ScoreFamily& family, Real n) {
  using std::log;
  using Work = reference::detail::working_t<Real>;
  detail::require_context_length(n);
  detail::require_shape(family);
  switch (family.kind) {
    case ScoreFamily::Kind::exponential: return Real(0);
    case ScoreFamily::Kind::gaussian: {
      const Work nw = static_cast<Work>(n);
      const auto scale = detail::gaussian_scale(nw);
      return static_cast<Real>(log(nw) * (1 - scale.b / scale.h));
    }
    case ScoreFamily::Kind::weibull: return Real(1) - Real(1) / Real(family.shape);
    case ScoreFamily::Kind::log2: return Real(1) + Real(1) / Real(family.shape);
    case ScoreFamily::Kind::uniform: break;
  }
  throw std::invalid_argument("local_exponent: uniform scores have a polynomial scale, no log-log exponent");
}

}  // namespace attnlaw::reference
