#include "verify/sample/sphere_truncated.hpp"

#include "verify/sample/detail/truncated_shells.hpp"
#include "verify/sample/gap_laws.hpp"

namespace attnlaw::sample {

void uniform_tangential_direction(rng::SampleSource& source, std::span<double> u) { rng::uniform_on_sphere(source, u); }

NearestKeys sample_sphere_truncated(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n, int d, double beta,
                                    double epsilon, bool with_directions, TangentialDirectionDraw draw_direction) {
  return detail::sample_truncated(SphereGapLaw(d), stream, replicate, index_space::Region::sphere_truncated, n, d, beta,
                                  epsilon, with_directions, draw_direction);
}

double expected_retained_sphere_keys(std::uint64_t n, int d, double beta, double epsilon) {
  return detail::expected_retained_keys(SphereGapLaw(d), n, beta, epsilon);
}

static_assert(kMaxRetainedKeys == static_cast<double>(detail::max_retained_keys));

}  // namespace attnlaw::sample
