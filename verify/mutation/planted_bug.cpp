#include "verify/mutation/planted_bug.hpp"

namespace attnlaw::mutation {
namespace detail {
bool armed_flag = false;
}

namespace {
std::string& slot() {
  static std::string name;
  return name;
}
}  // namespace

void set_active(std::string_view name) {
  slot() = std::string(name);
  detail::armed_flag = !slot().empty();
}

bool active(std::string_view name) noexcept { return !slot().empty() && slot() == name; }

const std::string& active_name() noexcept { return slot(); }

}  // namespace attnlaw::mutation
