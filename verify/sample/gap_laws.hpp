#pragma once
// Laws of the gap t = 1 - <q,k> in [0, 2], in the form the shell sampler needs
// (detail/truncated_shells.hpp): CDF and survival function accurate in relative terms for
// tiny t, an exact sampler of t conditioned on a shell (t1, t2], and the widest shell that
// sampler accepts.
#include <cstdint>

#include "verify/rng/philox_stream.hpp"

namespace attnlaw::sample {

// Uniform keys on S^{d-1}: t/2 ~ Beta(m, m), m = (d - 1)/2 (theory/scaling_limits/THEORY.md §1),
// F(t) = I_{t/2}(m, m).
// m = 1 (d = 3): F(t) = t/2. m = 1/2 (d = 2): F(t) = (2/pi) asin(sqrt(t/2)). Otherwise
// Boost.Math's ibeta/ibetac, which keep relative accuracy as t -> 0 (F ~ A_d t^m).
//
// Shell sampler: m = 1 and m = 1/2 invert F in closed form, so t is monotone in the key's
// first uniform. For m > 1 Boost's ibeta_inv costs 6-25 us, so the conditional law is drawn
// by rejection instead: with x = t/2 and density proportional to x^{m-1} (1-x)^{m-1},
//   x2 <= 1/2: propose x from the density proportional to x^{m-1} on [x1, x2] (inverse CDF
//     x = x2 (r + U (1 - r))^{1/m}, r = (x1/x2)^m), accept with ((1-x)/(1-x1))^{m-1};
//   x1 >= 1/2: the mirror image, propose 1 - x from y^{m-1} on [1-x2, 1-x1], accept with
//     (x/x2)^{m-1}.
// shell_limit() keeps every shell on one side of x = 1/2 and narrow enough that the
// acceptance probability is >= 1/2 (at most about 2(m-1) + 1 shells span [0, 2]).
// Words consumed by the shell sampler: 2 (m <= 1); 4 per attempt, mean attempts < 2 (m > 1).
class SphereGapLaw {
 public:
  explicit SphereGapLaw(int d);

  int dimension() const noexcept { return d_; }
  double m() const noexcept { return m_; }

  double cdf(double t) const;
  double survival(double t) const;
  // The t with F(t) = p, given p and q = 1 - p each to full relative accuracy (the smaller
  // of the two is used, so both tails of the quantile keep their digits).
  double quantile(double p, double q) const;
  // A cheap approximation of quantile(p, 1 - p) for small p, for choosing shells only.
  double rough_quantile(double p) const;
  double shell_limit(double t1) const;
  // t ~ F restricted to (t1, t2]; f1 = F(t1), f2 = F(t2), s1 = 1 - f1, s2 = 1 - f2.
  double sample_in_shell(rng::SampleSource& source, double t1, double t2, double f1, double f2, double s1,
                         double s2) const;

 private:
  int d_;
  double m_;
  double log_m_beta_;  // log(m B(m, m)): F(t) ~ (t/2)^m / (m B(m, m)) as t -> 0
  double shrink_;      // 2^{-1/(m-1)} for m > 1
};

// A gap law of local exponent a: P(t <= tau) = (tau/2)^a on [0, 2], a > 0, so
// t = 2 U^{1/a}; near q it has exponent a and constant L = 2^{-a}. Shell sampler: the
// closed-form conditional quantile, t = 2 (f1 + U (f2 - f1))^{1/a} (2 words).
class LocalExponentGapLaw {
 public:
  explicit LocalExponentGapLaw(double a);

  double a() const noexcept { return a_; }

  double cdf(double t) const;
  double survival(double t) const;
  double quantile(double p, double q) const;
  double rough_quantile(double p) const { return quantile(p, 1 - p); }
  double shell_limit(double) const { return 2; }
  double sample_in_shell(rng::SampleSource& source, double t1, double t2, double f1, double f2, double s1,
                         double s2) const;

 private:
  double a_;
};

}  // namespace attnlaw::sample
