#include "verify/sample/sphere_truncated.hpp"

#include "verify/sample/detail/truncated_shells.hpp"
#include "verify/sample/gap_laws.hpp"

namespace attnlaw::sample {

NearestKeys sample_sphere_truncated(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, double beta,
                                    double epsilon, bool with_directions) {
  return detail::sample_truncated(SphereGapLaw(d), stream, replicate, index_space::Region::sphere_truncated, n, d, beta,
                                  epsilon, with_directions);
}

}  // namespace attnlaw::sample
