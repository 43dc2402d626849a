// EB.channel-map-bound: isotropic inputs (vec X ~ N(0, I)), channel map W free: the minimum over
// rank-r T and all W of the risk |W^T (x) T - W*^T (x) T*|_F^2 is |W*|_F^2 sum_{k>r} sigma_k^2(T*)
// (THEORY.md §2.2). Monte Carlo: ALS on the empirical risk of N samples, from moments.
#include <fmt/core.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <unsupported/Eigen/KroneckerProduct>

#include "theory/entropic_bound/capacity_helpers.hpp"
#include "theory/entropic_bound/claims.hpp"
#include "theory/entropic_bound/frontier.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/surrogate/planted_operators.hpp"

namespace attnlaw::theory::entropic_bound {
namespace {

constexpr Eigen::Index kN = 16, kD = 4;
constexpr std::size_t kRStar = 4;
constexpr double kSigma[] = {4, 3, 2, 1};

struct ChannelBound {
  std::function<double(const Mat& w_star, std::span<const double> sigma, std::size_t r)> bound;
};

ChannelBound channel_bound(TailSum tail) {
  return {
      [tail](const Mat& w, std::span<const double> sigma, std::size_t r) { return w.squaredNorm() * tail(sigma, r); }};
}

// Planted "channel-map-bound-without-w-norm": the tail of T* alone, as if W* were norm 1.
ChannelBound bound_without_w_norm() {
  return {[](const Mat&, std::span<const double> sigma, std::size_t r) { return true_tail()(sigma, r); }};
}

struct SamplePoint {
  std::size_t tasks, samples;
  harness::Fields fields() const { return {{"tasks", tasks}, {"samples", samples}}; }
};

// The empirical risk from the moments of x = vec X, y = vec Y: R(K) = S_yy - 2 tr(K H^T) + tr(K G K^T).
struct Moments {
  Mat g, h;
  double syy = 0;
  Mat block(const Mat& m, Eigen::Index a, Eigen::Index b) const { return m.block(a * kN, b * kN, kN, kN); }
  double risk(const Mat& t, const Mat& w) const {
    const Mat k = Eigen::kroneckerProduct(w.transpose(), t);
    return syy - 2 * (k * h.transpose()).trace() + (k * g * k.transpose()).trace();
  }
};

// ALS: T exact at rank r given W (reduced-rank least squares in the metric V(W)), W exact given T.
// Stops when a sweep lowers R by <= 1e-13 S_yy; returns R and the geometric-tail estimate of the rest.
std::pair<double, double> als_channel(const Moments& mo, Mat w, std::size_t r) {
  Mat t;
  double f = std::numeric_limits<double>::infinity(), last = f, rest = f;
  for (int sweep = 0; sweep < 5000; ++sweep) {
    Mat v = Mat::Zero(kN, kN), c = Mat::Zero(kN, kN);
    const Mat wwt = w * w.transpose();
    for (Eigen::Index a = 0; a < kD; ++a)
      for (Eigen::Index b = 0; b < kD; ++b) {
        v += wwt(a, b) * mo.block(mo.g, a, b);
        c += w(b, a) * mo.block(mo.h, a, b);
      }
    const Eigen::SelfAdjointEigenSolver<Mat> eig(v);
    const Mat root_inv = eig.operatorInverseSqrt();
    const Eigen::JacobiSVD<Mat> svd(c * root_inv, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const auto k = static_cast<Eigen::Index>(r);
    t = svd.matrixU().leftCols(k) * svd.singularValues().head(k).asDiagonal() * svd.matrixV().leftCols(k).transpose() *
        root_inv;
    Mat a_mat(kD, kD), b_mat(kD, kD);
    const Mat ttt = t.transpose() * t;
    for (Eigen::Index a = 0; a < kD; ++a)
      for (Eigen::Index b = 0; b < kD; ++b) {
        a_mat(a, b) = (ttt * mo.block(mo.g, b, a)).trace();
        b_mat(a, b) = (t.transpose() * mo.block(mo.h, b, a)).trace();
      }
    w = a_mat.ldlt().solve(b_mat);
    const double next = mo.risk(t, w), decrease = std::abs(f - next);
    f = next;
    if (decrease <= 1e-13 * mo.syy) {
      const double rho = decrease / last;
      rest = decrease == 0 ? 0 : rho < 1 ? decrease * rho / (1 - rho) : std::numeric_limits<double>::infinity();
      break;
    }
    last = decrease;
  }
  return {f, rest};
}

harness::ExperimentResult empirical_minimum(const SamplePoint& p, const ChannelBound& model,
                                            const harness::PointContext& at) {
  std::vector<std::vector<double>> z(p.tasks), minimum(p.tasks), bound(p.tasks);
  std::vector<double> zero_stat(p.tasks);
  harness::for_each_replicate(p.tasks, [&](std::size_t task) {
    const auto rep = static_cast<std::uint32_t>(task);
    const Mat t_star = surrogate::planted_operator(kN, kSigma, at.streams.key("task"), rep, 0);
    const Mat w_star = surrogate::gaussian_matrix(kD, kD, at.streams.key("channel"), rep, 0);
    const Mat x =
        surrogate::gaussian_matrix(kN * kD, static_cast<Eigen::Index>(p.samples), at.streams.key("x"), rep, 0);
    const Mat y = Mat(Eigen::kroneckerProduct(w_star.transpose(), t_star)) * x;
    const double n = static_cast<double>(p.samples);
    const Moments mo{x * x.transpose() / n, y * x.transpose() / n, y.squaredNorm() / n};
    const std::vector<double> sigma = singular_spectrum(t_star);
    const Mat wwt = w_star * w_star.transpose();
    for (std::size_t r = 1; r <= kRStar; ++r) {
      const auto [risk, rest] = als_channel(mo, surrogate::gaussian_matrix(kD, kD, at.streams.key("start"), rep, r), r);
      minimum[task].push_back(risk);
      bound[task].push_back(model.bound(w_star, sigma, r));
      if (r == kRStar) {
        zero_stat[task] =
            risk / (rest + 8 * static_cast<double>(kN * kD) * std::numeric_limits<double>::epsilon() * mo.syy);
        continue;
      }
      // s.e. of the empirical risk at the population minimiser (T_r = [T*]_r, W = W*): the loss
      // |D x|^2, D = W*^T (x) (T* - T_r), has variance 2 |D^T D|_F^2 = 2 |W* W*^T|_F^2 sum_{k>r} sigma_k^4.
      double fourth = 0;
      for (std::size_t k = r; k < sigma.size(); ++k) fourth += std::pow(sigma[k], 4);
      const double se = std::sqrt(2 * wwt.squaredNorm() * fourth / n);
      z[task].push_back((risk - bound[task].back()) / se);
    }
  });
  harness::ExperimentResult out;
  for (std::size_t r = 1; r < kRStar; ++r) {
    std::vector<double> zr;
    for (const auto& zt : z) zr.push_back(zt[r - 1]);
    out.checks.push_back(harness::mean_check(
        stats::z_test_mean(zr, 0.0, 1.0), 0.0,
        fmt::format("ALS minimum of the empirical risk (N = {}) = |W*|_F^2 sum_{{k>{}}} sigma_k^2(T*), {} tasks "
                    "(isotropic X, W free); the min's downward bias O(params/N) is below the s.e.",
                    p.samples, r, p.tasks),
        1.0, p.tasks, "mean z (units of the s.e.)", 1, 3.0));
  }
  out.checks.push_back(harness::deterministic_check(
      fmt::format("at r = r* = 4 the empirical minimum is 0 (noiseless Y; isotropic X, W free), {} tasks", p.tasks),
      *std::max_element(zero_stat.begin(), zero_stat.end()),
      "statistic = max over tasks R_min / (ALS geometric-tail estimate + 8 (nd) eps S_yy, the rounding of the "
      "moment form)"));
  std::string measured, claimed;
  for (std::size_t r = 0; r < kRStar; ++r) {
    measured += fmt::format("{}{:.4g}", r ? ", " : "", minimum[0][r]);
    claimed += fmt::format("{}{:.4g}", r ? ", " : "", bound[0][r]);
  }
  out.tables.push_back(frontier_table(
      {{"rank-r token mixing, channel map W free, isotropic X (n = 16, d = 4, r* = 4)",
        fmt::format("ALS minimum of the empirical risk, N = {}", p.samples),
        zero_stat[0] <= 1 && minimum[0][kRStar - 2] > 0 ? "exactly" : "not",
        fmt::format("task 0: min empirical risk at r = 1..4 {}; bound {}", measured, claimed), at.claim.id}}));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> channel_map_bound() {
  auto claim = std::make_unique<harness::ClaimSpec<ChannelBound>>(
      harness::ClaimInfo{"EB.channel-map-bound", "EB", "THEORY.md §2.2 (the bound with a free channel map)",
                         "For isotropic X and a free channel map W, min over rank-r T and W of "
                         "|W^T (x) T - W*^T (x) T*|_F^2 = |W*|_F^2 sum_{k>r} sigma_k^2(T*).",
                         harness::Provenance::derived,
                         "[derived][checked] (surrogate reconstruction; paper not identified)"},
      harness::ModelChoice<ChannelBound>{channel_bound(true_tail()),
                                         {{"channel-map-bound-without-w-norm", bound_without_w_norm()},
                                          {"eckart-young-tail-one-late", channel_bound(tail_one_late())}}});
  // Full: three times the tasks (the standard's 8 detect 2.8 s.e., barely the promised 3) at three
  // times N, so that the min's downward O(params/N) bias, -0.4 s.e. at 1e5, stays below what the
  // 24-task mean resolves.
  claim->experiment(
      "empirical-als",
      harness::Grid<SamplePoint>{.smoke = {{8, 10000}}, .standard = {{8, 100000}}, .full = {{24, 300000}}},
      empirical_minimum);
  return claim;
}

}  // namespace attnlaw::theory::entropic_bound
