#include "verify/sample/score_rows.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "verify/rng/exponential.hpp"
#include "verify/rng/gamma.hpp"
#include "verify/sample/detail/score_quantiles.hpp"
#include "verify/sample/index_space.hpp"
#include "verify/sample/uniform_order_statistics.hpp"

namespace attnlaw::sample {

namespace {

using reference::ScoreFamily;
using Kind = ScoreFamily::Kind;
using index_space::Region;
using index_space::sample_index;

constexpr std::uint64_t max_top_n = std::uint64_t{1} << 53;
constexpr std::uint64_t max_full_n = std::uint64_t{1} << 27;

void check_family(const ScoreFamily& family) {
  if ((family.kind == Kind::weibull || family.kind == Kind::log2) && !(family.shape > 0 && std::isfinite(family.shape)))
    throw std::invalid_argument("score_rows: the family's shape must be finite and > 0");
}

// Exponential scores from the Rényi spacings: above s_(K), the K - 1 larger scores are s_(K) plus
// the order statistics of K - 1 i.i.d. Exp(1), independent of s_(K) (memorylessness), whose
// spacings are s_(k) - s_(k+1) = E_k / k. So Delta_(k) = M_{k-1} = sum_{i<k} E_i / i exactly, and
// s_(K) = -log U_(K) with U_(K) = A / (A + G) ~ Beta(K, n + 1 - K), A ~ Gamma(K), G ~ Gamma(n + 1 - K).
// Offsets: 0 the E_i, 1 G, 2 A.
TopGaps exponential_top_gaps(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, std::uint64_t K) {
  TopGaps row;
  row.n = n;
  const std::size_t k_count = static_cast<std::size_t>(K);
  row.gaps.resize(k_count);
  rng::SampleSource spacings(stream, replicate, sample_index(Region::score_top_k, 0));
  double m = 0;
  row.gaps[0] = 0;
  for (std::size_t k = 1; k < k_count; ++k) {
    m += rng::exponential(spacings) / static_cast<double>(k);
    row.gaps[k] = m;
  }
  rng::SampleSource rest_source(stream, replicate, sample_index(Region::score_top_k, 1));
  const double rest = rng::gamma_distribution<double>(static_cast<double>(n - K + 1))(rest_source);
  rng::SampleSource head_source(stream, replicate, sample_index(Region::score_top_k, 2));
  const double head = rng::gamma_distribution<double>(static_cast<double>(K))(head_source);
  row.threshold_score = std::log1p(rest / head);
  row.top_score = row.threshold_score + row.gaps.back();
  return row;
}

// The other families from the uniform order statistics (offsets 0 and 1 of region score_top_k).
// With E_(k) = -log U_(k) and d_k = E_(1) - E_(k) = log(Gamma_k / Gamma_1), taken from the Gamma
// partial sums so that no two nearly equal scores are subtracted:
//   weibull  Delta_(k) = E_(1)^{1/p} - E_(k)^{1/p}       = E_(k)^{1/p} expm1(log1p(d_k / E_(k)) / p)
//   log2     Delta_(k) = E_(k)^{-1/eta} - E_(1)^{-1/eta} = E_(1)^{-1/eta} expm1(log1p(d_k / E_(k)) / eta)
//   uniform  Delta_(k) = 2 (U_(k) - U_(1))               = 2 (Gamma_k - Gamma_1) / Gamma_{n+1}
//   gaussian Delta_(k) = s_(1) - s_(k), the difference of two erfc-based quantiles. Scores are
//            <= 8.6 (n <= 2^53) with relative error a few ulps, so each gap carries an absolute
//            error <= ~1e-14 against gaps of order 1/h_n ~ 0.1 (and beta Delta errors <= ~1e-12
//            for every beta the claims use); exact differences would not change any statistic.
TopGaps renyi_top_gaps(const ScoreFamily& family, rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n,
                       std::uint64_t K) {
  const UniformOrderStatistics order(stream, replicate, n, K, Region::score_top_k);
  const std::size_t k_count = static_cast<std::size_t>(K);

  TopGaps row;
  row.n = n;
  row.gaps.resize(k_count);
  const double inverse_shape = 1 / family.shape;
  const double gamma_1 = order.partial_sum(0);
  const double e_1 = detail::exponential_upper_quantile(order.lower(0), order.upper(0));

  for (std::size_t j = 0; j < k_count; ++j) {
    const double u = order.lower(j);
    const double v = order.upper(j);
    const double excess = order.partial_sum(j) - gamma_1;  // Gamma_k - Gamma_1 >= 0
    double score = 0;
    double gap = 0;
    switch (family.kind) {
      case Kind::gaussian:
        score = detail::gaussian_upper_quantile(u, v);
        gap = j == 0 ? 0 : row.top_score - score;
        break;
      case Kind::weibull: {
        const double e = detail::exponential_upper_quantile(u, v);
        score = std::pow(e, inverse_shape);
        gap = score * std::expm1(std::log1p(std::log1p(excess / gamma_1) / e) * inverse_shape);
        break;
      }
      case Kind::log2: {
        const double e = detail::exponential_upper_quantile(u, v);
        score = 1 - std::pow(e, -inverse_shape);
        gap = std::pow(e_1, -inverse_shape) * std::expm1(std::log1p(std::log1p(excess / gamma_1) / e) * inverse_shape);
        break;
      }
      case Kind::uniform:
        score = u <= 0.5 ? 1 - 2 * u : 2 * v - 1;
        gap = 2 * excess / order.total();
        break;
      case Kind::exponential: break;  // exponential_top_gaps
    }
    if (j == 0) {
      row.top_score = score;
      gap = 0;
    }
    row.gaps[j] = gap;
    if (j + 1 == k_count) row.threshold_score = score;
  }
  // Each gap is rounded on its own; a tie between Gamma_k and Gamma_{k+1} (an E_i below an ulp
  // of Gamma_k) could otherwise leave two neighbours one ulp out of order.
  for (std::size_t j = 1; j < k_count; ++j) row.gaps[j] = std::max(row.gaps[j], row.gaps[j - 1]);
  return row;
}

}  // namespace

TopGaps sample_top_gaps(const ScoreFamily& family, rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n,
                        std::uint64_t K) {
  if (K == 0 || K > n) throw std::domain_error("sample_top_gaps: need 1 <= K <= n");
  if (n > max_top_n) throw std::domain_error("sample_top_gaps: n must be <= 2^53");
  check_family(family);
  if (family.kind == Kind::exponential) return exponential_top_gaps(stream, replicate, n, K);
  return renyi_top_gaps(family, stream, replicate, n, K);
}

bool lambda_is_exact(const TopGaps& row, double lambda_of_retained) {
  if (row.gaps.size() >= row.n) return true;
  // Omitted gaps exceed Delta_(K) almost surely, and there N(t) <= n.
  return lambda_of_retained >= std::log(static_cast<double>(row.n)) / row.gaps.back();
}

std::vector<double> sample_full_row(const ScoreFamily& family, rng::StreamKey stream, std::uint32_t replicate,
                                    std::uint64_t n) {
  if (n == 0 || n > max_full_n) throw std::domain_error("sample_full_row: need 1 <= n <= 2^27");
  check_family(family);
  std::vector<double> row(static_cast<std::size_t>(n));
  const double inverse_shape = 1 / family.shape;
  for (std::uint64_t j = 0; j < n; ++j) {
    rng::SampleSource source(stream, replicate, sample_index(Region::score_full_row, j));
    const double u = source.next_uniform();  // the upper-tail probability of score j
    const double v = 1 - u;                  // exact: u is a multiple of 2^-53 (philox_stream.hpp)
    double s = 0;
    switch (family.kind) {
      case Kind::exponential: s = detail::exponential_upper_quantile(u, v); break;
      case Kind::gaussian: s = detail::gaussian_upper_quantile(u, v); break;
      case Kind::weibull: s = std::pow(detail::exponential_upper_quantile(u, v), inverse_shape); break;
      case Kind::log2: s = 1 - std::pow(detail::exponential_upper_quantile(u, v), -inverse_shape); break;
      case Kind::uniform: s = u <= 0.5 ? 1 - 2 * u : 2 * v - 1; break;
    }
    row[static_cast<std::size_t>(j)] = s;
  }
  return row;
}

}  // namespace attnlaw::sample
