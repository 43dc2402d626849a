#pragma once
// Equiangular token configurations under scalar heads M_h = m_h I, V_h = v_h I: every pairwise
// inner product equals rho, and it stays so, with rho' = rate(rho) a scalar ODE. The rates of the
// four attention models (softmax or ReLU kernel, U- or S-type normalisation), their linear rates
// at consensus, the clustering time T(rho0 -> rho1) = int drho / rate (closed form with the
// exponential integral for one S-type softmax head; adaptive quadrature for any heads), the
// critical inverse temperature, and the attention entropy H(rho) with dH/drho. Each formula's
// derivation is summarised beside its code in detail/equiangular_impl.hpp.
#include <cstdint>
#include <span>

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {

template <class Real>
struct ScalarHead {
  Real m;  // score scale: M_h = m I
  Real v;  // value scale: V_h = v I
};

enum class EquiangularModel { softmax_unnormalised, softmax_row, relu_unnormalised, relu_row };

// rho' at rho for n tokens (n >= 2, -1/(n-1) <= rho <= 1, beta >= 0):
//   softmax U: (2/n)(1 - rho)(1 + (n-1) rho) sum_h v_h e^{beta m_h rho}
//   softmax S: 2 (1 - rho)(1 + (n-1) rho) sum_h v_h / (e^{beta m_h (1 - rho)} + n - 1)
//   ReLU U:    (2/n)(1 - rho)(1 + (n-1) rho) sum_h v_h beta m_h max(rho, 0)
//   ReLU S:    2 max(rho, 0)(1 - rho) sum_h v_h
template <class Real>
Real equiangular_rate(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta, std::uint64_t n,
                      Real rho);

// lambda of eps' = -lambda eps + O(eps^2), eps = 1 - rho: softmax U 2 sum v e^{beta m}, softmax S
// 2 sum v, ReLU U 2 sum v beta m, ReLU S 2 sum v.
template <class Real>
Real consensus_rate(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta);

// T = int_{rho0}^{rho1} drho / rate(rho) by adaptive Gauss–Kronrod (61 points) on panels that
// shrink geometrically towards rho = 1, with its error estimate. Throws OutOfDomain when the
// rate is not positive on the interval (no clustering), or the estimate exceeds 1e-12 relative.
template <class Real>
Estimate<Real> clustering_time_quadrature(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta,
                                          std::uint64_t n, Real rho0, Real rho1);

// One S-type softmax head (m, v > 0): T(rho0 -> rho1) = (F(rho1) - F(rho0)) / v with b = beta m and
//   F(rho) = (1/(2n)) [-Ei(b(1 - rho)) + e^{b n/(n-1)} Ei(-b (1 + (n-1) rho)/(n-1))]
//          + ((n-1)/(2n)) ln((1 + (n-1) rho)/(1 - rho)),
// evaluated with Ei(z) = gamma + ln|z| + Ein-type series so that b -> 0 is regular; the error
// bound is the rounding of the terms that cancel. Throws OutOfDomain outside n >= 2,
// -1/(n-1) < rho0 < rho1 < 1, b in [0, 700], or when the bound exceeds 1e-10 relative.
template <class Real>
Estimate<Real> clustering_time_closed_form(std::uint64_t n, Real beta, Real m, Real v, Real rho0, Real rho1);

// beta_c = ln(n - 1) / (m (1 - rho)): the S-type self-weight p(beta_c) = 1/2 (n >= 3).
template <class Real>
Real critical_beta(std::uint64_t n, Real m, Real rho);

// p = 1 / (1 + (n - 1) e^{-b (1 - rho)}), the weight a token gives itself, b = beta m.
template <class Real>
Real self_weight(std::uint64_t n, Real b, Real rho);

// H(rho) = -p ln p - (1 - p) ln((1 - p)/(n - 1)) and dH/drho = b^2 p (1 - p)(1 - rho).
template <class Real>
struct EquiangularEntropy {
  Real entropy;
  Real derivative;
};
template <class Real>
EquiangularEntropy<Real> equiangular_entropy(std::uint64_t n, Real b, Real rho);

extern template double equiangular_rate<double>(EquiangularModel, std::span<const ScalarHead<double>>, double,
                                                std::uint64_t, double);
extern template double consensus_rate<double>(EquiangularModel, std::span<const ScalarHead<double>>, double);
extern template Estimate<double> clustering_time_quadrature<double>(EquiangularModel, std::span<const ScalarHead<double>>,
                                                                    double, std::uint64_t, double, double);
extern template Estimate<double> clustering_time_closed_form<double>(std::uint64_t, double, double, double, double,
                                                                     double);
extern template double critical_beta<double>(std::uint64_t, double, double);
extern template double self_weight<double>(std::uint64_t, double, double);
extern template EquiangularEntropy<double> equiangular_entropy<double>(std::uint64_t, double, double);

}  // namespace attnlaw::reference
