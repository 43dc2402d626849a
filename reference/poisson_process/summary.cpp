#include "reference/poisson_process/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include <boost/math/special_functions/gamma.hpp>

#include "reference/extreme_value/critical_scale.hpp"
#include "reference/numerics/domain.hpp"
#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/dickman.hpp"
#include "reference/poisson_process/finite_n.hpp"
#include "reference/poisson_process/ppp_functionals.hpp"
#include "reference/poisson_process/supercritical.hpp"

namespace attnlaw::reference {

namespace {

// The stated accuracy: absolute on the laws of the weights (E W_1, P(W_1 >= 1/2), E sum W^2, the
// CDF), relative on the energy and tangential means. A computed bound above it is refused.
constexpr double kAccuracy = 1e-4;

// printf-style text for the messages (the reference library does not depend on fmt).
template <class... Args>
std::string text(const char* format, Args... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, args...);
  return buffer;
}

constexpr int kMaxDimension = 64;
constexpr double kMinGamma = 1e-3;
constexpr double kMaxGamma = 1e3;
constexpr std::uint64_t kMaxN = 1000000000000ull;

// 0.05 i, not i/20: the claims' cells are bounded by these doubles and their calibration's
// p-values are reproduced bit for bit (0.05 * 3 is 0.15000000000000002; the command line prints it
// as 0.15).
std::vector<double> cdf_grid() {
  std::vector<double> w;
  for (int i = 1; i <= 19; ++i) w.push_back(0.05 * i);
  return w;
}

void require_common(int d, double gamma) {
  if (d < 2 || d > kMaxDimension) {
    throw OutOfDomain("d", text("expected an integer in [2, %d], got %d", kMaxDimension, d));
  }
  if (!(gamma >= kMinGamma && gamma <= kMaxGamma)) {
    throw OutOfDomain("gamma", text("expected a number in [%g, %g], got %g", kMinGamma, kMaxGamma, gamma));
  }
}

// The Mecke quadratures reach energies up to ell + 40 around the Laplace variable e^ell that
// matters, e^ell ~ 1/Z with Z = sum_j e^{-x_j} ~ Gamma(m+1) c^{-m} (the law of large numbers of the
// points' energies, whose intensity is m c^{-m} x^{m-1} dx). When the points number ~1e11 or more
// (large d and small gamma) their bulk, at energies ~ m - 1, lies beyond that reach, and both
// resolutions miss it alike, so the error bound cannot see it. Measured on the audit grid against
// that law of large numbers (E sum W^2 -> c^m / (2^m Gamma(m+1)), E W_1 -> E e^{-c Gamma_1^p} / Z):
// d = 5, gamma = 1e-3 and d = 16, gamma = 1 agree (to 4 and 3 digits), d = 16, gamma = 0.1 is 22% off
// and d = 64, gamma = 10 four orders of magnitude, each with a bound of 1e-14. The fraction of the
// mass of Gamma(m, 1) beyond the reach, Q(m, 40 - log Z), is 1.7e-10, 1.7e-6, 0.15 and 1 there;
// above 1e-6 the case is refused (d = 16, gamma = 1 with it, conservatively). At finite n the energies stop at 2 beta
// and Z <= n.
void require_bulk_within_reach(int d, double c, double log_n, double two_beta, const char* argument) {
  const double m = (d - 1) / 2.0;
  const double log_z = std::min(log_n, boost::math::lgamma(m + 1) - m * std::log(c));
  const double reach = 40 - log_z;
  if (two_beta <= reach) return;
  const double beyond = reach <= 0 ? 1.0 : boost::math::gamma_q(m, reach);
  if (beyond > 1e-6) {
    throw OutOfDomain(argument,
                      text("about e^%.0f keys share the weight here (d = %d, c = %.3g); a fraction %.1e of their "
                           "mass lies beyond the reach of the quadratures (at most 1e-6 is answered)",
                           log_z, d, c, beyond));
  }
}

double relative_floor(double value) { return 64 * std::numeric_limits<double>::epsilon() * std::abs(value); }

// Moves the values into [0, 1] and makes them non-decreasing, each by at most the error bound
// e: with v_i within e of a non-decreasing t_i in [0, 1], the mean of max_{j<=i} v_j and
// min_{j>=i} v_j is non-decreasing and still within e of t_i. A value farther out than its bound
// means the bound is wrong: refused.
void project_cdf(std::vector<std::pair<double, double>>& cdf, double e, const char* argument) {
  const std::size_t k = cdf.size();
  std::vector<double> lo(k), hi(k);
  double run = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < k; ++i) lo[i] = run = std::max(run, cdf[i].second);
  run = std::numeric_limits<double>::infinity();
  for (std::size_t i = k; i-- > 0;) hi[i] = run = std::min(run, cdf[i].second);
  for (std::size_t i = 0; i < k; ++i) {
    const double v = cdf[i].second;
    if (!std::isfinite(v) || v < -e || v > 1 + e || lo[i] - hi[i] > 2 * e) {
      throw OutOfDomain(argument,
                        text("the CDF of w_(1) at w = %g came out %g, outside its error bound %.1e (no algorithm of "
                             "this law reaches its accuracy here)",
                             cdf[i].first, v, e));
    }
    cdf[i].second = std::clamp((lo[i] + hi[i]) / 2, 0.0, 1.0);
  }
}

