// verify/diagnose: the rows, heads and quantiles of one tensor, and the exponent fit across
// tensors, on hand-built logits whose Lambda is known in closed form. A row with its maximum at 0
// and its other k keys at -t has N(t') = 1 below t and k + 1 from t on, so Lambda = log(k + 1) / t.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "verify/attention/row_statistics.hpp"
#include "verify/diagnose/diagnosis.hpp"
#include "verify/stats/quantile.hpp"

namespace attnlaw::diagnose {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// One row of n keys with Lambda = lambda: the maximum, and n - 1 keys at gap log(n) / lambda.
std::vector<double> row_with_lambda(std::size_t n, double lambda) {
  std::vector<double> row(n, -std::log(static_cast<double>(n)) / lambda);
  row[0] = 0;
  return row;
}

// [heads, rows, n], every row of a head with the same Lambda.
io::Tensor heads_tensor(std::size_t n, const std::vector<double>& lambda_per_head, std::size_t rows,
                        std::string name = "") {
  io::Tensor t;
  t.shape = {lambda_per_head.size(), rows, n};
  t.name = std::move(name);
  for (const double lambda : lambda_per_head)
    for (std::size_t r = 0; r < rows; ++r) {
      const std::vector<double> row = row_with_lambda(n, lambda);
      t.values.insert(t.values.end(), row.begin(), row.end());
    }
  return t;
}

std::string error_of(const io::Tensor& t) {
  try {
    diagnose_tensor("f.npy", t, 1.0);
  } catch (const TensorError& e) {
    return e.what();
  }
  return {};
}

TEST(DiagnoseTensor, RowsHeadsAndQuantiles) {
  // 2 heads x 3 rows x 4 keys; rows [1,1] and [1,2] are tied at their maximum.
  io::Tensor t;
  t.shape = {2, 3, 4};
  t.values = {0, -1, -2, -3, 0, -0.5, -0.5, -4, 1, 2, 3, 4, 5, 1, 0, 0, 2, 2, 2, -1, 7, 7, 1, 0};
  const TensorDiagnosis d = diagnose_tensor("f.npy", t, 2.0);
  EXPECT_EQ(d.file, "f.npy");
  EXPECT_EQ(d.shape, t.shape);
  ASSERT_EQ(d.rows.size(), 6u);
  EXPECT_EQ(d.rows[4].index, (std::vector<std::size_t>{1, 1}));
  for (std::size_t r = 0; r < 6; ++r) {
    const std::vector<double> logits(t.values.begin() + 4 * r, t.values.begin() + 4 * (r + 1));
    const auto expected = attention::row_statistics(attention::gap_profile<double>(logits), 2.0);
    EXPECT_EQ(d.rows[r].stats.scale.lambda, expected.scale.lambda) << r;
    // The row kernel sums in another order with its own e^{-x}: within a few ulps
    // (tests/unit/diagnose/row_scan_test.cpp holds it to that on 3000 rows).
    EXPECT_NEAR(d.rows[r].stats.softmax.entropy, expected.softmax.entropy, 1e-15 * (1 + expected.softmax.entropy))
        << r;
  }
  ASSERT_EQ(d.groups.size(), 3u);
  EXPECT_EQ(d.groups[0].label, "[0]");
  EXPECT_EQ(d.groups[1].label, "[1]");
  EXPECT_EQ(d.groups[2].label, "all");
  EXPECT_EQ(d.groups[1].rows, (std::vector<std::size_t>{3, 4, 5}));
  EXPECT_EQ(d.groups[2].rows.size(), 6u);
  EXPECT_EQ(d.groups[0].ties, 0u);
  EXPECT_EQ(d.groups[1].ties, 2u);
  EXPECT_EQ(d.groups[2].ties, 2u);
  EXPECT_EQ(d.groups[1].n_median, 4);
  std::vector<double> lambdas;
  for (const RowDiagnosis& r : d.rows) lambdas.push_back(r.stats.scale.lambda);
  EXPECT_EQ(d.groups[2].lambda.q10, stats::quantile(lambdas, 0.1));
  EXPECT_EQ(d.groups[2].lambda.q50, stats::median(lambdas));
  EXPECT_EQ(d.groups[2].lambda.q90, kInf);  // the tied rows sort last
}

TEST(DiagnoseTensor, GroupLabels) {
  io::Tensor row{{5}, {0, 1, 2, 3, 4}, ""};
  const TensorDiagnosis one = diagnose_tensor("f.npy", row, 1.0);
  ASSERT_EQ(one.rows.size(), 1u);
  EXPECT_EQ(one.rows[0].index, (std::vector<std::size_t>{0}));
  ASSERT_EQ(one.groups.size(), 1u);
  EXPECT_EQ(one.groups[0].label, "all");
  const TensorDiagnosis named = diagnose_tensor("f.safetensors", io::Tensor{{2, 2}, {0, 1, 1, 0}, "layer0.head1"}, 1.0);
  ASSERT_EQ(named.groups.size(), 1u);
  EXPECT_EQ(named.groups[0].label, "layer0.head1");
  const TensorDiagnosis layers = diagnose_tensor("f.safetensors", io::Tensor{{2, 1, 1, 2}, {0, 1, 1, 0}, "q"}, 1.0);
  ASSERT_EQ(layers.groups.size(), 3u);
  EXPECT_EQ(layers.groups[0].label, "q[0,0]");
  EXPECT_EQ(layers.groups[1].label, "q[1,0]");
  EXPECT_EQ(layers.groups[2].label, "q[all]");
  EXPECT_TRUE(is_pooled_group_label("all"));
  EXPECT_TRUE(is_pooled_group_label("q[all]"));
  EXPECT_FALSE(is_pooled_group_label("q[0,0]"));
  EXPECT_FALSE(is_pooled_group_label("overall"));
}

TEST(DiagnoseTensor, ErrorsNameTheFileTensorAndRow) {
  EXPECT_EQ(error_of(io::Tensor{{}, {1}, ""}), "f.npy: a scalar; expected rows of logits (at least one axis)");
  EXPECT_EQ(error_of(io::Tensor{{0, 4}, {}, ""}), "f.npy: no rows to analyse (shape (0, 4))");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::string message = error_of(io::Tensor{{2, 2}, {1, 2, 3, nan}, "t"});
  EXPECT_EQ(message.rfind("f.npy: tensor 't': row [1]: ", 0), 0u) << message;
  EXPECT_NE(message.find("NaN"), std::string::npos) << message;
}

// Head [0] has median Lambda = (log n)^2 and head [1] = 3 (log n)^0.5 at n = 16, 64, 256, so the
// fit is exact: xi = 2 and 0.5, residual 0, and the interval collapses to the point.
TEST(FitExponents, ExactPowerLawsOfLogN) {
  std::vector<TensorDiagnosis> tensors;
  for (const std::size_t n : {256ul, 16ul, 64ul}) {  // not in order of n: the fit sorts
    const double log_n = std::log(static_cast<double>(n));
    const io::Tensor t = heads_tensor(n, {log_n * log_n, 3 * std::sqrt(log_n)}, 5);
    tensors.push_back(diagnose_tensor(std::to_string(n), t, 1.0));
  }
  const Diagnosis d = assemble_diagnosis(1.0, std::move(tensors));
  EXPECT_EQ(d.beta, 1.0);
  ASSERT_EQ(d.fit.heads.size(), 3u);  // [0], [1], all
  const HeadExponentFit& h0 = d.fit.heads[0];
  EXPECT_EQ(h0.group, "[0]");
  ASSERT_EQ(h0.points.size(), 3u);
  EXPECT_EQ(h0.points[0].file, "16");
  EXPECT_EQ(h0.points[2].file, "256");
  EXPECT_EQ(h0.points[1].n_median, 64);
  EXPECT_NEAR(h0.line.slope, 2, 1e-12);
  EXPECT_NEAR(h0.line.intercept, 0, 1e-12);
  EXPECT_NEAR(h0.line.slope_std_error, 0, 1e-12);
  EXPECT_EQ(h0.degrees_of_freedom, 1u);
  EXPECT_NEAR(h0.median_lambda_at(100), std::pow(std::log(100.0), 2), 1e-10);
  EXPECT_NEAR(h0.ci.lo, 2, 1e-9);
  EXPECT_NEAR(h0.ci.hi, 2, 1e-9);
  ASSERT_TRUE(h0.p_holm);
  EXPECT_TRUE(h0.rejects_xi_1);
  const HeadExponentFit& h1 = d.fit.heads[1];
  EXPECT_NEAR(h1.line.slope, 0.5, 1e-12);
  EXPECT_NEAR(h1.line.intercept, std::log(3.0), 1e-12);
  EXPECT_TRUE(h1.rejects_xi_1);
  // The pooled group is fitted but is not in the family of heads.
  EXPECT_EQ(d.fit.heads[2].group, "all");
  EXPECT_FALSE(d.fit.heads[2].p_holm);
  EXPECT_EQ(d.fit.heads_fitted, 2u);
  EXPECT_EQ(d.fit.heads_rejecting_1, 2u);
  EXPECT_TRUE(d.fit.skipped.empty());
  EXPECT_TRUE(d.fit.unfitted.empty());
}

// Two context lengths: a line through two points has no residual to estimate its error from, so
// the head is not fitted, and says why.
TEST(FitExponents, RefusesTwoContextLengths) {
  std::vector<TensorDiagnosis> tensors;
  for (const std::size_t n : {20ul, 200ul}) {
    io::Tensor t = heads_tensor(n, {std::log(static_cast<double>(n)), 2.0}, 3);
    tensors.push_back(diagnose_tensor("n", t, 1.0));
  }
  const ExponentFits fit = fit_exponents(tensors);
  EXPECT_TRUE(fit.heads.empty());
  ASSERT_EQ(fit.unfitted.size(), 3u);  // [0], [1], all
  EXPECT_EQ(fit.unfitted[0].group, "[0]");
  EXPECT_EQ(fit.unfitted[0].context_lengths, 2u);
  EXPECT_EQ(fit.heads_fitted, 0u);
}

// Four context lengths with scatter about the line: xi, its standard error and the t interval
// against a hand computation (x = log log n, y = log median Lambda; Student t quantiles for 2
// degrees of freedom from the closed form t_{2,p} = (2p - 1) sqrt(2 / (1 - (2p - 1)^2))), and Holm
// over two heads.
TEST(FitExponents, RegressionIntervalWithScatterAcrossN) {
  const std::vector<std::size_t> ns{64, 256, 1024, 4096};
  const std::vector<double> wobble{0.1, -0.15, 0.05, 0.0};  // added to log median Lambda of head [0]
  std::vector<TensorDiagnosis> tensors;
  for (std::size_t i = 0; i < ns.size(); ++i) {
    const double log_n = std::log(static_cast<double>(ns[i]));
    const io::Tensor t = heads_tensor(ns[i], {log_n * std::exp(wobble[i]), 4 * std::pow(log_n, 1.5)}, 3);
    tensors.push_back(diagnose_tensor(std::to_string(ns[i]), t, 1.0));
  }
  const ExponentFits fit = fit_exponents(tensors);
  ASSERT_EQ(fit.heads.size(), 3u);
  const HeadExponentFit& h = fit.heads[0];
  std::vector<double> x, y;
  for (std::size_t i = 0; i < ns.size(); ++i) {
    x.push_back(std::log(std::log(static_cast<double>(ns[i]))));
    y.push_back(std::log(std::log(static_cast<double>(ns[i]))) + wobble[i]);
  }
  double xbar = 0, ybar = 0;
  for (std::size_t i = 0; i < 4; ++i) xbar += x[i] / 4, ybar += y[i] / 4;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < 4; ++i) sxx += (x[i] - xbar) * (x[i] - xbar), sxy += (x[i] - xbar) * (y[i] - ybar);
  const double slope = sxy / sxx, intercept = ybar - slope * xbar;
  double rss = 0;
  for (std::size_t i = 0; i < 4; ++i) rss += std::pow(y[i] - intercept - slope * x[i], 2);
  const double se = std::sqrt(rss / 2 / sxx);
  const auto t2 = [](double p) {
    const double a = 2 * p - 1;
    return a * std::sqrt(2 / (1 - a * a));
  };
  EXPECT_NEAR(h.line.slope, slope, 1e-9);
  EXPECT_NEAR(h.line.slope_std_error, se, 1e-9);
  EXPECT_EQ(h.degrees_of_freedom, 2u);
  EXPECT_NEAR(h.ci.lo, slope - t2(0.975) * se, 1e-8);
  EXPECT_NEAR(h.ci.hi, slope + t2(0.975) * se, 1e-8);
  // Bonferroni over the two heads: level 1 - 0.05 / 2.
  ASSERT_TRUE(h.simultaneous_ci);
  EXPECT_NEAR(h.simultaneous_ci->hi, slope + t2(1 - 0.0125) * se, 1e-8);
  // p of xi = 1 for t with 2 df: 1 - |t| / sqrt(2 + t^2), two-sided.
  const double t = std::fabs(slope - 1) / se;
  EXPECT_NEAR(h.p_value_xi_1, 1 - t / std::sqrt(2 + t * t), 1e-10);
  // Head [1] is exact (xi = 1.5, p ~ 0): Holm doubles the smaller p, and no adjusted p falls below
  // the one before it.
  EXPECT_NEAR(*fit.heads[0].p_holm, std::min(1.0, std::max(h.p_value_xi_1, 2 * fit.heads[1].p_value_xi_1)), 1e-12);
  EXPECT_LT(*fit.heads[1].p_holm, 1e-6);
  EXPECT_TRUE(fit.heads[1].rejects_xi_1);
  EXPECT_EQ(fit.heads_fitted, 2u);
}

