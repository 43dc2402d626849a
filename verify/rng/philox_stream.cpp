#include "verify/rng/philox_stream.hpp"

#include <string>

namespace attnlaw::rng {

StreamKey make_key(std::uint32_t seed, std::string_view claim_id, std::string_view experiment) {
  std::string label;
  label.reserve(claim_id.size() + 1 + experiment.size());
  label.append(claim_id).append("/").append(experiment);
  return StreamKey{hash32(label), seed};
}

}  // namespace attnlaw::rng
