#include "verify/rng/philox_stream.hpp"

#include <string>

namespace attnlaw::rng {

StreamKey make_key(std::uint32_t seed, std::string_view claim_id, std::string_view experiment) {
  std::string label;
  label.reserve(claim_id.size() + 1 + experiment.size());
  label.append(claim_id).append("/").append(experiment);
  return StreamKey{hash32(label), seed};
}

StreamKey stream_key(std::uint32_t seed, std::initializer_list<std::string_view> names) {
  std::string text;
  for (std::string_view name : names) text.append(name).push_back('\x1f');
  const std::uint64_t h = hash64(text);
  return StreamKey{static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(h >> 32) ^ seed};
}

}  // namespace attnlaw::rng
