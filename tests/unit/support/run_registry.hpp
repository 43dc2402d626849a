#pragma once
// Runs claims of a registry through the harness, as `attnlaw run` does, with an optional planted
// bug's models in force: the one way the claim tests exercise a battery.
#include <cstdint>
#include <string>
#include <vector>

#include "verify/harness/claim.hpp"
#include "verify/harness/registry.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::test_support {

inline harness::RunOutput run_registry(const harness::Registry& registry, const std::vector<std::string>& claims,
                                       std::uint32_t seed, const std::string& mutant = "",
                                       harness::Battery battery = harness::Battery::smoke) {
  harness::RunOptions options;
  options.claim_ids = claims;
  options.seed = seed;
  options.battery = battery;
  options.mutant = mutant;
  return harness::run_claims(harness::select_claims(registry, options), options);
}

}  // namespace attnlaw::test_support
