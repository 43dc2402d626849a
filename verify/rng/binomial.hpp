#pragma once
// Binomial(n, p) variates, exact for n up to 2^53 (so n = 1e12 is in range).
//
// Algorithm: with p' = min(p, 1 - p) (and n - K returned when p > 1/2):
//   n p' < 10: sequential inversion from 0 (Devroye, "Non-Uniform Random Variate
//     Generation", 1986, §X.4), f(k+1) = f(k) (n - k) p' / ((k + 1) q').
//   n p' >= 10: BTRS, transformed rejection with squeeze (W. Hörmann, "The generation
//     of binomial random variables", J. Statist. Comput. Simul. 46, 101-110, 1993),
//     with the paper's constants b = 1.15 + 2.53 s, a = -0.0873 + 0.0248 b + 0.01 p',
//     alpha = (2.83 + 5.1/b) s, v_r = 0.92 - 4.2/b, s = sqrt(n p' q').
//   The final BTRS test compares log V with log(f(k)/f(m)), m the mode. The paper forms
//   that ratio from lgamma values of size n log n; at n = 1e12 their rounding error is
//   ~1e-3, so here it is formed from Loader's saddle-point terms (detail/saddle_point.hpp),
//   each O(1), and the mode is floor((n+1)p') computed exactly with an fma.
// Words consumed: variable. Inversion: 2 per attempt (a new attempt only if rounding
//   leaves mass ~1e-16 unassigned). BTRS: 4 per attempt (U, V); mean attempts <= 1.2.
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "verify/rng/detail/saddle_point.hpp"
#include "verify/rng/source.hpp"

namespace attnlaw::rng {

class binomial_distribution {
 public:
  static constexpr std::uint64_t max_trials = std::uint64_t{1} << 53;

  binomial_distribution(std::uint64_t n, double p) : n_(n), p_(p) {
    if (!(p >= 0 && p <= 1)) throw std::domain_error("binomial_distribution: p must lie in [0, 1]");
    if (n > max_trials) throw std::domain_error("binomial_distribution: n must be <= 2^53");
    flipped_ = p > 0.5;
    const double ps = flipped_ ? 1 - p : p;  // exact: Sterbenz
    const double qs = 1 - ps;
    const double nd = static_cast<double>(n);
    ps_ = ps;
    mean_ = nd * ps;
    if (n == 0 || ps == 0) {
      kind_ = Kind::degenerate;
    } else if (mean_ < 10) {
      kind_ = Kind::inversion;
      f0_ = std::exp(nd * std::log1p(-ps));
      odds_ = ps / qs;
    } else {
      kind_ = Kind::btrs;
      const double s = std::sqrt(mean_ * qs);
      b_ = 1.15 + 2.53 * s;
      a_ = -0.0873 + 0.0248 * b_ + 0.01 * ps;
      c_ = mean_ + 0.5;
      alpha_ = (2.83 + 5.1 / b_) * s;
      v_r_ = 0.92 - 4.2 / b_;
      nq_ = nd - mean_;
      log_q_ = std::log1p(-ps);
      log_p_ = std::log(ps);
      // floor((n+1) p') exactly: the fma recovers the rounding error of the product.
      const double prod = (nd + 1) * ps;
      const double err = std::fma(nd + 1, ps, -prod);
      double m = std::floor(prod);
      if (m == prod && err < 0) m -= 1;
      log_f_mode_ = log_pmf(m);
    }
  }

  std::uint64_t n() const noexcept { return n_; }
  double p() const noexcept { return p_; }

  template <uniform_source Source>
  std::uint64_t operator()(Source& source) const {
    std::uint64_t k = 0;
    switch (kind_) {
      case Kind::degenerate: k = 0; break;
      case Kind::inversion: k = inversion(source); break;
      case Kind::btrs: k = btrs(source); break;
    }
    return flipped_ ? n_ - k : k;
  }

 private:
  enum class Kind { degenerate, inversion, btrs };

  template <uniform_source Source>
  std::uint64_t inversion(Source& source) const {
    for (;;) {
      double u = source.next_uniform();
      double f = f0_;
      for (std::uint64_t k = 0;; ++k) {
        if (u <= f) return k;
        u -= f;
        if (k == n_) break;
        f *= odds_ * static_cast<double>(n_ - k) / static_cast<double>(k + 1);
        if (f == 0) break;
      }
    }
  }

  template <uniform_source Source>
  std::uint64_t btrs(Source& source) const {
    const double nd = static_cast<double>(n_);
    for (;;) {
      const double u = source.next_uniform() - 0.5;
      const double v = source.next_uniform();
      const double us = 0.5 - std::fabs(u);
      const double k = std::floor((2 * a_ / us + b_) * u + c_);
      if (us >= 0.07 && v <= v_r_) return static_cast<std::uint64_t>(k);
      if (k < 0 || k > nd) continue;
      const double log_v = std::log(v * alpha_ / (a_ / (us * us) + b_));
      if (log_v <= log_pmf(k) - log_f_mode_) return static_cast<std::uint64_t>(k);
    }
  }

  // log f(k) for Binomial(n, p'), 0 <= k <= n, in Loader's form.
  double log_pmf(double k) const {
    const double nd = static_cast<double>(n_);
    if (k == 0) return nd * log_q_;
    if (k == nd) return nd * log_p_;
    const double j = nd - k;
    return detail::stirling_error(nd) - detail::stirling_error(k) - detail::stirling_error(j) - detail::bd0(k, mean_) -
           detail::bd0(j, nq_) + 0.5 * std::log(nd / (k * j)) - detail::log_sqrt_2pi;
  }

  std::uint64_t n_;
  double p_;
  bool flipped_ = false;
  Kind kind_ = Kind::degenerate;
  double ps_ = 0;
  double mean_ = 0;
  // inversion
  double f0_ = 0;
  double odds_ = 0;
  // BTRS
  double a_ = 0, b_ = 0, c_ = 0, alpha_ = 0, v_r_ = 0;
  double nq_ = 0, log_q_ = 0, log_p_ = 0;
  double log_f_mode_ = 0;
};

template <uniform_source Source>
std::uint64_t binomial(Source& source, std::uint64_t n, double p) {
  return binomial_distribution(n, p)(source);
}

}  // namespace attnlaw::rng