TEST(FitExponents, SkippedGroupsAndSingleLengths) {
  std::vector<TensorDiagnosis> tensors;
  tensors.push_back(diagnose_tensor("one-key", io::Tensor{{2, 1}, {0, 0}, "a"}, 1.0));           // Lambda = 0
  tensors.push_back(diagnose_tensor("tied", io::Tensor{{2, 3}, {1, 1, 0, 2, 2, 0}, "b"}, 1.0));  // Lambda = inf
  tensors.push_back(diagnose_tensor("short", io::Tensor{{1, 2}, {0, -1}, "c"}, 1.0));            // n = 2 <= e
  tensors.push_back(diagnose_tensor("only-n", heads_tensor(30, {2.0}, 2, "d"), 1.0));            // one n only
  const ExponentFits fit = fit_exponents(tensors);
  EXPECT_TRUE(fit.heads.empty());
  ASSERT_EQ(fit.unfitted.size(), 1u);  // d[0], at one length
  EXPECT_EQ(fit.unfitted[0].context_lengths, 1u);
  ASSERT_EQ(fit.skipped.size(), 3u);
  EXPECT_EQ(fit.skipped[0].file, "one-key");
  EXPECT_EQ(fit.skipped[0].group, "a");
  EXPECT_EQ(fit.skipped[0].reason, SkipReason::median_lambda_zero);
  EXPECT_EQ(fit.skipped[1].reason, SkipReason::median_lambda_infinite);
  EXPECT_EQ(fit.skipped[2].reason, SkipReason::log_log_n_not_positive);
  EXPECT_EQ(fit.heads_fitted, 0u);
}

}  // namespace
}  // namespace attnlaw::diagnose