void require_probability(double& p, double e, const char* name, const char* argument) {
  if (!std::isfinite(p) || p < -e || p > 1 + e) {
    throw OutOfDomain(argument,
                      text("%s came out %g, outside [0, 1] by more than its error bound %.1e (no algorithm of this "
                           "law reaches its accuracy here)",
                           name, p, e));
  }
  p = std::clamp(p, 0.0, 1.0);
}

// The checks every result passes before it is returned: finite values, probabilities in [0, 1],
// a non-decreasing CDF, and (with errors) bounds within the stated accuracy.
// Without errors (the claims' fast path) the slack allowed outside [0, 1] is the stated accuracy.
void finish(CriticalSummary& s, bool with_errors, const char* argument) {
  CriticalErrors e = s.error;
  if (!with_errors) e.mean_top = e.p_top_ge_half = e.mean_sum_sq = e.cdf_top = kAccuracy;
  const std::pair<const char*, double> values[] = {{"E w_(1)", s.mean_top},
                                                   {"P(w_(1) >= 1/2)", s.p_top_ge_half},
                                                   {"E sum w^2", s.mean_sum_sq},
                                                   {"the mean energy", s.mean_energy},
                                                   {"the mean tangential part", s.mean_tangential}};
  for (const auto& [name, v] : values) {
    if (!std::isfinite(v)) {
      throw OutOfDomain(argument, text("%s is not finite here (no algorithm of this law reaches it)", name));
    }
  }
  require_probability(s.mean_top, e.mean_top, "E w_(1)", argument);
  require_probability(s.p_top_ge_half, e.p_top_ge_half, "P(w_(1) >= 1/2)", argument);
  require_probability(s.mean_sum_sq, e.mean_sum_sq, "E sum w^2", argument);
  if (!s.cdf_top.empty()) project_cdf(s.cdf_top, e.cdf_top, argument);
  if (!with_errors) return;
  const std::pair<const char*, double> absolute[] = {{"E w_(1)", e.mean_top},
                                                     {"P(w_(1) >= 1/2)", e.p_top_ge_half},
                                                     {"E sum w^2", e.mean_sum_sq},
                                                     {"the CDF of w_(1)", e.cdf_top}};
  for (const auto& [name, bound] : absolute) {
    if (!(bound <= kAccuracy)) {
      throw OutOfDomain(
          argument, text("the error bound of %s is %.1e here, above the stated accuracy %g", name, bound, kAccuracy));
    }
  }
  const std::pair<const char*, double> relative[] = {
      {"the mean energy", e.mean_energy / std::abs(s.mean_energy)},
      {"the mean tangential part", e.mean_tangential / std::abs(s.mean_tangential)}};
  for (const auto& [name, bound] : relative) {
    if (!(bound <= kAccuracy)) {
      throw OutOfDomain(argument, text("the relative error bound of %s is %.1e here, above the stated accuracy %g",
                                       name, bound, kAccuracy));
    }
  }
}

