// MH.relu-vs-softmax, experiment "orthogonal-start": the clustering time per decade of rho0 -> 0.
#include <fmt/core.h>

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "theory/multihead_dynamics/equiangular_scalar_heads.hpp"
#include "theory/multihead_dynamics/relu_vs_softmax/experiments.hpp"
#include "verify/dynamics/initial_tokens.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics::relu_vs_softmax_claim {

namespace {

// D_k = T(10^-(k+1) -> 10^-k), k = 2..7, by Gauss-Kronrod in u = ln rho (integrand rho/rho' -> 1/a).
// The reference's rate is written in eps = 1 - rho (exact near consensus), so near rho = 0 it
// carries the absolute rounding eps/2 of rho = 1 - (1 - rho): a relative error of at most
// (1/rho + n + beta + 16) eps, which the bound adds (the reference's own quadrature refuses these
// decades below 10^-3 for that reason). Each D_k lies in an interval [D_lo, D_hi] (n >= 3, rho <= 0.01):
//   ReLU: rho' = a rho g(rho), g(0) = 1, D_k a = ln 10 + int (1/g - 1)/rho, and (1/g - 1)/rho lies in
//     U: g = (1-rho)(1+(n-1)rho): [-(n-2)/(1 - rho_h^2), (-(n-2) + (n-1) rho_h)/(1 + (n-2) rho_h)];
//     S: g = 1 - rho: [1/(1 - rho_l), 1/(1 - rho_h)];
//   softmax: 0 <= d ln rho'/d rho <= kappa = n - 2 + beta on [0, 0.01], so
//     (1 - kappa rho_h)(rho_h - rho_l)/rho'(0) <= D_k <= (rho_h - rho_l)/rho'(0).
reference::Estimate<double> decade_time(const Reading& reading, double beta, std::uint64_t n, double lo, double hi) {
  const auto integrand = [&](double u) {
    const double rho = std::exp(u);
    return rho / reference::equiangular_rate<double>(reading.model, kHead, beta, n, rho);
  };
  double error = 0;
  const double value = boost::math::quadrature::gauss_kronrod<double, 61>::integrate(integrand, std::log(lo),
                                                                                     std::log(hi), 8, 1e-14, &error);
  return {value, error + (1 / lo + static_cast<double>(n) + beta + 16) * kEps * std::abs(value)};
}

}  // namespace

harness::ExperimentResult orthogonal_starts(const RatePoint& p, const ReluGain& model, const harness::PointContext&) {
  harness::ExperimentResult out;
  const double nn = static_cast<double>(p.n);
  for (const Reading& reading : kReadings) {
    const bool relu = reading.kernel == Kernel::relu;
    const bool unnormalised = reading.normalisation == Normalisation::unnormalised;
    const double a = unnormalised ? 2 * kHead[0].v * model.gain(p.beta, kHead[0].m) / nn : 2 * kHead[0].v;
    const double start_rate = reference::equiangular_rate<double>(reading.model, kHead, p.beta, p.n, 0.0);
    double worst = 0;
    std::vector<double> steps;
    for (int k = 2; k <= 7; ++k) {
      const double hi = std::pow(10.0, -k), lo = hi / 10, width = hi - lo;
      const auto d = decade_time(reading, p.beta, p.n, lo, hi);
      steps.push_back(d.value);
      double d_lo = 0, d_hi = 0;
      if (relu && unnormalised) {
        d_lo = (std::log(10.0) - (nn - 2) / (1 - hi * hi) * width) / a;
        d_hi = (std::log(10.0) + (-(nn - 2) + (nn - 1) * hi) / (1 + (nn - 2) * hi) * width) / a;
      } else if (relu) {
        d_lo = (std::log(10.0) + width / (1 - lo)) / a;
        d_hi = (std::log(10.0) + width / (1 - hi)) / a;
      } else {
        d_lo = (1 - (nn - 2 + p.beta) * hi) * width / start_rate;
        d_hi = width / start_rate;
      }
      worst = std::max(worst, std::abs(d.value - (d_lo + d_hi) / 2) / ((d_hi - d_lo) / 2 + d.error));
    }
    out.checks.push_back(harness::deterministic_check(
        relu ? fmt::format("{}: T(10^-(k+1) -> 10^-k) = ln 10 / a for k = 2..7, a = {} (T linear in k = -log10 rho0)",
                           reading.name, unnormalised ? "2 beta m v / n" : "2 v")
             : fmt::format("{}: T(10^-(k+1) -> 10^-k) = 0.9 10^-k / rho'(0) (1 + O(10^-k)), k = 2..7 (T bounded as "
                           "rho0 -> 0)",
                           reading.name),
        worst,
        fmt::format("{}; quadrature; differences {:.6g} ... {:.6g}{}",
                    relu ? "statistic = max_k |D_k - mid| / (half-width + quadrature and rounding bound), [D_lo, D_hi] "
                           "= ln 10/a "
                           "+ O(10^-k)"
                         : "statistic = max_k |D_k - mid| / (half-width + bound), [D_lo, D_hi] = "
                           "[(1 - (n-2+beta) 10^-k), 1] 0.9 10^-k / rho'(0) (within THEORY.md §6's 1.1 10^-k/rho'(0))",
                    steps.front(), steps.back(),
                    relu ? fmt::format(", ln 10 / a = {:.6g}", std::log(10.0) / a) : std::string())));
    if (relu) {
      // Orthogonal tokens: every off-diagonal ReLU weight vanishes, the self term is radial.
      dynamics::Matrix<double> v;
      scalar_head_flow(kHead, p.beta, p.n, reading.normalisation, reading.kernel)
          .velocity(
              dynamics::equiangular_tokens(static_cast<Eigen::Index>(p.n), static_cast<Eigen::Index>(p.n) + 1, 0.0), v);
      out.checks.push_back(harness::deterministic_check(
          fmt::format("{}: orthogonal tokens (rho = 0) are an equilibrium of the particle flow", reading.name),
          v.cwiseAbs().maxCoeff() / (4 * kEps * p.beta),
          "statistic = max |x_i'| / (4 eps beta) (the rounding of the projected self term)"));
    }
  }
  return out;
}

}  // namespace attnlaw::theory::multihead_dynamics::relu_vs_softmax_claim
