#include "verify/harness/mutants.hpp"

#include <stdexcept>

namespace attnlaw::harness {
namespace {
std::string active;
}

const std::vector<Mutant>& all_mutants() {
  static const std::vector<Mutant> mutants{
      {"bessel-orders-swapped", "A_d(beta) computed as I_{d/2-1}/I_{d/2} instead of I_{d/2}/I_{d/2-1}",
       {"SL.global-average", "SL.subcritical.bias"}},
      {"variance-at-beta", "the second vMF moment taken at beta in place of 2 beta (A_d(beta)/beta for A_d(2 beta)/(2 beta))",
       {"SL.global-average", "SL.subcritical.gaussian"}},
      {"tangential-variance-x1.1", "the tangential variance of the output times 1.1",
       {"SL.global-average", "SL.subcritical.gaussian"}},
      {"critical-constant-x1.03", "the critical constant c = gamma A_d^{-2/(d-1)} off by 3% in the reference (evaluated at 1.03 gamma)",
       {"SL.critical.top-weight", "SL.critical.finite-mass", "SL.critical.output-energy"}},
      {"critical-exponent-2-over-d", "the critical exponent 2/d in place of 2/(d-1)",
       {"SL.critical.scale-exponent", "SL.critical.top-weight", "SL.critical.spacings"}},
  };
  return mutants;
}

const Mutant* find_mutant(std::string_view name) noexcept {
  for (const Mutant& m : all_mutants()) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

void set_active_mutant(std::string_view name) {
  if (!name.empty() && find_mutant(name) == nullptr) {
    std::string known;
    for (const Mutant& m : all_mutants()) known += (known.empty() ? "" : ", ") + m.name;
    throw std::invalid_argument("--mutant: unknown mutant '" + std::string(name) + "'; known: " + known);
  }
  active = std::string(name);
}

bool mutant_active(std::string_view name) noexcept { return !active.empty() && active == name; }

const std::string& active_mutant() noexcept { return active; }

}  // namespace attnlaw::harness
