#pragma once
// Summaries of a singular spectrum sigma_1 >= ... >= sigma_R >= 0 (header only, templated on the
// real type): the effective ranks that count "how many directions carry the matrix", and the
// Eckart–Young tail, the squared Frobenius distance from the best rank-r approximation.
//   Roy–Vetterli:    exp(H(p)), p_k = sigma_k / sum sigma          (Roy & Vetterli, EUSIPCO 2007)
//   energy entropy:  exp(H(p)), p_k = sigma_k^2 / sum sigma^2      (the "energy effective rank")
//   participation:   (sum sigma^2)^2 / sum sigma^4                 (exp of the Renyi-2 entropy of
//                                                                    the energies, <= energy entropy)
//   tau-energy rank: min{k : sum_{j<=k} sigma_j^2 >= tau sum sigma^2}
// All are invariant under scaling the spectrum and are 1 for one nonzero value; for r equal values
// the entropy ranks and the participation ratio are r, the tau-energy rank ceil(tau r). Entropies use 0 ln 0 = 0. Every function throws std::invalid_argument for an empty, negative,
// non-finite or all-zero spectrum (there is no rank to speak of), and energy_rank for tau outside (0, 1].
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>

namespace attnlaw::reference {

namespace detail {

template <class Real>
void require_spectrum(std::span<const Real> sigma) {
  using std::isfinite;
  if (sigma.empty()) throw std::invalid_argument("spectrum: expected at least one singular value");
  bool positive = false;
  for (const Real& s : sigma) {
    if (!isfinite(s) || s < 0) throw std::invalid_argument("spectrum: expected finite, non-negative singular values");
    positive = positive || s > 0;
  }
  if (!positive) throw std::invalid_argument("spectrum: every singular value is zero");
}

// exp(-sum p_k ln p_k) for p_k = w_k / sum w (w_k >= 0, not all 0). Each w is divided by the
// largest first, so that no power of a huge or tiny spectrum overflows or underflows.
template <class Real, class Weight>
Real exp_entropy(std::span<const Real> sigma, Weight weight) {
  using std::exp;
  using std::log;
  const Real top = *std::max_element(sigma.begin(), sigma.end());
  Real total = 0;
  for (const Real& s : sigma) total += weight(s / top);
  Real entropy = 0;
  for (const Real& s : sigma) {
    const Real p = weight(s / top) / total;
    if (p > 0) entropy -= p * log(p);
  }
  return exp(entropy);
}

}  // namespace detail

template <class Real>
Real roy_vetterli_rank(std::span<const Real> sigma) {
  detail::require_spectrum(sigma);
  return detail::exp_entropy(sigma, [](Real s) { return s; });
}

template <class Real>
Real energy_entropy_rank(std::span<const Real> sigma) {
  detail::require_spectrum(sigma);
  return detail::exp_entropy(sigma, [](Real s) { return s * s; });
}

template <class Real>
Real participation_ratio(std::span<const Real> sigma) {
  detail::require_spectrum(sigma);
  const Real top = *std::max_element(sigma.begin(), sigma.end());
  Real second = 0, fourth = 0;
  for (const Real& s : sigma) {
    const Real e = (s / top) * (s / top);
    second += e;
    fourth += e * e;
  }
  return second * second / fourth;
}

// The comparison allows the rounding of the cumulative sums (4 R epsilon of the total), so that r
// equal values give r at every tau in (0, 1], tau = 1 included.
template <class Real>
std::size_t energy_rank(std::span<const Real> sigma, Real tau) {
  detail::require_spectrum(sigma);
  if (!(tau > 0 && tau <= 1)) throw std::invalid_argument("energy rank: expected 0 < tau <= 1");
  const Real top = *std::max_element(sigma.begin(), sigma.end());
  Real total = 0;
  for (const Real& s : sigma) total += (s / top) * (s / top);
  const Real slack = 4 * static_cast<Real>(sigma.size()) * std::numeric_limits<Real>::epsilon() * total;
  Real cumulative = 0;
  for (std::size_t k = 0; k < sigma.size(); ++k) {
    cumulative += (sigma[k] / top) * (sigma[k] / top);
    if (cumulative >= tau * total - slack) return k + 1;
  }
  return sigma.size();
}

// sum_{k > r} sigma_k^2 (1-based k; sigma descending): min over rank-r A of |M - A|_F^2 for a
// matrix M with these singular values (Eckart–Young). r >= R gives 0.
template <class Real>
Real eckart_young_tail(std::span<const Real> sigma, std::size_t r) {
  Real tail = 0;  // smallest first, so that the tail's small terms are not lost
  for (std::size_t k = sigma.size(); k > r; --k) tail += sigma[k - 1] * sigma[k - 1];
  return tail;
}

}  // namespace attnlaw::reference
