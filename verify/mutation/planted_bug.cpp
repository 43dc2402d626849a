#include "verify/mutation/planted_bug.hpp"

namespace attnlaw::mutation {
namespace {
std::string& slot() {
  static std::string name;
  return name;
}
}  // namespace

void set_active(std::string_view name) { slot() = std::string(name); }

bool active(std::string_view name) noexcept { return !slot().empty() && slot() == name; }

const std::string& active_name() noexcept { return slot(); }

}  // namespace attnlaw::mutation
