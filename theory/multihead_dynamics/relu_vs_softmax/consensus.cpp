// MH.relu-vs-softmax, experiment "consensus": the linear rates at rho = 0.999 fitted to particle flows.
#include <fmt/core.h>

#include <cmath>
#include <functional>
#include <vector>

#include "theory/multihead_dynamics/equiangular_scalar_heads.hpp"
#include "theory/multihead_dynamics/relu_vs_softmax/experiments.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::multihead_dynamics::relu_vs_softmax_claim {

namespace {

// The linear rate the claim predicts: the model's gain for ReLU-U, the reference for the others.
double predicted_rate(const Reading& r, const ReluGain& model, double beta) {
  if (r.model == EquiangularModel::relu_unnormalised) return 2 * kHead[0].v * model.gain(beta, kHead[0].m);
  return reference::consensus_rate<double>(r.model, kHead, beta);
}

// Least squares of ln eps on equally spaced times. Its slope is a positively weighted mean of the
// difference quotients, weights W_j = (t_{j+1} - t_j) sum_{k>j} (t_k - tbar) / S_tt, and each
// quotient is -lambda q(eps) at some eps in its interval, q = rate/(lambda eps) monotone in eps:
// |slope + lambda| <= lambda sum_j W_j |q(eps_j) - 1|. The integrator's error moves ln eps_k by at
// most 2 sqrt(2 d) E / sqrt(eps_k) (eps = |x_i - x_j|^2/2); it adds sum_k |a_k| of that.
struct Fit {
  double slope, correction, noise;
};
Fit fit_log_gap(const std::vector<double>& t, const std::vector<double>& eps, const std::function<double(double)>& q,
                double noise_scale) {
  const std::size_t k = t.size();
  double tbar = 0, ybar = 0;
  for (std::size_t i = 0; i < k; ++i) tbar += t[i] / k, ybar += std::log(eps[i]) / k;
  double stt = 0, sty = 0;
  for (std::size_t i = 0; i < k; ++i)
    stt += (t[i] - tbar) * (t[i] - tbar), sty += (t[i] - tbar) * (std::log(eps[i]) - ybar);
  Fit f{sty / stt, 0, 0};
  double tail = 0;  // sum_{i > j} (t_i - tbar)
  for (std::size_t j = k - 1; j-- > 0;) {
    tail += t[j + 1] - tbar;
    f.correction += (t[j + 1] - t[j]) * tail / stt * std::abs(q(eps[j]) - 1);
  }
  for (std::size_t i = 0; i < k; ++i) f.noise += std::abs(t[i] - tbar) / stt * noise_scale / std::sqrt(eps[i]);
  return f;
}

}  // namespace

harness::ExperimentResult consensus_rates(const RatePoint& p, const ReluGain& model, const harness::PointContext&) {
  harness::ExperimentResult out;
  const double d = static_cast<double>(p.n + 1);
  std::vector<double> fitted(4), tolerance(4);
  for (std::size_t r = 0; r < 4; ++r) {
    const Reading& reading = kReadings[r];
    const double lambda = predicted_rate(reading, model, p.beta);
    // Sampled while eps falls from 1e-3 by e^{-7} at the reference's rate (not the prediction under
    // test, which must not choose the window it is judged on).
    const double true_lambda = reference::consensus_rate<double>(reading.model, kHead, p.beta);
    std::vector<double> times;
    for (int i = 0; i <= 24; ++i) times.push_back(7.0 * i / (24 * true_lambda));
    const auto run =
        run_equiangular(scalar_head_flow(kHead, p.beta, p.n, reading.normalisation, reading.kernel), p.n, 0.999, times);
    std::vector<double> eps;
    for (const auto& x : run.tokens) eps.push_back(mean_gap(x));
    const auto q = [&](double e) {
      return reference::equiangular_rate<double>(reading.model, kHead, p.beta, p.n, 1 - e) / (true_lambda * e);
    };
    const Fit f = fit_log_gap(times, eps, q, 2 * std::sqrt(2 * d) * run.error_estimate);
    fitted[r] = -f.slope;
    tolerance[r] = lambda * f.correction + f.noise + 64 * kEps * lambda;
    out.checks.push_back(harness::rate_check(
        fmt::format("{} particles from rho = 0.999: slope of ln(1 - rho) = -lambda (the predicted linear rate)",
                    reading.name),
        f.slope, -lambda, tolerance[r],
        fmt::format("25 dense outputs, eps = mean |x_i - x_j|^2/2; tolerance = lambda sum_j W_j |q(eps_j) - 1| (the "
                    "O(eps) correction through the fit's weights) + integrator term {:.2e}; relative {:.2e}",
                    f.noise, tolerance[r] / lambda)));
  }
  const double ratio = std::exp(p.beta) / p.beta;
  const double fitted_ratio = fitted[0] / fitted[1];
  const double relative = tolerance[0] / fitted[0] + tolerance[1] / fitted[1];
  out.checks.push_back(harness::deterministic_check(
      "fitted U-type rates: lambda_softmax / lambda_ReLU = e^beta / beta (the consensus-time separation; S-type: both "
      "2)",
      std::abs(fitted_ratio / ratio - 1) / relative,
      fmt::format("statistic = |ratio / (e^beta/beta) - 1| / (sum of the two fits' relative tolerances, {:.2e}); "
                  "fitted ratio {:.8g}, S-type fitted rates {:.8g} (softmax) and {:.8g} (ReLU)",
                  relative, fitted_ratio, fitted[2], fitted[3])));
  const double predicted_ratio =
      predicted_rate(kReadings[0], model, p.beta) / predicted_rate(kReadings[1], model, p.beta);
  const std::vector<std::pair<double, const char*>> table{
      {1, "2.71828"}, {2, "3.69453"}, {4, "13.6495"}, {8, "372.620"}};
  for (const auto& [beta, text] : table) {
    if (beta != p.beta) continue;
    const Quoted quote = quoted(text);
    out.checks.push_back(harness::deterministic_check(
        fmt::format("predicted U-type rate ratio 2 e^beta / (2 v gain) = {} (THEORY.md §6: e^beta/beta)",
                    text),
        std::abs(predicted_ratio - quote.value) / (quote.rounding + 8 * kEps * predicted_ratio),
        fmt::format("statistic = |ratio - quote| / (quote's rounding + 8 eps); ratio {:.10g}", predicted_ratio)));
  }
  return out;
}

}  // namespace attnlaw::theory::multihead_dynamics::relu_vs_softmax_claim
