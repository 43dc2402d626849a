#pragma once
// N(0,1) variates by inversion: Z = Phi^{-1}(U).
//
// Algorithm: Wichura, "Algorithm AS 241: The percentage points of the normal
//   distribution", Applied Statistics 37(3), 477-484 (1988), routine PPND16: rational
//   minimax approximations of degree 7/7 in three regions, |p - 1/2| <= 0.425, then
//   r = sqrt(-log min(p, 1-p)) <= 5 and r > 5. Relative accuracy about 1e-16 over
//   the whole range (the paper's claim; tests/unit/rng compares with Boost.Math's
//   erfc_inv down to p = 1e-300).
// Words consumed: 2 (one next_uniform), fixed.
//
// Why inversion and not Box-Muller: one normal per uniform and a fixed word count, so
// a sample never caches the second Box-Muller variate (which would tie two draws
// together); Z is monotone in U, so quantile couplings and common random numbers
// work; and both tails are exact to double accuracy because the uniform grid is
// symmetric (1 - U is exact, see SampleSource::next_uniform), reaching |Z| = 8.3.
//
// For Real wider than double the coefficients still carry about 16 digits: the
// variate is a double-accurate normal quantile evaluated in Real.
#include <cmath>
#include <type_traits>

#include "verify/rng/log_positive.hpp"
#include "verify/rng/source.hpp"

namespace attnlaw::rng {

// The two regions of PPND16 as functions of q = p - 1/2, so that normal_batch.cpp evaluates
// the central one for many lanes with exactly the scalar arithmetic.
namespace detail {

// |q| <= 0.425. Branch free: a batch may evaluate it for every lane and keep only the central ones.
template <real_type Real>
Real normal_quantile_central(Real q) {
  const Real r = Real(0.180625) - q * q;
  const Real num = ((
      ((((((Real(2.5090809287301226727e+3) * r + Real(3.3430575583588128105e+4)) * r + Real(6.7265770927008700853e+4)) *
              r +
          Real(4.5921953931549871457e+4)) *
             r +
         Real(1.3731693765509461125e+4)) *
            r +
        Real(1.9715909503065514427e+3)) *
           r +
       Real(1.3314166789178437745e+2)) *
          r +
      Real(3.3871328727963666080e+0)));
  const Real den = ((
      ((((((Real(5.2264952788528545610e+3) * r + Real(2.8729085735721942674e+4)) * r + Real(3.9307895800092710610e+4)) *
              r +
          Real(2.1213794301586595867e+4)) *
             r +
         Real(5.3941960214247511077e+3)) *
            r +
        Real(6.8718700749205790830e+2)) *
           r +
       Real(4.2313330701600911252e+1)) *
          r +
      Real(1)));
  return q * num / den;
}

// sqrt(-log min(p, 1-p)) <= 5, in terms of that r. Positive.
template <real_type Real>
Real normal_quantile_near_tail(Real r) {
  r -= Real(1.6);
  const Real num = ((((((((Real(7.74545014278341407640e-4) * r + Real(2.27238449892691845833e-2)) * r +
                          Real(2.41780725177450611770e-1)) *
                             r +
                         Real(1.27045825245236838258e+0)) *
                            r +
                        Real(3.64784832476320460504e+0)) *
                           r +
                       Real(5.76949722146069140550e+0)) *
                          r +
                      Real(4.63033784615654529590e+0)) *
                         r +
                     Real(1.42343711074968357734e+0)));
  const Real den = ((((((((Real(1.05075007164441684324e-9) * r + Real(5.47593808499534494600e-4)) * r +
                          Real(1.51986665636164571966e-2)) *
                             r +
                         Real(1.48103976427480074590e-1)) *
                            r +
                        Real(6.89767334985100004550e-1)) *
                           r +
                       Real(1.67638483018380384940e+0)) *
                          r +
                      Real(2.05319162663775882187e+0)) *
                         r +
                     Real(1)));
  return num / den;
}

// sqrt(-log min(p, 1-p)) > 5 (p below 1.4e-11 or above 1 - 1.4e-11).
template <real_type Real>
Real normal_quantile_far_tail(Real r) {
  r -= Real(5);
  const Real num = ((((((((Real(2.01033439929228813265e-7) * r + Real(2.71155556874348757815e-5)) * r +
                          Real(1.24266094738807843860e-3)) *
                             r +
                         Real(2.65321895265761230930e-2)) *
                            r +
                        Real(2.96560571828504891230e-1)) *
                           r +
                       Real(1.78482653991729133580e+0)) *
                          r +
                      Real(5.46378491116411436990e+0)) *
                         r +
                     Real(6.65790464350110377720e+0)));
  const Real den = ((((((((Real(2.04426310338993978564e-15) * r + Real(1.42151175831644588870e-7)) * r +
                          Real(1.84631831751005468180e-5)) *
                             r +
                         Real(7.86869131145613259100e-4)) *
                            r +
                        Real(1.48753612908506148525e-2)) *
                           r +
                       Real(1.36929880922735805310e-1)) *
                          r +
                      Real(5.99832206555887937690e-1)) *
                         r +
                     Real(1)));
  return num / den;
}

// log of the smaller tail probability. In double, log_positive and not libm's log: normal_batch
// vectorises that one, and the scalar path must give its bits.
template <real_type Real>
Real normal_quantile_tail_log(Real r) {
  if constexpr (std::is_same_v<Real, double>) {
    return log_positive(r);
  } else {
    using std::log;
    return log(r);
  }
}

// |q| > 0.425.
template <real_type Real>
Real normal_quantile_tail(Real p, Real q) {
  using std::sqrt;
  // The smaller tail probability; exact for p on the uniform grid.
  Real r = q < 0 ? p : Real(1) - p;
  r = sqrt(-normal_quantile_tail_log(r));
  const Real z = r <= Real(5) ? normal_quantile_near_tail(r) : normal_quantile_far_tail(r);
  return q < 0 ? -z : z;
}

}  // namespace detail

// Phi^{-1}(p) for 0 < p < 1.
template <real_type Real>
Real normal_quantile(Real p) {
  using std::abs;
  const Real q = p - Real(0.5);
  if (abs(q) <= Real(0.425)) return detail::normal_quantile_central(q);
  return detail::normal_quantile_tail(p, q);
}

template <real_type Real = double, uniform_source Source>
Real normal(Source& source) {
  return normal_quantile(Real(source.next_uniform()));
}

}  // namespace attnlaw::rng
