#include "verify/sample/sphere_truncated.hpp"

#include "verify/mutation/planted_bug.hpp"
#include "verify/sample/detail/truncated_shells.hpp"
#include "verify/sample/gap_laws.hpp"

namespace attnlaw::sample {

NearestKeys sample_sphere_truncated(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d,
                                    double beta, double epsilon, bool with_directions) {
  NearestKeys keys = detail::sample_truncated(SphereGapLaw(d), stream, replicate,
                                              index_space::Region::sphere_truncated, n, d, beta, epsilon, with_directions);
  if (mutation::active("truncation-radius-too-small")) {
    // Planted bug: "only keys within one temperature unit of the nearest matter", the threshold
    // t_(1) + 1/beta in place of t_(1) + ln(n/epsilon)/beta.
    const double threshold = keys.gaps.front() + 1 / beta;
    std::size_t kept = 0;
    while (kept < keys.gaps.size() && keys.gaps[kept] <= threshold) ++kept;
    keys.gaps.resize(kept);
    if (!keys.directions.empty()) keys.directions.resize(kept * static_cast<std::size_t>(d - 1));
    keys.threshold = threshold;
  }
  return keys;
}

}  // namespace attnlaw::sample
