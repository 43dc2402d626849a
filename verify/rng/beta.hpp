#pragma once
// Beta(a, b) variates as X = G1 / (G1 + G2), G1 ~ Gamma(a), G2 ~ Gamma(b) independent.
//
// Algorithm: the gamma-ratio representation (Devroye, "Non-Uniform Random Variate
//   Generation", 1986, §IX.4.1), with the gammas of gamma.hpp (Marsaglia-Tsang 2000).
//   When a or b is below 1 the ratio is formed from log G1 and log G2 as
//   1 / (1 + exp(log G2 - log G1)), since the gamma variates themselves may underflow.
// Words consumed: variable: those of G1, then those of G2 (see gamma.hpp).
#include <cmath>
#include <type_traits>

#include "verify/rng/gamma.hpp"
#include "verify/rng/source.hpp"

namespace attnlaw::rng {

template <real_type Real = double>
class beta_distribution {
 public:
  beta_distribution(Real a, Real b) : g1_(a), g2_(b), in_logs_(a < 1 || b < 1) {}

  Real a() const noexcept { return g1_.shape(); }
  Real b() const noexcept { return g2_.shape(); }

  template <uniform_source Source>
  Real operator()(Source& source) const {
    using std::exp;
    if (!in_logs_) {
      const Real x = g1_(source);
      const Real y = g2_(source);
      return x / (x + y);
    }
    const Real lx = g1_.log_variate(source);
    const Real ly = g2_.log_variate(source);
    // Exponentiate only a non-positive difference so that nothing overflows.
    if (lx >= ly) return Real(1) / (Real(1) + exp(ly - lx));
    const Real r = exp(lx - ly);
    return r / (Real(1) + r);
  }

 private:
  gamma_distribution<Real> g1_;
  gamma_distribution<Real> g2_;
  bool in_logs_;
};

template <real_type Real = double, uniform_source Source>
Real beta(Source& source, std::type_identity_t<Real> a, std::type_identity_t<Real> b) {
  return beta_distribution<Real>(a, b)(source);
}

}  // namespace attnlaw::rng