// P(w_(1) <= w) at the points, in the order given; error: the largest bound over them (with
// errors only, as for the means).
template <class Model>
void generic_cdf(const Model& model, const std::vector<double>& points, bool with_errors,
                 std::vector<std::pair<double, double>>& cdf, double& error) {
  for (const double w : points) {
    const auto prm = w < 0.5 ? lower_tail_euler_params<double>() : default_euler_params<double>();
    const auto coarse = detail::top_weight_survival_at(model, w, 0, prm);
    cdf.emplace_back(w, 1 - coarse.value);
    if (with_errors) {
      const auto fine = detail::top_weight_survival_at(model, w, 1, prm);
      error = std::max(error, std::abs(fine.value - coarse.value) + std::max(coarse.error, fine.error));
    }
  }
}

// The general-d path. The values are those of the single resolution (level 0), which the claims
// compare with; with errors, each is recomputed at the doubled resolution (level 1) and the
// difference, plus the inversion's own bound and rounding, is its error bound.
template <class Model>
void fill_generic(const Model& model, bool with_cdf, bool with_errors, CriticalSummary& s) {
  s.mean_top = detail::mean_top_weight_at<Model, double>(model, 0);
  const auto mm = detail::mecke_moments_at<Model, double>(model, 0);
  s.mean_sum_sq = mm.v[1];
  s.mean_energy = mm.v[2];
  s.mean_tangential = mm.v[3];
  const auto half = detail::top_weight_survival_at(model, 0.5, 0, default_euler_params<double>());
  s.p_top_ge_half = half.value;
  if (with_errors) {
    s.error.mean_top = std::abs(detail::mean_top_weight_at<Model, double>(model, 1) - s.mean_top) + 1e-14;
    const auto fine = detail::mecke_moments_at<Model, double>(model, 1);
    s.error.mean_sum_sq = std::abs(fine.v[1] - mm.v[1]) + 1e-14;
    s.error.mean_energy = std::abs(fine.v[2] - mm.v[2]) + relative_floor(mm.v[2]);
    s.error.mean_tangential = std::abs(fine.v[3] - mm.v[3]) + relative_floor(mm.v[3]);
    const auto half_fine = detail::top_weight_survival_at(model, 0.5, 1, default_euler_params<double>());
    s.error.p_top_ge_half = std::abs(half_fine.value - half.value) + std::max(half.error, half_fine.error);
  }
  if (with_cdf) generic_cdf(model, cdf_grid(), with_errors, s.cdf_top, s.error.cdf_top);
}

// n = 2 in closed form up to a two-dimensional quadrature: with t_a < t_b the two gaps and
// D = t_b - t_a, w_(1) = 1/(1 + e^{-beta D}) >= 1/2 always, so P(w_(1) >= 1/2) = 1 and
// P(w_(1) <= w) = P(D <= ln(w/(1-w))/beta) for w >= 1/2 (0 below). Every mean is
// E g = 2 int_{sigma_a < sigma_b} g rho(sigma_a) rho(sigma_b) in the smooth variable of
// SphereFiniteModel; the inner panels are graded geometrically towards the diagonal, where g
// varies on the scale D ~ 1/beta. This route shares nothing with the Laplace-transform route
// (which fails here: the law of the one other key has kinks that Euler inversion cannot follow,
// measured: P(w_(1) >= 1/2) = 0.8911 at d = 3, gamma = 1e-3).
struct TwoKeyMeans {
  double top, sum_sq, energy, tangential;
};

