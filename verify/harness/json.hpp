#pragma once
// The JSON type of the documents the harness writes (results.json, timings.json, the audit's).
// Claims never see it: their points and figures are typed (point.hpp, figure.hpp).
#include <nlohmann/json.hpp>

namespace attnlaw::harness {

using Json = nlohmann::ordered_json;  // insertion order kept, so reports regenerate byte for byte

}  // namespace attnlaw::harness
