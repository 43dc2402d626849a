#pragma once
// Template bodies of reference/extreme_value/equicorrelated.hpp, included only by the translation
// units that instantiate them (double in equicorrelated.cpp, mpfr in equicorrelated_mpfr.cpp).
//
// Everything is written in terms of x = beta (1 - rho) and y = log((n - 1) q) = log(n - 1) - x,
// the log of the total weight of the n - 1 other keys relative to the self key. Then
//   log Z = softplus(y),  (n - 1) q / Z = sigmoid(y),  a_self = e^{-log Z},  q / Z = e^{-x - log Z},
//   D = (1 - q) / Z = -expm1(-x) a_self,  H = log Z + x sigmoid(y),
// which keeps full relative accuracy from q = 1 (beta = 0) to q far below the underflow
// threshold (Z - 1 and H both tiny), with no 1 - 1/Z cancellation.
#include <cmath>
#include <stdexcept>

#include "reference/extreme_value/equicorrelated.hpp"

namespace attnlaw::reference::detail {

// The gap 1 - rho between the self score and the others.
template <class Real>
Real equicorrelated_gap(const Real& rho) {
  return Real(1) - rho;
}

// log(1 + e^y) without overflow for large y or loss for very negative y.
template <class Real>
Real softplus(const Real& y) {
  using std::exp;
  using std::log1p;
  if (y > 0) return y + log1p(exp(-y));
  return log1p(exp(y));
}

// 1 / (1 + e^{-y}).
template <class Real>
Real sigmoid(const Real& y) {
  using std::exp;
  if (y >= 0) return Real(1) / (Real(1) + exp(-y));
  const Real e = exp(y);
  return e / (Real(1) + e);
}

template <class Real>
void check_rho(const Real& rho, const char* where) {
  if (!(rho > 0 && rho < 1)) throw std::invalid_argument(std::string(where) + ": rho must lie in (0, 1)");
}

}  // namespace attnlaw::reference::detail

namespace attnlaw::reference {

template <class Real>
EquicorrelatedRow<Real> equicorrelated_row(std::uint64_t n, Real rho, Real beta) {
  using std::exp;
  using std::expm1;
  using std::isfinite;
  using std::log;
  if (n < 2) throw std::invalid_argument("equicorrelated_row: n must be >= 2");
  detail::check_rho(rho, "equicorrelated_row");
  if (!(beta >= 0) || !isfinite(beta)) throw std::invalid_argument("equicorrelated_row: beta must be finite and >= 0");

  const Real gap = detail::equicorrelated_gap(rho);
  const Real x = beta * gap;
  const Real y = log(Real(n - 1)) - x;
  EquicorrelatedRow<Real> row;
  row.lambda = log(Real(n)) / gap;
  row.contact_gap = gap;
  row.log_partition = detail::softplus(y);
  row.top_weight = exp(-row.log_partition);
  row.other_weight = exp(-x - row.log_partition);
  row.top_two_difference = -expm1(-x) * row.top_weight;
  row.entropy = row.log_partition + x * detail::sigmoid(y);
  return row;
}

template <class Real>
Real equicorrelated_limit_cosine(Real rho, Real a, Real gamma) {
  detail::check_rho(rho, "equicorrelated_limit_cosine");
  if (!(a >= 0)) throw std::invalid_argument("equicorrelated_limit_cosine: a must be >= 0");
  if (!(gamma >= 0)) throw std::invalid_argument("equicorrelated_limit_cosine: gamma must be >= 0");
  // gamma_c = 1 / (1 - rho): gamma (1 - rho) compared with 1 rather than gamma with 1 / (1 - rho),
  // so that gamma = 1 / (1 - rho) computed in Real lands on the critical branch when it should.
  const Real critical = gamma * detail::equicorrelated_gap(rho);
  const Real numerator = rho * (1 + a) * (1 + a);
  if (critical < 1) return numerator / (a * a + 2 * a * rho + rho);                   // uniform average
  if (critical == 1) return numerator / (a * a + a * (1 + rho) + (1 + 3 * rho) / 4);  // a_self -> 1/2
  return rho;                                                                         // self only
}

}  // namespace attnlaw::reference