TwoKeyMeans two_key_means(const SphereFiniteModel<double>& model, int d, int level) {
  const double beta = model.beta();
  const double scale = std::pow(2.0, 2.0 / (d - 1));
  const auto g = [&](double sa, double sb) {
    const double ta = model.gap(sa), tb = model.gap(sb);
    const double e = std::exp(-beta * (tb - ta));
    const double wa = 1 / (1 + e), wb = e / (1 + e);
    return std::array<double, 4>{wa, wa * wa + wb * wb, beta * (wa * ta + wb * tb),
                                 scale * (wa * wa * ta * (2 - ta) + wb * wb * tb * (2 - tb))};
  };
  std::vector<double> outer = uniform_edges(0.0, 2.0, 32);
  for (int i = 0; i < level; ++i) outer = halve_panels(outer);
  std::array<double, 4> total{0, 0, 0, 0};
  const auto& x = boost::math::quadrature::gauss<double, kPanelOrder>::abscissa();
  const auto& wq = boost::math::quadrature::gauss<double, kPanelOrder>::weights();
  // One Gauss rule per panel, written out for a 4-vector.
  const auto panel = [&](auto&& f, double a, double b, std::array<double, 4>& acc, double factor) {
    const double half = (b - a) / 2, mid = (a + b) / 2;
    for (std::size_t i = 0; i < x.size(); ++i) {
      for (const double node : {mid - half * x[i], mid + half * x[i]}) {
        const auto v = f(node);
        for (int k = 0; k < 4; ++k)
          acc[static_cast<std::size_t>(k)] += factor * wq[i] * half * v[static_cast<std::size_t>(k)];
      }
    }
  };
  for (std::size_t p = 0; p + 1 < outer.size(); ++p) {
    panel(
        [&](double sa) {
          std::array<double, 4> inner{0, 0, 0, 0};
          const double span = 2 - sa;
          if (!(span > 0)) return inner;
          std::vector<double> edges{sa};
          for (int k = 48; k >= 0; --k)
            edges.push_back(sa + span * std::ldexp(1.0, -k / 2) * (k % 2 ? 0.70710678118654752 : 1.0));
          if (sa < 1) edges.push_back(1.0);
          std::sort(edges.begin(), edges.end());
          edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
          for (int i = 0; i < level; ++i) edges = halve_panels(edges);
          for (std::size_t q = 0; q + 1 < edges.size(); ++q) {
            panel(
                [&](double sb) {
                  auto v = g(sa, sb);
                  const double r = model.density(sb);
                  for (auto& c : v) c *= r;
                  return v;
                },
                edges[q], edges[q + 1], inner, 1.0);
          }
          const double r = 2 * model.density(sa);
          for (auto& c : inner) c *= r;
          return inner;
        },
        outer[p], outer[p + 1], total, 1.0);
  }
  return {total[0], total[1], total[2], total[3]};
}

// P(D <= delta) = 2 int rho(sigma_a) [F(t_a + delta) - F(t_a)] dsigma_a, F(t) = I_{t/2}(m, m) (1 beyond 2).
double two_key_gap_cdf(const SphereFiniteModel<double>& model, double delta, int level) {
  if (!(delta > 0)) return 0;
  if (delta >= 2) return 1;
  const auto f = [&](double sa) {
    const double ta = model.gap(sa);
    const double top = ta + delta;
    const double upper = top >= 2 ? 1.0 : model.cumulative(model.sigma_of_gap(top));
    return 2 * model.density(sa) * (upper - model.cumulative(sa));
  };
  std::vector<double> edges = uniform_edges(0.0, 2.0, 32);
  edges.push_back(model.sigma_of_gap(2 - delta));
  std::sort(edges.begin(), edges.end());
  for (int i = 0; i < level; ++i) edges = halve_panels(edges);
  return gauss_panels(f, edges);
}

// w_(1) = 1/(1 + e^{-beta D}) >= 1/2: P(w_(1) <= w) = P(D <= ln(w/(1-w))/beta), 0 up to w = 1/2.
void two_key_cdf(const SphereFiniteModel<double>& model, double beta, const std::vector<double>& points,
                 std::vector<std::pair<double, double>>& cdf, double& error) {
  for (const double w : points) {
    if (w <= 0.5) {
      cdf.emplace_back(w, 0.0);
      continue;
    }
    const double delta = std::log(w / (1 - w)) / beta;
    const double a = two_key_gap_cdf(model, delta, 0), b = two_key_gap_cdf(model, delta, 1);
    cdf.emplace_back(w, b);
    error = std::max(error, std::abs(b - a) + 1e-14);
  }
}

