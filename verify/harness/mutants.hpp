#pragma once
// Planted bugs (mutants): realistic mistakes compiled into the binary, each off unless named
// with `attnlaw run --mutant NAME`. A check that passes with a mutant on has no power against it.
#include <string>
#include <string_view>
#include <vector>

namespace attnlaw::harness {

struct Mutant {
  std::string name;
  std::string description;
  std::vector<std::string> claims;  // the claims whose code contains the planted bug
};

// Every mutant, in a fixed order.
const std::vector<Mutant>& all_mutants();
const Mutant* find_mutant(std::string_view name) noexcept;

// The planted bug in force for this process ("" for none). Set once, before a run.
void set_active_mutant(std::string_view name);
bool mutant_active(std::string_view name) noexcept;
const std::string& active_mutant() noexcept;

}  // namespace attnlaw::harness
