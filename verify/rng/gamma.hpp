#pragma once
// Gamma(a, 1) variates.
//
// Algorithm, a >= 1: Marsaglia and Tsang, "A simple method for generating gamma
//   variables", ACM TOMS 26(3), 363-372 (2000): with d = a - 1/3, c = 1/sqrt(9d),
//   propose v = (1 + c Z)^3 from a normal Z, accept d v if U < 1 - 0.0331 Z^4 (squeeze)
//   or log U < Z^2/2 + d (1 - v + log v). Acceptance probability >= 0.95 for all a >= 1.
// Algorithm, a < 1: the same paper, §6: Gamma(a) = Gamma(a + 1) U^{1/a}. The power is
//   taken in logs (log G = log Gamma(a+1) + log(U)/a) because U^{1/a} underflows for
//   small a long before the variate it represents does; log_variate() returns log G
//   itself, so Beta with tiny parameters keeps its precision (see beta.hpp).
// Words consumed: variable. Each Marsaglia-Tsang attempt takes 2 words per normal
//   (one more normal whenever 1 + cZ <= 0) and 2 for U; a < 1 adds 2 for the power.
//   Mean attempts: 1.05 at a = 1, decreasing towards 1 as a grows.
// Accuracy: the final log test evaluates d (1 - v + log v), whose rounding error is
//   about d 1e-16; it decides only proposals that miss the squeeze, so up to a ~ 1e8 the
//   acceptance is exact to better than 1e-8 of a probability that is itself small.
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "verify/rng/normal.hpp"
#include "verify/rng/source.hpp"

namespace attnlaw::rng {

template <real_type Real = double>
class gamma_distribution {
 public:
  explicit gamma_distribution(Real shape) : shape_(shape) {
    using std::isfinite;
    using std::sqrt;
    if (!(shape > 0) || !isfinite(shape)) throw std::domain_error("gamma_distribution: shape must be finite and > 0");
    boosted_ = shape < 1;
    const Real a = boosted_ ? shape + 1 : shape;
    d_ = a - Real(1) / Real(3);
    c_ = Real(1) / sqrt(Real(9) * d_);
    inv_shape_ = Real(1) / shape;
  }

  Real shape() const noexcept { return shape_; }

  template <uniform_source Source>
  Real operator()(Source& source) const {
    using std::exp;
    using std::log;
    const Real g = marsaglia_tsang(source);
    if (!boosted_) return g;
    return exp(log(g) + log(Real(source.next_uniform())) * inv_shape_);
  }

  // log of a Gamma(a) variate, consuming exactly the words operator() would.
  template <uniform_source Source>
  Real log_variate(Source& source) const {
    using std::log;
    const Real g = marsaglia_tsang(source);
    if (!boosted_) return log(g);
    return log(g) + log(Real(source.next_uniform())) * inv_shape_;
  }

 private:
  // Gamma(d + 1/3) for d + 1/3 >= 1.
  template <uniform_source Source>
  Real marsaglia_tsang(Source& source) const {
    using std::log;
    for (;;) {
      Real z;
      Real v;
      do {
        z = normal<Real>(source);
        v = Real(1) + c_ * z;
      } while (v <= 0);
      v = v * v * v;
      const Real u = Real(source.next_uniform());
      const Real z2 = z * z;
      if (u < Real(1) - Real(0.0331) * z2 * z2) return d_ * v;
      if (log(u) < Real(0.5) * z2 + d_ * (Real(1) - v + log(v))) return d_ * v;
    }
  }

  Real shape_;
  bool boosted_ = false;
  Real d_{};
  Real c_{};
  Real inv_shape_{};
};

template <real_type Real = double, uniform_source Source>
Real gamma(Source& source, std::type_identity_t<Real> shape) {
  return gamma_distribution<Real>(shape)(source);
}

}  // namespace attnlaw::rng
