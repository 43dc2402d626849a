#pragma once
// Poisson(mu) variates, exact for mu up to 2^52 (mu = 1e12 is in range).
//
// Algorithm:
//   mu < 10: sequential inversion from 0 (Devroye, "Non-Uniform Random Variate
//     Generation", 1986, §X.3), f(0) = e^{-mu}, f(k+1) = f(k) mu / (k + 1).
//   mu >= 10: PTRS, transformed rejection with squeeze (W. Hörmann, "The transformed
//     rejection method for generating Poisson random variables", Insurance: Mathematics
//     and Economics 12, 39-45, 1993), constants b = 0.931 + 2.53 sqrt(mu),
//     a = -0.059 + 0.02483 b, 1/alpha = 1.1239 + 1.1328/(b - 3.4), v_r = 0.9277 - 3.6224/(b - 2).
//   The final PTRS test needs log f(k) = k log mu - mu - log k!, a difference of terms
//   of size mu log mu (~3e13 at mu = 1e12); it is evaluated in Loader's saddle-point form
//   (detail/saddle_point.hpp), whose terms are O(1).
// Words consumed: variable. Inversion: 2 per attempt (a new attempt only if rounding
//   leaves mass ~1e-16 unassigned). PTRS: 4 per attempt (U, V); mean attempts <= 1.15.
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "verify/rng/detail/saddle_point.hpp"
#include "verify/rng/source.hpp"

namespace attnlaw::rng {

class poisson_distribution {
 public:
  static constexpr double max_mean = 0x1.0p52;

  explicit poisson_distribution(double mu) : mu_(mu) {
    if (!(mu >= 0 && mu <= max_mean)) throw std::domain_error("poisson_distribution: mu must lie in [0, 2^52]");
    if (mu < 10) {
      f0_ = std::exp(-mu);
      return;
    }
    const double s = std::sqrt(mu);
    b_ = 0.931 + 2.53 * s;
    a_ = -0.059 + 0.02483 * b_;
    log_inv_alpha_ = std::log(1.1239 + 1.1328 / (b_ - 3.4));
    v_r_ = 0.9277 - 3.6224 / (b_ - 2);
  }

  double mean() const noexcept { return mu_; }

  template <uniform_source Source>
  std::uint64_t operator()(Source& source) const {
    return mu_ < 10 ? inversion(source) : ptrs(source);
  }

 private:
  template <uniform_source Source>
  std::uint64_t inversion(Source& source) const {
    if (mu_ == 0) return 0;
    for (;;) {
      double u = source.next_uniform();
      double f = f0_;
      for (std::uint64_t k = 0;; ++k) {
        if (u <= f) return k;
        u -= f;
        f *= mu_ / static_cast<double>(k + 1);
        if (f == 0) break;
      }
    }
  }

  template <uniform_source Source>
  std::uint64_t ptrs(Source& source) const {
    for (;;) {
      const double u = source.next_uniform() - 0.5;
      const double v = source.next_uniform();
      const double us = 0.5 - std::fabs(u);
      const double k = std::floor((2 * a_ / us + b_) * u + mu_ + 0.43);
      if (us >= 0.07 && v <= v_r_) return static_cast<std::uint64_t>(k);
      if (k < 0 || (us < 0.013 && v > us)) continue;
      const double lhs = std::log(v) + log_inv_alpha_ - std::log(a_ / (us * us) + b_);
      if (lhs <= log_pmf(k)) return static_cast<std::uint64_t>(k);
    }
  }

  double log_pmf(double k) const {
    if (k == 0) return -mu_;
    return -detail::stirling_error(k) - detail::bd0(k, mu_) - detail::log_sqrt_2pi - 0.5 * std::log(k);
  }

  double mu_;
  double f0_ = 0;
  double a_ = 0, b_ = 0, log_inv_alpha_ = 0, v_r_ = 0;
};

template <uniform_source Source>
std::uint64_t poisson(Source& source, double mu) {
  return poisson_distribution(mu)(source);
}

}  // namespace attnlaw::rng
