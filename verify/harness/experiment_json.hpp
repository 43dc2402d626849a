#pragma once
// A grid point's result, exactly as the claim produced it and before the policy has seen it, in
// JSON and back: the unit of a checkpoint (--resume) and of the results other MPI ranks send. The
// round trip is exact: doubles in their shortest round-trip form, non-finite ones as the strings
// "inf", "-inf" and "nan", fields tagged with their type; a resumed or distributed run therefore
// writes the results.json of a single uninterrupted one.
#include "verify/harness/claim.hpp"
#include "verify/harness/json.hpp"

namespace attnlaw::harness {

// One grid point's outcome: what it produced and how long it took.
struct PointOutcome {
  ExperimentResult result;
  double seconds = 0;
};

Json outcome_to_json(const PointOutcome& outcome);
// Throws std::runtime_error naming the first field that is missing or of the wrong type.
PointOutcome outcome_from_json(const Json& j);

}  // namespace attnlaw::harness
