#pragma once
// Runs claims of a registry through the harness, as `attnlaw run` does, with an optional planted
// bug switched on for the run only: the one way the claim tests exercise a battery.
#include <cstdint>
#include <string>
#include <vector>

#include "verify/harness/claim.hpp"
#include "verify/harness/registry.hpp"
#include "verify/harness/runner.hpp"
#include "verify/mutation/planted_bug.hpp"

namespace attnlaw::test_support {

inline harness::RunOutput run_registry(const harness::Registry& registry, const std::vector<std::string>& claims,
                                       std::uint32_t seed, const std::string& mutant = "",
                                       harness::Battery battery = harness::Battery::smoke) {
  mutation::set_active(mutant);
  harness::RunOptions options;
  options.claim_ids = claims;
  options.seed = seed;
  options.battery = battery;
  auto output = harness::run_claims(harness::select_claims(registry, options), options);
  mutation::set_active("");
  return output;
}

}  // namespace attnlaw::test_support
