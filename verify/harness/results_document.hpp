#pragma once
// results.json (schema 1, docs/results-json.md): everything but "provenance" regenerates byte for byte;
// timings go to timings.json.
#include "verify/harness/json.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::harness {

inline constexpr int kSchemaVersion = 1;

Json check_to_json(const Check& check);
// The claims' paper titles come from `registry`.
Json results_document(const Registry& registry, const RunOutput& output, const RunOptions& options, Json provenance);
Json timings_document(const RunOutput& output, const RunOptions& options);

// The worst verdict among the checks (PASS when there are none).
Verdict worst_verdict(const std::vector<Check>& checks);

}  // namespace attnlaw::harness
