#pragma once
// A figure as an entry of results.json's "figures" (the schema of verify/report/results_schema.cpp).
#include "verify/harness/figure.hpp"
#include "verify/harness/json.hpp"

namespace attnlaw::harness {

Json to_json(const Figure& figure);

}  // namespace attnlaw::harness