CriticalSummary two_keys(int d, double gamma, bool with_cdf, bool with_errors) {
  CriticalSummary s{};
  s.method = "exact two-key law (two-dimensional quadrature)";
  s.c = sphere_critical_c<double>(d, gamma);
  const double beta = sphere_critical_beta(d, gamma, 2.0);
  const SphereFiniteModel<double> model(d, beta, 2);
  const TwoKeyMeans coarse = two_key_means(model, d, 0);
  const TwoKeyMeans fine = two_key_means(model, d, 1);
  s.mean_top = fine.top;
  s.p_top_ge_half = 1;
  s.mean_sum_sq = fine.sum_sq;
  s.mean_energy = fine.energy;
  s.mean_tangential = fine.tangential;
  s.error = {std::abs(fine.top - coarse.top) + 1e-14,
             0,
             std::abs(fine.sum_sq - coarse.sum_sq) + 1e-14,
             std::abs(fine.energy - coarse.energy) + relative_floor(fine.energy),
             std::abs(fine.tangential - coarse.tangential) + relative_floor(fine.tangential),
             0};
  if (with_cdf) two_key_cdf(model, beta, cdf_grid(), s.cdf_top, s.error.cdf_top);
  if (!with_errors) s.error = {};
  finish(s, with_errors, "n");
  return s;
}

// The d = 3 limit: the generalised Dickman law of the delay ODE.
void d3_cdf(double theta, const std::vector<double>& points, std::vector<std::pair<double, double>>& cdf,
            double& error) {
  const DickmanCdf<double> F(theta, 20.0);
  for (const double w : points) {
    const auto f = d3_top_weight_cdf(F, w);
    cdf.emplace_back(w, f.value);
    // Twice the delay ODE's own estimate: at gamma = 1e3 (theta = 5e-4) the value at w = 0.05
    // came out -7.79e-9 against an estimate of 7.8e-9 (the true value is ~0).
    error = std::max(error, 2 * f.error);
  }
}

// The points of a CDF asked for by the user: in (0, 1), sorted, each once.
std::vector<double> sorted_points(std::vector<double> w) {
  for (const double x : w) {
    if (!(x > 0 && x < 1)) throw OutOfDomain("at", text("expected weights in (0, 1), got %g", x));
  }
  std::sort(w.begin(), w.end());
  w.erase(std::unique(w.begin(), w.end()), w.end());
  return w;
}

// The checks of finish() for a CDF alone: finite, in [0, 1], non-decreasing, within the accuracy.
TopWeightCdf finish_cdf(std::vector<std::pair<double, double>> cdf, double error, const char* method,
                        const char* argument) {
  if (!(error <= kAccuracy)) {
    throw OutOfDomain(argument, text("the error bound of the CDF of w_(1) is %.1e here, above the stated accuracy %g",
                                     error, kAccuracy));
  }
  project_cdf(cdf, error, argument);
  return {std::move(cdf), error, method};
}

}  // namespace

TopWeightCdf sphere_critical_limit_cdf(int d, double gamma, const std::vector<double>& w) {
  require_common(d, gamma);
  const auto points = sorted_points(w);
  std::vector<std::pair<double, double>> cdf;
  double error = 0;
  const double c = sphere_critical_c<double>(d, gamma);
  if (d == 3) {
    d3_cdf(1 / c, points, cdf, error);
    return finish_cdf(std::move(cdf), error, "d = 3: generalised Dickman law (delay ODE)", "gamma");
  }
  require_bulk_within_reach(d, c, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                            "gamma");
  generic_cdf(sphere_limit_model<double>(d, gamma), points, true, cdf, error);
  return finish_cdf(std::move(cdf), error, "Poisson limit: Euler inversion of the Laplace transform", "gamma");
}

