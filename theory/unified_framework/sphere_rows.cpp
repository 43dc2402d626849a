#include "theory/unified_framework/sphere_rows.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "verify/attention/row_statistics.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/sample/sphere_ppp.hpp"
#include "verify/sample/sphere_top_k.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

// Lambda of the ascending values x_1 <= x_2 <= ... measured from x_1.
double lambda_of_sorted(const std::vector<double>& x) {
  attention::GapProfile<double> profile;
  profile.gaps.reserve(x.size());
  for (double v : x) profile.gaps.push_back(v - x.front());
  return attention::accumulation_scale(profile).lambda;
}

}  // namespace

SphereScale sphere_scale_with_exponent_2_over_d() {
  return {[](int d) { return 2.0 / d; }, [](int d, double n) { return std::pow(n, 2.0 / d); }};
}

SphereScale sphere_scale_with_exponent_half_codimension() {
  return {[](int d) { return 0.5 * (d - 1); }, [](int d, double n) { return std::pow(n, 0.5 * (d - 1)); }};
}

RowLambda sphere_row_lambda(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, std::uint64_t K) {
  const sample::NearestKeys keys = sample::sample_sphere_top_k(stream, replicate, n, d, K);
  RowLambda out;
  out.lambda = lambda_of_sorted(keys.gaps);
  const double last = keys.gaps.back() - keys.gaps.front();
  out.decided = K >= n || out.lambda >= std::log(static_cast<double>(n)) / last;
  return out;
}

RowLambda sphere_limit_lambda(rng::StreamKey stream, std::uint32_t replicate, int d, double log_cutoff) {
  const sample::PppSample points =
      sample::sample_ppp(stream, replicate, sample::ppp_law_uniform(d, 1.0), false, log_cutoff);
  RowLambda out;
  out.lambda = lambda_of_sorted(points.energies);
  // Up to k = 4J the omitted ratios are below log(4J)/log_cutoff (every omitted gap exceeds the
  // cutoff); further out e_k - e_1 grows like c k^{2/(d-1)} and the ratio keeps falling. A
  // heuristic, not a bound: the claims report how many draws it flags.
  out.decided = out.lambda >= std::log(4.0 * static_cast<double>(points.energies.size())) / log_cutoff;
  return out;
}

WindowRows sphere_window_rows(int d, double beta, std::uint64_t n, std::size_t reps, rng::StreamKey stream) {
  WindowRows v;
  for (auto* x : {&v.top, &v.sum_sq, &v.partition, &v.entropy, &v.top_two, &v.log_ratio}) x->resize(reps);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const auto keys = sample::sample_sphere_truncated(stream, static_cast<std::uint32_t>(r), n, d, beta);
    attention::GapProfile<double> profile;
    for (double t : keys.gaps) profile.gaps.push_back(t - keys.gaps.front());
    const auto s = attention::softmax_summary(profile, beta);
    const double z = std::exp(s.log_partition);
    // Smallest terms first, so that the sum keeps the digits of the many small weights.
    double sq = 0;
    for (auto it = profile.gaps.rbegin(); it != profile.gaps.rend(); ++it) sq += std::exp(-2 * beta * *it);
    v.top[r] = s.top_weight;
    v.sum_sq[r] = sq / (z * z);
    v.partition[r] = z;
    v.entropy[r] = s.entropy;
    v.top_two[r] = s.top_two_difference;
    v.log_ratio[r] = profile.gaps.size() > 1 ? beta * profile.gaps[1] : std::numeric_limits<double>::infinity();
  });
  return v;
}

}  // namespace attnlaw::theory::unified_framework
