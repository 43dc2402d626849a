#include "verify/rng/philox_stream.hpp"

#include <string>

namespace attnlaw::rng {

StreamKey make_key(std::uint32_t seed, std::string_view claim_id, std::string_view experiment) {
  std::string label;
  label.reserve(claim_id.size() + 1 + experiment.size());
  label.append(claim_id).append("/").append(experiment);
  return StreamKey{hash32(label), seed};
}

double SampleSource::planted_uniform(std::uint64_t bits) noexcept {
  if (mutation::active("uniform-biased-including-0")) return static_cast<double>(bits >> 32) * 0x1.0p-32;
  return uniform_from_bits(bits);
}

}  // namespace attnlaw::rng
