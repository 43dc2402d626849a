// SL.critical.scale-exponent: the critical inverse temperature grows like n^{2/(d-1)} (SL.md §2).
// For each n of a ladder spanning two decades, Monte Carlo of E w_(1) at three inverse
// temperatures around the limit's half-mass point locates beta_hat(n) with E w_(1) = 1/2 (local
// linear fit in log beta, common random numbers across the three); the slope of log beta_hat on
// log n, with its standard error, must cover 2/(d-1) and exclude the competing 2/d.
#include <fmt/core.h>

#include <cmath>

#include "theory/scaling_limits/claims.hpp"
#include "theory/scaling_limits/critical_experiment.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/power.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

using harness::Json;

constexpr double kHalf = 0.5;
constexpr double kSpread[] = {0.5, 0.8, 1.0, 1.25, 2.0};  // gamma / gamma_half; the fit uses the middle three

// The gamma at which the limit's E W_1 is 1/2, by bisection in log gamma on the exact limit.
double limit_half_gamma(int d) {
  double lo = std::log(0.01), hi = std::log(100.0);
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (lo + hi);
    (critical_limit_reference(d, std::exp(mid), false).mean_top < kHalf ? lo : hi) = mid;
  }
  return std::exp(0.5 * (lo + hi));
}

struct Root {
  double log_beta, se;
};

class ScaleExponent final : public harness::Claim {
 public:
  const harness::ClaimInfo& info() const override { return info_; }

  std::vector<Json> grid(harness::Battery battery) const override {
    if (battery == harness::Battery::smoke) {
      return {{{"d", 3}, {"n", {1e3, 1e4, 1e5}}, {"reps", 10000}}};
    }
    return {{{"d", 3}, {"n", {1e3, 1e4, 1e5, 1e6}}, {"reps", 40000}},
            {{"d", 4}, {"n", {1e4, 1e5, 1e6}}, {"reps", 40000}},
            {{"d", 5}, {"n", {1e4, 1e5, 1e6}}, {"reps", 40000}}};
  }

