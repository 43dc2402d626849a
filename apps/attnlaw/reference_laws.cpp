// The laws of `attnlaw reference`, shared by the CLI and the Python module's attnlaw.reference:
// one table of names and parameters, one evaluation per law.
#include "apps/attnlaw/reference_laws.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "apps/attnlaw/arguments.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "reference/attention_dynamics/equiangular.hpp"
#include "reference/extreme_value/score_families.hpp"
#include "reference/numerics/domain.hpp"
#include "reference/numerics/quantile_bracket.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "reference/poisson_process/summary.hpp"
#include "reference/sphere/sphere_score_law.hpp"
#include "reference/sphere/vmf_moments.hpp"
#include "verify/harness/check.hpp"
#include "verify/stats/null_laws.hpp"

namespace attnlaw::cli {
namespace {

using harness::Json;

// Option values as given, by option name (every option of the law, empty when not given); each
// law parses and checks its own.
struct LawArguments {
  std::map<std::string, std::string> values;
  const std::string& operator[](const std::string& option) const { return values.at(option); }
  bool given(const std::string& option) const { return !values.at(option).empty(); }
};

constexpr std::uint64_t kMaxDimension = 4096;
// The critical limit converges like n^{-2/(d-1)}: beyond d ~ 16 it is out of reach of any n.
constexpr std::uint64_t kMaxCriticalDimension = 64;
constexpr std::uint64_t kMaxFiniteN = 1000000000000ull;
// Far beyond any regime of the papers (beta_n* = (A_d n)^{2/(d-1)} <= ~1e12 at n = 1e12, d = 3);
// the vMF moments are finite to here, in log form where they exceed double.
constexpr double kMaxBeta = 1e15;

// P grows like beta^{(d-1)/2} and overflows double (d = 4096, beta = 1e6), so the quantities
// proportional to P are always printed in forms that stay finite: log_P, log_var_perp, log_var_par
// (both variances are positive) and bias_over_P (bias = bias_over_P e^{log_P}, which can be 0).
// P, var_perp, var_par and bias themselves are printed only where they are finite doubles: the
// output never holds null or inf.
Json sphere_subcritical(const LawArguments& a) {
  const int d = static_cast<int>(parse_integer("--d", a["--d"], 2, kMaxDimension));
  const double beta = parse_real("--beta", a["--beta"], 0.0, kMaxBeta);
  const auto m = reference::subcritical_covariance<double>(d, beta);
  const double log_p = m.log_P.value;
  Json doc{{"d", d},
           {"beta", beta},
           {"A", m.A.value},
           {"A2", m.A2.value},
           {"log_P", log_p},
           {"log_var_perp", log_p + std::log(m.perp_factor.value)},
           {"log_var_par", log_p + std::log(m.par_factor.value)},
           {"bias_over_P", m.bias_factor.value}};
  const std::pair<const char*, double> linear[] = {
      {"P", m.P.value}, {"var_perp", m.var_perp.value}, {"var_par", m.var_par.value}, {"bias", m.bias.value}};
  for (const auto& [name, value] : linear) {
    if (std::isfinite(value)) doc[name] = value;
  }
  // Error bounds of reference::subcritical_covariance (checked against its 50-digit instantiation
  // in tests/unit/reference/test_vmf_double_vs_mpfr.cpp); a log of a product adds the relative
  // errors of its factors.
  Json errors{{"A", m.A.error},
              {"A2", m.A2.error},
              {"log_P", m.log_P.error},
              {"log_var_perp", m.log_P.error + m.perp_factor.error / m.perp_factor.value},
              {"log_var_par", m.log_P.error + m.par_factor.error / m.par_factor.value},
              {"bias_over_P", m.bias_factor.error}};
  const std::pair<const char*, const reference::Estimate<double>*> linear_errors[] = {
      {"P", &m.P}, {"var_perp", &m.var_perp}, {"var_par", &m.var_par}, {"bias", &m.bias}};
  for (const auto& [name, e] : linear_errors) {
    if (std::isfinite(e->value) && std::isfinite(e->error)) errors[name] = e->error;
  }
  doc["errors"] = errors;
  return doc;
}

// A_d and K'_d overflow double and c_tan underflows beyond d ~ 340; as for sphere-subcritical,
// their logarithms are always printed and the values only where they are normal doubles.
Json sphere_constants(const LawArguments& a) {
  const int d = static_cast<int>(parse_integer("--d", a["--d"], 2, kMaxDimension));
  const auto c = reference::sphere_local_constants<double>(d);
  Json doc{{"d", d},
           {"kappa_d", c.kappa.value},
           {"c_over_gamma", c.c_over_gamma.value},
           {"log_A_d", c.log_local_constant.value},
           {"log_K_prime", c.log_k_prime.value},
           {"log_c_tan", c.log_c_tan.value}};
  const std::pair<const char*, double> linear[] = {
      {"A_d", c.local_constant.value}, {"K_prime", c.k_prime.value}, {"c_tan", c.c_tan.value}};
  for (const auto& [name, value] : linear) {
    if (std::isnormal(value)) doc[name] = value;
  }
  Json errors{{"kappa_d", c.kappa.error},
              {"c_over_gamma", c.c_over_gamma.error},
              {"log_A_d", c.log_local_constant.error},
              {"log_K_prime", c.log_k_prime.error},
              {"log_c_tan", c.log_c_tan.error}};
  const std::pair<const char*, const reference::Estimate<double>*> linear_errors[] = {
      {"A_d", &c.local_constant}, {"K_prime", &c.k_prime}, {"c_tan", &c.c_tan}};
  for (const auto& [name, e] : linear_errors) {
    if (std::isnormal(e->value)) errors[name] = e->error;
  }
  doc["errors"] = errors;
  return doc;
}

// The grid's points are 0.05 i in double (0.05 * 3 = 0.15000000000000002): printed as the
// nearest double to their 12-digit value, 0.15, which moves the CDF by ~1e-17, far inside its bound.
Json cdf_table(const std::vector<std::pair<double, double>>& cdf) {
  Json table = Json::array();
  for (const auto& [w, f] : cdf) table.push_back(Json::array({std::round(w * 1e12) / 1e12, f}));
  return table;
}

// --at W,...: the CDF at the user's points; --quantile P,...: brackets [lower, upper] of the
// quantiles (reference/numerics/quantile_bracket.hpp), printed as their midpoint and half-width.
// Either replaces the summary's moments, which cost as much again.
struct PointQuestions {
  std::vector<double> at, quantile;
  bool any() const { return !at.empty() || !quantile.empty(); }
};

PointQuestions point_questions(const LawArguments& a) {
  PointQuestions q;
  if (a.given("--at")) q.at = parse_real_list("--at", a["--at"], 0.0, 1.0);
  for (const double w : q.at) {
    if (!(w > 0 && w < 1)) throw UsageError(fmt::format("--at: expected weights in (0, 1), got {}", w));
  }
  if (a.given("--quantile")) q.quantile = parse_real_list("--quantile", a["--quantile"], 0.0, 1.0);
  return q;
}

// The answers of a law whose CDF at a point is cdf(x) -> {value, error}, on the support [lo, hi].
void answer_points(Json& doc, Json& errors, const PointQuestions& q,
                   const std::function<reference::ValueWithError(double)>& cdf, double lo, double hi,
                   double tolerance) {
  if (!q.at.empty()) {
    Json values = Json::array(), bounds = Json::array();
    for (const double x : q.at) {
      const auto f = cdf(x);
      values.push_back(Json::array({x, f.value}));
      bounds.push_back(f.error);
    }
    doc["cdf_at"] = values;
    errors["cdf_at"] = bounds;
  }
  if (!q.quantile.empty()) {
    Json values = Json::array(), bounds = Json::array();
    for (const double p : q.quantile) {
      const auto b = reference::quantile_bracket(cdf, p, lo, hi, tolerance);
      values.push_back(Json::array({p, b.value()}));
      bounds.push_back(b.error());
    }
    doc["quantiles"] = values;
    errors["quantiles"] = bounds;
  }
}

Json sphere_critical(const LawArguments& a) {
  const int d = static_cast<int>(parse_integer("--d", a["--d"], 2, kMaxCriticalDimension));
  const double gamma = parse_real("--gamma", a["--gamma"], 1e-3, 1e3);
  const bool finite = a.given("--n");
  const std::uint64_t n = finite ? parse_integer("--n", a["--n"], 2, kMaxFiniteN) : 0;
  Json doc{{"d", d}, {"gamma", gamma}};
  if (finite) doc["n"] = n;
  const PointQuestions questions = point_questions(a);
  if (questions.any()) {
    const char* method = "";
    const auto cdf = [&](double w) {
      const auto c = finite ? reference::sphere_critical_finite_n_cdf(d, gamma, n, {w})
                            : reference::sphere_critical_limit_cdf(d, gamma, {w});
      method = c.method;
      return reference::ValueWithError{c.cdf.front().second, c.error};
    };
    Json errors = Json::object();
    // The CDF's bound is 1e-4: quantiles finer than 1e-7 would only repeat it.
    answer_points(doc, errors, questions, cdf, 0.0, 1.0, 1e-7);
    doc["errors"] = errors;
    doc["method"] = method;
    return doc;
  }
  const auto s = finite ? reference::sphere_critical_finite_n(d, gamma, n, true, true)
                        : reference::sphere_critical_limit(d, gamma, true, true);
  doc["c"] = s.c;
  doc["mean_top"] = s.mean_top;
  doc["p_top_ge_half"] = s.p_top_ge_half;
  doc["mean_sum_sq"] = s.mean_sum_sq;
  doc["mean_energy"] = s.mean_energy;
  doc["mean_tangential"] = s.mean_tangential;
  doc["cdf_top"] = cdf_table(s.cdf_top);
  doc["errors"] = Json{{"mean_top", s.error.mean_top},
                       {"p_top_ge_half", s.error.p_top_ge_half},
                       {"mean_sum_sq", s.error.mean_sum_sq},
                       {"mean_energy", s.error.mean_energy},
                       {"mean_tangential", s.error.mean_tangential},
                       {"cdf_top", s.error.cdf_top}};
  doc["method"] = s.method;
  return doc;
}

Json sphere_supercritical(const LawArguments& a) {
  const int d = static_cast<int>(parse_integer("--d", a["--d"], 3, kMaxCriticalDimension));
  const auto s = reference::sphere_supercritical_constants(d);
  // p = 2/(d-1) is one rounding; f_G(0) = Gamma(2-p)/p is Boost's tgamma (a few ulps) and one
  // division; the limit one more product with ln 2: 8 ulps stated for both.
  const double ulp = std::numeric_limits<double>::epsilon();
  return Json{
      {"d", d},
      {"p", s.p},
      {"fG0", s.fG0},
      {"mean_gap_limit", s.mean_gap_limit},
      {"errors", {{"p", ulp / 2 * s.p}, {"fG0", 8 * ulp * s.fG0}, {"mean_gap_limit", 8 * ulp * s.mean_gap_limit}}}};
}

// The null laws answer at --statistic X, or give the critical values --quantile P,... (exactly
// one of the two).
PointQuestions statistic_or_quantile(const LawArguments& a) {
  if (a.given("--statistic") == a.given("--quantile"))
    throw UsageError("--statistic/--quantile: expected exactly one of them");
  PointQuestions q;
  if (a.given("--quantile")) q.quantile = parse_real_list("--quantile", a["--quantile"], 0.0, 1.0);
  return q;
}

// The right end of a bracket for a statistic on [0, inf): the first power of two where the CDF
// certainly exceeds every asked probability; refused if none does below the statistic's range.
double certain_upper_end(const std::function<reference::ValueWithError(double)>& cdf, const PointQuestions& q,
                         double range) {
  const double p = *std::max_element(q.quantile.begin(), q.quantile.end());
  for (double x = 1; x <= range; x *= 2) {
    const auto f = cdf(x);
    if (f.value - f.error >= p) return x;
  }
  throw UsageError(
      fmt::format("--quantile: {} lies within the law's error bound of 1 up to the statistic {:g}: its "
                  "quantile is not determined",
                  p, range));
}

// Every n >= 1 (verify/stats/null/kolmogorov_smirnov.hpp: exact routes up to n = 1e6, then the
// limit laws with their measured O(1/n) bounds), in O(1) memory beyond n = 1e6.
Json kolmogorov_smirnov(const LawArguments& a) {
  const std::size_t n = parse_integer("--n", a["--n"], 1);
  if (const auto questions = statistic_or_quantile(a); questions.any()) {
    Json doc{{"n", n}}, errors = Json::object();
    const auto cdf = [&](double x) {
      const auto law = stats::ks_law(n, x);
      doc["method"] = law.method;
      return reference::ValueWithError{law.cdf, law.cdf_error};
    };
    answer_points(doc, errors, questions, cdf, 0.0, 1.0, 1e-12);
    doc["errors"] = errors;
    return doc;
  }
  const double x = parse_real("--statistic", a["--statistic"], 0.0, 1.0);
  const auto law = stats::ks_law(n, x);
  const double asymptotic = stats::kolmogorov_asymptotic_sf(std::sqrt(static_cast<double>(n)) * x);
  return Json{{"n", n},
              {"statistic", x},
              {"cdf", law.cdf},
              {"sf", law.sf},
              {"sf_one_sided", law.sf_one_sided},
              {"sf_asymptotic", asymptotic},
              {"method", law.method},
              {"errors", {{"cdf", law.cdf_error}, {"sf", law.sf_error}, {"sf_one_sided", law.sf_one_sided_error}}}};
}

// Error bounds of the finite-n null laws, measured against Monte Carlo runs of the statistics.
// Anderson-Darling: 2e7 samples per n (n = 2..50; s.e. <= 1.1e-4), after the fix of errfix's
// middle branch: within 4.2e-4 at n = 4 and within the Monte Carlo error beyond; stated 5e-4,
// exact at n = 1; n = 2, 3 (misses of 1.2e-2 and 2.4e-3) are refused by the law itself
// (verify/stats/null/anderson_darling.hpp). Cramer-von Mises: 2e6 samples per n
// (std::mt19937_64, n = 2, 3, 5, 10, 20, 50; s.e. <= 3.5e-4, so nothing below 7e-4 can be
// confirmed): 1.8e-2 (n = 2), 4.8e-3 (3), 1.3e-3 (5), within the noise from n = 10: about
// 0.07/n^2; stated 0.1/n^2 + 7e-4, exact at n = 1. The limit laws (the *_asymptotic fields) are
// within 3e-6 (AD, MM2004's ADinf fit against the Imhof quantiles) and 1e-7 (CvM: the published
// 7-digit tables agree to 5e-8, tests/unit/stats/test_cramer_von_mises.cpp) of the limit, not of
// the finite-n law.
double anderson_darling_error(std::size_t n) { return n == 1 ? 1e-15 : 5e-4; }
double cramer_von_mises_error(std::size_t n) {
  const double nn = static_cast<double>(n);
  return n == 1 ? 1e-15 : 0.1 / (nn * nn) + 7e-4;
}

Json anderson_darling(const LawArguments& a) {
  const std::size_t n = parse_integer("--n", a["--n"], 1);
  if (n == 2 || n == 3)
    throw UsageError(
        fmt::format("--n: the finite-n Anderson-Darling law holds for n = 1 and n >= 4 (the "
                    "Marsaglia-Marsaglia correction misses by up to 1.2e-2 at n = 2, 3), got {}",
                    n));
  const double e = anderson_darling_error(n);
  if (const auto questions = statistic_or_quantile(a); questions.any()) {
    Json doc{{"n", n}}, errors = Json::object();
    const auto cdf = [&](double z) { return reference::ValueWithError{stats::anderson_darling_cdf(n, z), e}; };
    answer_points(doc, errors, questions, cdf, 0.0, certain_upper_end(cdf, questions, 1e6), 1e-12);
    doc["errors"] = errors;
    return doc;
  }
  const double z = parse_real("--statistic", a["--statistic"], 0.0, 1e6);
  return Json{{"n", n},
              {"statistic", z},
              {"cdf", stats::anderson_darling_cdf(n, z)},
              {"sf", stats::anderson_darling_sf(n, z)},
              {"cdf_asymptotic", stats::anderson_darling_inf_cdf(z)},
              {"errors", {{"cdf", e}, {"sf", e}, {"cdf_asymptotic", 3e-6}}}};
}

Json cramer_von_mises(const LawArguments& a) {
  const std::size_t n = parse_integer("--n", a["--n"], 1);
  const double e = cramer_von_mises_error(n);
  if (const auto questions = statistic_or_quantile(a); questions.any()) {
    Json doc{{"n", n}}, errors = Json::object();
    const auto cdf = [&](double w2) { return reference::ValueWithError{1 - stats::cramer_von_mises_sf(n, w2), e}; };
    answer_points(doc, errors, questions, cdf, 0.0, certain_upper_end(cdf, questions, 1e6), 1e-12);
    doc["errors"] = errors;
    return doc;
  }
  const double w2 = parse_real("--statistic", a["--statistic"], 0.0, 1e6);
  return Json{{"n", n},
              {"statistic", w2},
              {"sf", stats::cramer_von_mises_sf(n, w2)},
              {"sf_asymptotic", stats::cramer_von_mises_asymptotic_sf(w2)},
              {"errors", {{"sf", e}, {"sf_asymptotic", 1e-7}}}};
}

// PD(alpha, 0), the critical-window limit of the ranked weights at beta = h_n / alpha (UF.pd-limit).
Json poisson_dirichlet(const LawArguments& a) {
  double alpha = 0;
  try {
    alpha = parse_real("--alpha", a["--alpha"], 0.0, 1.0);
  } catch (const UsageError&) {
    alpha = 0;  // reported below with the open interval the law needs
  }
  if (!(alpha > 0 && alpha < 1)) {
    throw UsageError(fmt::format("--alpha: expected a number in (0, 1), got '{}'", a["--alpha"]));
  }
  namespace uf = reference;
  if (const auto questions = point_questions(a); questions.any()) {
    Json doc{{"alpha", alpha}}, errors = Json::object();
    const auto cdf = [&](double w) {
      const auto f = uf::pd_top_weight_cdf<double>(alpha, w);
      return reference::ValueWithError{f.value, f.error};
    };
    answer_points(doc, errors, questions, cdf, 0.0, 1.0, 1e-12);
    doc["errors"] = errors;
    return doc;
  }
  const auto sum_sq = uf::pd_mean_power_sum<double>(alpha, 2);
  const auto entropy = uf::pd_mean_entropy<double>(alpha);
  const auto top = uf::pd_mean_top_weight<double>(alpha);
  const auto inverse_top = uf::pd_mean_inverse_top<double>(alpha);
  Json cdf = Json::array();
  double cdf_error = 0;
  for (int i = 1; i < 20; ++i) {
    const double w = i / 20.0;
    const auto f = uf::pd_top_weight_cdf<double>(alpha, w);
    cdf.push_back(Json::array({w, f.value}));
    cdf_error = std::max(cdf_error, f.error);
  }
  return Json{{"alpha", alpha},
              {"mean_sum_sq", sum_sq.value},
              {"mean_entropy", entropy.value},
              {"mean_top", top.value},
              {"mean_inverse_top", inverse_top.value},
              {"cdf_top", cdf},
              {"errors",
               {{"mean_sum_sq", sum_sq.error},
                {"mean_entropy", entropy.error},
                {"mean_top", top.error},
                {"mean_inverse_top", inverse_top.error},
                {"cdf_top", cdf_error}}}};
}

// b_n and the hazard scale h_n = n f(b_n) of an i.i.d. score family (UF.family.*).
Json gumbel_scale(const LawArguments& a) {
  namespace uf = reference;
  const std::string& name = a["--family"];
  const uf::ScoreFamily family = parse_family_arguments(name, a["--shape"]);
  // Up to 2^63, where the Gaussian scale is still exact to a few ulps.
  const double n = parse_real("--n", a["--n"], 2.0, 9.2e18);
  // The logarithms are finite for every shape and n; b_n and h_n themselves overflow double for
  // shapes far from 1 (weibull p = 1e-6: b_n = (log n)^{1e6}), and are printed only where they are
  // normal doubles, as sphere-subcritical does with P.
  const auto logs = uf::family_log_scale<double>(family, n);
  Json doc{{"family", family.name()}, {"n", n}};
  const double relative = uf::family_scale_relative_error(family, n);
  Json errors = Json::object();
  try {
    const auto scale = uf::family_scale<double>(family, n);
    doc["b_n"] = scale.b;
    doc["h_n"] = scale.h;
    errors["b_n"] = relative * std::abs(scale.b);
    errors["h_n"] = relative * std::abs(scale.h);
  } catch (const reference::OutOfDomain&) {
    // only the logarithms below
  }
  if (std::isfinite(logs.log_b)) doc["log_b_n"] = logs.log_b;
  if (std::isfinite(logs.log_one_minus_b)) doc["log_one_minus_b_n"] = logs.log_one_minus_b;
  doc["log_h_n"] = logs.log_h;
  // The logarithms are formed directly in long double ((1/p) log log n, ...): their error is the
  // closed forms' relative error (a log is off by r / (1 - r) when its argument is off by r) plus
  // the rounding of the log itself to double, 4 u |log|.
  const auto log_error = [&](double v) {
    return relative / (1 - relative) + 2 * std::numeric_limits<double>::epsilon() * std::abs(v);
  };
  if (std::isfinite(logs.log_b)) errors["log_b_n"] = log_error(logs.log_b);
  if (std::isfinite(logs.log_one_minus_b)) errors["log_one_minus_b_n"] = log_error(logs.log_one_minus_b);
  errors["log_h_n"] = log_error(logs.log_h);
  if (family.kind == uf::ScoreFamily::Kind::gaussian) doc["sqrt_2_log_n"] = std::sqrt(2 * std::log(n));
  // Uniform scores have polynomial, not Gumbel-type, accumulation: no log log n exponent to print.
  if (family.kind != uf::ScoreFamily::Kind::uniform) {
    doc["local_exponent"] = uf::local_exponent<double>(family, n);
    // Exact constants except for the Gaussian, formed as log n (1 - b/h) in long double (1 - b/h
    // ~ 1/b^2 loses log2(b^2) bits of 64): within 1e-12 of the 50-digit value (measured in
    // tests/unit/unified_framework/score_family_domain_test.cpp).
    errors["local_exponent"] = family.kind == uf::ScoreFamily::Kind::gaussian ? 1e-12 : 1e-16;
  }
  doc["errors"] = errors;
  return doc;
}

// The equiangular clustering time of scalar heads (MH.equiangular.*): one head M = m I, V = m I
// (the gradient-consistent value), from rho0 to rho1. The S-type softmax head has the closed form
// with Ei; every model has the log-substituted quadrature. Both are printed where both answer
// (they are independent routes), T being the closed form's.
Json equiangular_time(const LawArguments& a) {
  const std::uint64_t n = parse_integer("--n", a["--n"], 2, 1000000000);
  const double m = a.given("--m") ? parse_real("--m", a["--m"], 1e-6, 1e6) : 1.0;
  const double beta = parse_real("--beta", a["--beta"], 0.0, 700.0 / m);
  const double rho0 = a.given("--rho0") ? parse_real("--rho0", a["--rho0"], -1.0, 1.0) : 0.0;
  const double rho1 = a.given("--rho1") ? parse_real("--rho1", a["--rho1"], -1.0, 1.0) : 0.99;
  const std::string type = a.given("--type") ? a["--type"] : "S";
  if (type != "S" && type != "U") throw UsageError(fmt::format("--type: expected S or U, got '{}'", type));
  const std::string kernel = a.given("--kernel") ? a["--kernel"] : "softmax";
  if (kernel != "softmax" && kernel != "relu")
    throw UsageError(fmt::format("--kernel: expected softmax or relu, got '{}'", kernel));
  using reference::EquiangularModel;
  const EquiangularModel model =
      kernel == "softmax" ? (type == "S" ? EquiangularModel::softmax_row : EquiangularModel::softmax_unnormalised)
                          : (type == "S" ? EquiangularModel::relu_row : EquiangularModel::relu_unnormalised);
  const std::vector<reference::ScalarHead<double>> heads{{m, m}};
  const auto quadrature = reference::clustering_time_quadrature<double>(model, heads, beta, n, rho0, rho1);
  Json doc{{"n", n}, {"beta", beta}, {"m", m}, {"type", type}, {"kernel", kernel}, {"rho0", rho0}, {"rho1", rho1}};
  Json errors = Json::object();
  doc["T"] = quadrature.value;
  errors["T"] = quadrature.error;
  doc["method"] = "Gauss-Kronrod in log(1 - rho) and log(1 + (n-1) rho)";
  if (model == EquiangularModel::softmax_row) {
    try {
      const auto closed = reference::clustering_time_closed_form<double>(n, beta, m, m, rho0, rho1);
      doc["T"] = closed.value;
      errors["T"] = closed.error;
      doc["T_quadrature"] = quadrature.value;
      errors["T_quadrature"] = quadrature.error;
      doc["method"] = "closed form with Ei; T_quadrature by Gauss-Kronrod";
    } catch (const reference::OutOfDomain&) {
      // its terms cancel beyond its accuracy here: the quadrature alone answers
    }
    // The S-type threshold: self-attention equals cross-attention (p = 1/2) at the start.
    if (n >= 3) doc["beta_c"] = reference::critical_beta<double>(n, m, rho0);
  }
  doc["errors"] = errors;
  return doc;
}

using LawFunction = Json (*)(const LawArguments&);

struct LawEntry {
  ReferenceLaw law;
  LawFunction evaluate;
};

const std::vector<LawEntry>& law_table() {
  static const std::vector<LawEntry> table{
      {{"sphere-subcritical",
        "vMF moments and the per-key output covariance (SL global/subcritical)",
        {{"--d", "dimension d >= 2"}, {"--beta", "inverse temperature >= 0"}}},
       sphere_subcritical},
      {{"sphere-critical",
        "critical regime beta = gamma n^{2/(d-1)}: the limit, or the exact finite-n law with --n",
        {{"--d", "dimension 2 <= d <= 64"},
         {"--gamma", "1e-3 <= gamma <= 1e3"},
         {"--n", "number of keys, 2 <= n <= 1e12 (exact finite-n law)", false},
         {"--at", "P(w_(1) <= W) at W in (0, 1) (W,W,... for several) in place of the summary", false},
         {"--quantile", "quantiles of w_(1) at P in (0, 1) (P,P,...) in place of the summary", false}}},
       sphere_critical},
      {{"sphere-supercritical",
        "supercritical constants: p, f_G(0), lim lambda E[1 - W_1]",
        {{"--d", "dimension 3 <= d <= 64"}}},
       sphere_supercritical},
      {{"sphere-constants",
        "local constants of uniform keys on S^{d-1} (theory/scaling_limits/THEORY.md §1)",
        {{"--d", "dimension d >= 2"}}},
       sphere_constants},
      {{"ks",
        "Kolmogorov-Smirnov null law (exact to n = 1e6, limit laws with O(1/n) bounds beyond)",
        {{"--n", "sample size >= 1 (exact routes to 1e6, limit laws beyond)"},
         {"--statistic", "D_n in [0, 1]", false},
         {"--quantile", "critical values: quantiles at P in (0, 1) (P,P,...), in place of --statistic", false}}},
       kolmogorov_smirnov},
      {{"anderson-darling",
        "Anderson-Darling null law (Marsaglia & Marsaglia 2004)",
        {{"--n", "sample size >= 1"},
         {"--statistic", "A^2 >= 0", false},
         {"--quantile", "critical values: quantiles at P in (0, 1) (P,P,...), in place of --statistic", false}}},
       anderson_darling},
      {{"cramer-von-mises",
        "Cramer-von Mises null law (Csorgo & Faraway 1996)",
        {{"--n", "sample size >= 1"},
         {"--statistic", "W^2 >= 0", false},
         {"--quantile", "critical values: quantiles at P in (0, 1) (P,P,...), in place of --statistic", false}}},
       cramer_von_mises},
      {{"pd",
        "Poisson-Dirichlet PD(alpha, 0): moments and the CDF of the top weight (UF.pd-limit)",
        {{"--alpha", "alpha in (0, 1)"},
         {"--at", "P(W_1 <= W) at W in (0, 1) (W,W,... for several) in place of the summary", false},
         {"--quantile", "quantiles of W_1 at P in (0, 1) (P,P,...) in place of the summary", false}}},
       poisson_dirichlet},
      {{"gumbel-scale",
        "top quantile b_n and hazard scale h_n of an i.i.d. score family (UF)",
        {{"--family", "exponential, gaussian, weibull, log2 or uniform"},
         {"--shape", "p for weibull (required), eta for log2 (default 1)", false},
         {"--n", "number of keys, 2 <= n <= 9.2e18"}}},
       gumbel_scale},
      {{"equiangular-time",
        "clustering time T(rho0 -> rho1) of equiangular tokens under one scalar head, and beta_c (MH)",
        {{"--n", "number of tokens, 2 <= n <= 1e9"},
         {"--beta", "inverse temperature, 0 <= beta m <= 700"},
         {"--rho0", "starting inner product, -1/(n-1) < rho0 < rho1 (default 0)", false},
         {"--rho1", "final inner product, rho1 < 1 (default 0.99)", false},
         {"--type", "S (per-head softmax rows, default) or U (unnormalised)", false},
         {"--kernel", "softmax (default) or relu", false},
         {"--m", "head scale: M = V = m I (default 1)", false}}},
       equiangular_time},
  };
  return table;
}

std::string names_of(const std::vector<std::string>& names) {
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

}  // namespace

const std::vector<ReferenceLaw>& reference_laws() {
  static const std::vector<ReferenceLaw> laws = [] {
    std::vector<ReferenceLaw> v;
    for (const LawEntry& e : law_table()) v.push_back(e.law);
    return v;
  }();
  return laws;
}

Json evaluate_law(const std::string& name, const std::map<std::string, std::string>& options) {
  const auto& table = law_table();
  const auto entry = std::find_if(table.begin(), table.end(), [&](const LawEntry& e) { return name == e.law.name; });
  if (entry == table.end()) {
    std::vector<std::string> names;
    for (const LawEntry& e : table) names.emplace_back(e.law.name);
    throw UsageError(fmt::format("reference: unknown law '{}'; expected one of {}", name, names_of(names)));
  }
  LawArguments arguments;
  std::vector<std::string> known;
  for (const LawParameter& p : entry->law.parameters) {
    known.emplace_back(p.option);
    arguments.values[p.option] = "";
  }
  for (const auto& [option, value] : options) {
    if (!arguments.values.contains(option))
      throw UsageError(
          fmt::format("reference {}: unknown option '{}'; expected one of {}", name, option, names_of(known)));
    // The CLI's own wording for an empty value (strict_arguments.cpp): an empty text is never "not given".
    if (value.empty()) throw UsageError(fmt::format("{}: expected a value, got an empty string", option));
    arguments.values[option] = value;
  }
  for (const LawParameter& p : entry->law.parameters) {
    if (p.required && !arguments.given(p.option)) throw UsageError(fmt::format("{} is required", p.option));
  }
  return entry->evaluate(arguments);
}

std::string refusal_message(const reference::OutOfDomain& e) {
  return fmt::format("--{}: {}", e.argument(), e.reason());
}

}  // namespace attnlaw::cli
