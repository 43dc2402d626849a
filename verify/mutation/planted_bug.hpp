#pragma once
// The switch of the planted bugs (mutants) of the power audit, at the bottom of the dependency
// graph so that a bug can be planted in any layer (sampler, softmax, reference, claim). Off
// unless a run names one; the catalogue of names lives in verify/harness/mutants.cpp.
#include <string>
#include <string_view>

namespace attnlaw::mutation {

// Sets the planted bug in force for this process ("" for none). Set once, before a run.
void set_active(std::string_view name);
bool active(std::string_view name) noexcept;
const std::string& active_name() noexcept;

namespace detail {
extern bool armed_flag;
}

// Whether any planted bug is in force: one load of a bool, for hot paths (the uniform stream)
// that must not pay for the name comparison of active() on every draw when no mutant is set.
inline bool armed() noexcept { return detail::armed_flag; }

}  // namespace attnlaw::mutation
