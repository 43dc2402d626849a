#pragma once
#include <memory>
#include <string_view>
#include <vector>

#include "verify/harness/claim.hpp"

namespace attnlaw::harness {

// Claims in registration order; ids are unique.
class Registry {
 public:
  void add(std::unique_ptr<Claim> claim);
  const Claim* find(std::string_view id) const noexcept;
  const std::vector<std::unique_ptr<Claim>>& claims() const noexcept { return claims_; }

 private:
  std::vector<std::unique_ptr<Claim>> claims_;
};

}  // namespace attnlaw::harness
