#pragma once
// A table as an entry of results.json's "tables" (the schema of verify/report/results_schema.cpp).
#include "verify/harness/json.hpp"
#include "verify/harness/table.hpp"

namespace attnlaw::harness {

Json to_json(const Table& table);

}  // namespace attnlaw::harness
