#include "verify/harness/registry.hpp"

#include <stdexcept>

namespace attnlaw::harness {

void Registry::add(std::unique_ptr<Claim> claim) {
  if (find(claim->info().id) != nullptr) {
    throw std::logic_error("claim registered twice: " + claim->info().id);
  }
  claims_.push_back(std::move(claim));
}

const Claim* Registry::find(std::string_view id) const noexcept {
  for (const auto& claim : claims_) {
    if (claim->info().id == id) return claim.get();
  }
  return nullptr;
}

}  // namespace attnlaw::harness
