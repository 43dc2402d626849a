#include "verify/harness/claim.hpp"

namespace attnlaw::harness {

const char* to_string(Battery b) noexcept {
  switch (b) {
    case Battery::smoke: return "smoke";
    case Battery::standard: return "standard";
    case Battery::full: return "full";
  }
  return "smoke";
}

std::optional<Battery> parse_battery(std::string_view name) noexcept {
  if (name == "smoke") return Battery::smoke;
  if (name == "standard") return Battery::standard;
  if (name == "full") return Battery::full;
  return std::nullopt;
}

const char* to_string(Provenance p) noexcept {
  switch (p) {
    case Provenance::paper: return "paper";
    case Provenance::paper_summary: return "paper-summary";
    case Provenance::derived: return "derived";
  }
  return "derived";
}

}  // namespace attnlaw::harness
