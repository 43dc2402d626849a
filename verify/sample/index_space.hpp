#pragma once
// How the samplers of this module share out the sample indices of one replicate.
//
// A SampleSource is named by (stream key, replicate, 64-bit sample index). The top byte of
// the index names the sampler (its region), so samplers that happen to be given the same
// stream key still never read the same counters. Region 0 belongs to the naive generators,
// whose key j is sample j (sphere_naive.hpp, key_laws.hpp): they need n < 2^56.
// Inside a region, offset 0 is the sampler's control stream (counts, spacings) and the
// samplers document what they put at the other offsets.
#include <cstdint>

namespace attnlaw::sample::index_space {

inline constexpr int region_shift = 56;
inline constexpr std::uint64_t max_offset = (std::uint64_t{1} << region_shift) - 1;

enum class Region : std::uint8_t {
  naive = 0,
  sphere_truncated = 1,
  local_exponent_truncated = 2,
  sphere_top_k = 3,
  ppp = 4,
  score_top_k = 5,     // score_rows.hpp: top-K rows of the unified-framework families
  score_full_row = 6,  // score_rows.hpp: full rows, score j is sample j
  pd_weights = 7,      // score_rows.hpp: the PD(alpha, 0) sampler
};

constexpr std::uint64_t sample_index(Region region, std::uint64_t offset) noexcept {
  return (static_cast<std::uint64_t>(region) << region_shift) | (offset & max_offset);
}

}  // namespace attnlaw::sample::index_space