TopWeightCdf sphere_critical_finite_n_cdf(int d, double gamma, std::uint64_t n, const std::vector<double>& w) {
  require_common(d, gamma);
  if (n < 2 || n > kMaxN)
    throw OutOfDomain("n", text("expected an integer in [2, 1e12], got %llu", static_cast<unsigned long long>(n)));
  const auto points = sorted_points(w);
  std::vector<std::pair<double, double>> cdf;
  double error = 0;
  const double beta = sphere_critical_beta(d, gamma, static_cast<double>(n));
  if (n == 2) {
    two_key_cdf(SphereFiniteModel<double>(d, beta, 2), beta, points, cdf, error);
    return finish_cdf(std::move(cdf), error, "exact two-key law (quadrature)", "n");
  }
  require_bulk_within_reach(d, sphere_critical_c<double>(d, gamma), std::log(static_cast<double>(n)), 2 * beta, "n");
  generic_cdf(sphere_finite_model<double>(d, beta, n), points, true, cdf, error);
  return finish_cdf(std::move(cdf), error, "exact finite-n law: Euler inversion of the Laplace transform", "n");
}

CriticalSummary sphere_critical_limit(int d, double gamma, bool with_cdf, bool with_errors) {
  require_common(d, gamma);
  CriticalSummary s{};
  s.c = sphere_critical_c<double>(d, gamma);
  if (d == 3) {
    s.method = "d = 3: generalised Dickman law (delay ODE, closed forms)";
    const double theta = 1 / s.c;
    const auto top = d3_mean_top_weight(theta);
    s.mean_top = top.value;
    s.p_top_ge_half = d3_top_weight_survival_upper(theta, 0.5);
    const auto sum_sq = d3_mean_sum_squares(theta);
    s.mean_sum_sq = sum_sq.value;
    const auto energy = d3_mean_energy(theta);
    s.mean_energy = energy.value;
    require_bulk_within_reach(d, s.c, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                              "gamma");  // the tangential mean is a Mecke quadrature
    const auto model = sphere_limit_model<double>(d, gamma);
    s.mean_tangential = detail::mecke_moments_at<PoissonLimitModel<double>, double>(model, 0).v[3];
    if (with_errors) {
      s.error.mean_top = top.error;
      s.error.p_top_ge_half = 1e-14;
      s.error.mean_sum_sq = sum_sq.error;
      s.error.mean_energy = energy.error;
      s.error.mean_tangential =
          std::abs(detail::mecke_moments_at<PoissonLimitModel<double>, double>(model, 1).v[3] - s.mean_tangential) +
          relative_floor(s.mean_tangential);
    }
    if (with_cdf) d3_cdf(theta, cdf_grid(), s.cdf_top, s.error.cdf_top);
    if (!with_errors) s.error.cdf_top = 0;
    finish(s, with_errors, "gamma");
    return s;
  }
  require_bulk_within_reach(d, s.c, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                            "gamma");
  s.method = "Poisson limit: Mecke quadratures and Euler inversion";
  fill_generic(sphere_limit_model<double>(d, gamma), with_cdf, with_errors, s);
  finish(s, with_errors, "gamma");
  return s;
}

CriticalSummary sphere_critical_finite_n(int d, double gamma, std::uint64_t n, bool with_cdf, bool with_errors) {
  require_common(d, gamma);
  if (n < 2 || n > kMaxN)
    throw OutOfDomain("n", text("expected an integer in [2, 1e12], got %llu", static_cast<unsigned long long>(n)));
  if (n == 2) return two_keys(d, gamma, with_cdf, with_errors);
  CriticalSummary s{};
  s.method = "exact finite-n law: Mecke quadratures and Euler inversion";
  s.c = sphere_critical_c<double>(d, gamma);
  const double beta = sphere_critical_beta(d, gamma, static_cast<double>(n));
  require_bulk_within_reach(d, s.c, std::log(static_cast<double>(n)), 2 * beta, "n");
  fill_generic(sphere_finite_model<double>(d, beta, n), with_cdf, with_errors, s);
  finish(s, with_errors, "n");
  return s;
}

double sphere_critical_finite_n_mean_top(int d, double gamma, std::uint64_t n) {
  const double beta = sphere_critical_beta(d, gamma, static_cast<double>(n));
  const auto model = sphere_finite_model<double>(d, beta, n);
  return detail::mean_top_weight_at<decltype(model), double>(model, 0);
}

SupercriticalSummary sphere_supercritical_constants(int d) {
  const auto k = supercritical_constants<double>(d);
  return {k.p, k.fG0, k.mean_gap_limit};
}

}  // namespace attnlaw::reference
