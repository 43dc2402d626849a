#include "verify/sample/lambda_bracket.hpp"

#include <algorithm>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"

namespace attnlaw::sample {
namespace {

using reference::ScoreFamily;

constexpr double kCheckpointRatio = 1.5;

// Delta_(k) = s_(1) - s_(k) from the partial sums, without cancellation: with E_(k) = -log U_(k),
// E_(1) - E_(k) = log(Gamma_k / Gamma_1) exactly.
class GapMap {
 public:
  GapMap(const ScoreFamily& family, double gamma_1, double gamma_n1) : family_(family), g1_(gamma_1), gn1_(gamma_n1) {
    e1_ = std::log(gn1_ / g1_);
    if (family_.kind == ScoreFamily::Kind::gaussian) s1_ = gaussian_upper(g1_ / gn1_, 1 - g1_ / gn1_);
  }
  double operator()(double gamma_k) const {
    // E_(1) - E_(k), at most E_(1) (rounding could push it past when Gamma_k is near Gamma_{n+1}).
    const double d = std::min(std::log(gamma_k / g1_), e1_);
    switch (family_.kind) {
      case ScoreFamily::Kind::exponential: return d;
      case ScoreFamily::Kind::gaussian: return s1_ - gaussian_upper(gamma_k / gn1_, (gn1_ - gamma_k) / gn1_);
      case ScoreFamily::Kind::weibull:  // s = E^{1/p}
        return std::pow(e1_, 1 / family_.shape) * -std::expm1(std::log1p(-d / e1_) / family_.shape);
      case ScoreFamily::Kind::log2: {  // s = 1 - E^{-1/eta}
        const double ek = e1_ - d;
        return std::pow(ek, -1 / family_.shape) * -std::expm1(std::log1p(-d / e1_) / family_.shape);
      }
      default: throw std::invalid_argument("gumbel_row_lambda: not a Gumbel-domain family: " + family_.name());
    }
  }

 private:
  // -Phi^{-1}(u) from whichever of u and q = 1 - u is the small tail ; q = 0 (Gamma_k
  // within rounding of Gamma_{n+1}, only for k near n) is the score -infinity.
  static double gaussian_upper(double u, double q) {
    if (u <= 0.5) return std::sqrt(2.0) * boost::math::erfc_inv(2 * u);
    if (!(q > 0)) return -std::numeric_limits<double>::infinity();
    return -std::sqrt(2.0) * boost::math::erfc_inv(2 * q);
  }
  ScoreFamily family_;
  double g1_, gn1_, e1_ = 0, s1_ = 0;
};

}  // namespace

LambdaBracket gumbel_row_lambda(const ScoreFamily& family, rng::StreamKey stream, std::uint32_t replicate,
                                std::uint64_t n, std::uint64_t K) {
  rng::SampleSource source(stream, replicate, 0);
  K = std::min(K, n);
  std::vector<double> gamma(K);
  double sum = 0;
  for (double& g : gamma) g = sum += rng::exponential(source);
  std::vector<std::pair<std::uint64_t, double>> checkpoints{{K, gamma.back()}};
  while (checkpoints.back().first < n) {
    const auto [k, g] = checkpoints.back();
    const auto next = std::min<std::uint64_t>(
        n, std::max<std::uint64_t>(k + 1,
                                   static_cast<std::uint64_t>(std::ceil(kCheckpointRatio * static_cast<double>(k)))));
    checkpoints.emplace_back(next, g + rng::gamma(source, static_cast<double>(next - k)));
  }
  const double gamma_n1 = checkpoints.back().second + rng::exponential(source);
  const GapMap gap(family, gamma.front(), gamma_n1);
  LambdaBracket b;
  for (std::uint64_t k = 2; k <= K; ++k) b.lo = std::max(b.lo, std::log(static_cast<double>(k)) / gap(gamma[k - 1]));
  b.top_k_decided = K == n || b.lo >= std::log(static_cast<double>(n)) / gap(gamma.back());
  struct Block {
    std::uint64_t a, b;
    double ga, gb;
  };
  std::vector<Block> open;
  for (std::size_t j = 1; j < checkpoints.size(); ++j) {
    const auto [a, ga] = checkpoints[j - 1];
    const auto [k, gk] = checkpoints[j];
    b.lo = std::max(b.lo, std::log(static_cast<double>(k)) / gap(gk));
    if (k > a + 1) open.push_back({a, k, ga, gk});
  }
  // A block whose bound log(b - 1)/Delta_(a) still exceeds the lower end is split at its middle
  // m, with Gamma_m drawn from the exact bridge Gamma_m - Gamma_a = (Gamma_b - Gamma_a)
  // Beta(m - a, b - m), until every bound is below it: the row's Lambda is then exact.
  const auto bound = [&](const Block& blk) { return std::log(static_cast<double>(blk.b - 1)) / gap(blk.ga); };
  double upper = 0;
  while (!open.empty()) {
    const Block blk = open.back();
    open.pop_back();
    if (bound(blk) <= b.lo) continue;
    if (blk.b == blk.a + 1) continue;  // no key strictly inside
    const std::uint64_t m = blk.a + (blk.b - blk.a) / 2;
    if (m == blk.a) {
      upper = std::max(upper, bound(blk));
      continue;
    }
    const double x = rng::gamma(source, static_cast<double>(m - blk.a));
    const double y = rng::gamma(source, static_cast<double>(blk.b - m));
    const double gm = blk.ga + (blk.gb - blk.ga) * (x / (x + y));
    b.lo = std::max(b.lo, std::log(static_cast<double>(m)) / gap(gm));
    open.push_back({m, blk.b, gm, blk.gb});
    open.push_back({blk.a, m, blk.ga, gm});
  }
  b.hi = std::max(b.lo, upper);
  return b;
}

}  // namespace attnlaw::sample
