#pragma once
// A point's fields as the "params" object of results.json (the report's form of a grid point).
#include "verify/harness/json.hpp"
#include "verify/harness/point.hpp"

namespace attnlaw::harness {

Json to_json(const Fields& fields);

}  // namespace attnlaw::harness
