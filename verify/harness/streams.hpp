#pragma once
// The random streams of one grid point. Every draw is a pure function of
//   (seed, claim id, experiment name, point label, stream name, replicate, draw index):
// the key hashes the first five (rng::stream_key), the counter holds the last two
// (rng::SampleSource). The point label is canonical_label of the point's fields, so the streams
// depend on what the point is, never on how its parameters were written or printed.
#include <cstdint>
#include <string>
#include <string_view>

#include "verify/rng/philox_stream.hpp"

namespace attnlaw::harness {

class Streams {
 public:
  Streams(std::uint32_t seed, std::string claim_id, std::string experiment, std::string point_label)
      : seed_(seed), claim_(std::move(claim_id)), experiment_(std::move(experiment)), label_(std::move(point_label)) {}

  // The point's stream called `name`: "" for its main one; other names ("limit", "bootstrap",
  // "naive", "n=1e6", ...) for the independent streams one point may need.
  rng::StreamKey key(std::string_view name = "") const {
    return rng::stream_key(seed_, {claim_, experiment_, label_, name});
  }

  std::uint32_t seed() const noexcept { return seed_; }
  const std::string& point_label() const noexcept { return label_; }

 private:
  std::uint32_t seed_;
  std::string claim_, experiment_, label_;
};

}  // namespace attnlaw::harness