  harness::ExperimentResult run(const Json& params, const harness::RunContext& context) const override {
    const int d = params.at("d").get<int>();
    const std::size_t reps = params.at("reps").get<std::size_t>();
    const double gamma_half = limit_half_gamma(d);

    harness::ExperimentResult out;
    Json series = Json::array();
    std::vector<double> log_n, log_beta, weight;
    for (double n_value : params.at("n")) {
      const auto n = static_cast<std::uint64_t>(n_value);
      // Common random numbers: the same stream for every temperature at this n.
      const auto stream = rng::make_key(context.seed, info_.id, fmt::format("d={} n={}", d, n));
      Json x = Json::array(), y = Json::array(), yerr = Json::array();
      std::vector<double> lb, mean, se;
      for (double spread : kSpread) {
        const CriticalExperiment e{d, gamma_half * spread, n, reps};
        const CriticalSample s = simulate_critical(e, stream, false);
        double m = 0, m2 = 0;
        for (double w : s.top) m += w;
        m /= static_cast<double>(reps);
        for (double w : s.top) m2 += (w - m) * (w - m);
        const double sd = std::sqrt(m2 / static_cast<double>(reps - 1));
        lb.push_back(std::log(critical_beta(d, e.gamma, n)));
        mean.push_back(m);
        se.push_back(sd / std::sqrt(static_cast<double>(reps)));
        x.push_back(critical_beta(d, e.gamma, n) / std::pow(static_cast<double>(n), 2.0 / (d - 1)));
        y.push_back(m);
        yerr.push_back(2 * se.back());
      }
      series.push_back({{"label", fmt::format("n = {}", n)}, {"style", "errorbars"}, {"x", x}, {"y", y}, {"yerr", yerr}});
      // Local linear fit through the middle three points: mean = a + b log beta.
      const stats::LinearFit local =
          stats::least_squares(std::span<const double>(lb).subspan(1, 3), std::span<const double>(mean).subspan(1, 3));
      const double b = local.slope;
      const double root = (kHalf - local.intercept) / b;
      // Delta method, treating the three means as independent (CRN makes them positively
      // correlated, so this overstates the error of the mean level and is conservative).
      const double se_root = std::sqrt((se[1] * se[1] + se[2] * se[2] + se[3] * se[3]) / 9) / std::abs(b);
      log_n.push_back(std::log(n_value));
      log_beta.push_back(root);
      weight.push_back(1 / (se_root * se_root));
    }

    const stats::LinearFit fit = stats::weighted_least_squares(log_n, log_beta, weight);
    const double slope = fit.slope;
    const double se_slope = fit.slope_std_error;
    const double theory = 2.0 / (d - 1);
    const double competitor = 2.0 / d;

    {
      const double z = (slope - theory) / se_slope;
      harness::Check c;
      c.test = "z-test";
      c.target = fmt::format("slope of log beta_hat(n) vs log n (E w_(1) = 1/2) = 2/(d-1) = {:.4g}", theory);
      c.params = params;
      c.statistic = z;
      c.p_value = std::erfc(std::abs(z) / std::sqrt(2.0));
      c.p_method = "normal (weighted least squares over the n-ladder, delta-method errors of the roots)";
      const double zc = stats::normal_quantile(1 - 0.5e-6);
      c.effect = harness::Effect{"fitted slope", slope, {slope - zc * se_slope, slope + zc * se_slope}};
      c.detectable_at = [se_slope](double alpha) {
        return harness::Detectable{"|slope - 2/(d-1)|",
                                   (stats::normal_quantile(1 - alpha / 2) + stats::normal_quantile(0.99)) * se_slope,
                                   0.99};
      };
      c.detectable_target = std::abs(theory - competitor) / 2;
      out.checks.push_back(std::move(c));
    }
    {
      const double zc = stats::normal_quantile(1 - 0.5e-6);
      harness::Check c;
      c.test = "deterministic";
      c.target = fmt::format("the (1 - 1e-6) CI of the slope excludes the competing exponent 2/d = {:.4g}", competitor);
      c.params = params;
      c.statistic = zc * se_slope / std::abs(slope - competitor);
      c.p_method = "statistic = half-width of the CI / |slope - 2/d|; < 1 means 2/d is excluded";
      c.deterministic_holds = c.statistic < 1;
      out.checks.push_back(std::move(c));
    }

    // The data collapse: E w_(1) against beta / n^{2/(d-1)} for every n, on the limit curve.
    Json lx = Json::array(), ly = Json::array();
    for (double spread : kSpread) {
      lx.push_back(gamma_half * spread);
      ly.push_back(critical_limit_reference(d, gamma_half * spread, false).mean_top);
    }
    series.push_back({{"label", "limit E W_1"}, {"style", "lines"}, {"x", lx}, {"y", ly}});
    out.figures.push_back({{"id", harness::figure_slug(info_.id, fmt::format("collapse-d{}", d))},
                           {"claim", info_.id},
                           {"kind", "curves"},
                           {"title", fmt::format("{}: E w_(1) against beta / n^(2/(d-1)), d = {}", info_.id, d)},
                           {"xlabel", "beta / n^(2/(d-1))"},
                           {"ylabel", "E w_(1)"},
                           {"log_x", false},
                           {"log_y", false},
                           {"series", std::move(series)}});
    return out;
  }

 private:
  harness::ClaimInfo info_{
      "SL.critical.scale-exponent", "SL", "SL.md §2 SL.critical.scale-exponent; paper abstract",
      "For keys uniform on S^{d-1} the critical inverse temperature is beta_n* = (A_d n)^{2/(d-1)}: weight functionals "
      "at beta_n = gamma n^{2/(d-1)} have n-independent limits, so the half-mass temperature grows like n^{2/(d-1)}.",
      harness::Provenance::derived, "[paper] + [derived][checked]"};
};

}  // namespace

void register_scale_exponent(harness::Registry& registry) { registry.add(std::make_unique<ScaleExponent>()); }

}  // namespace attnlaw::theory::scaling_limits
