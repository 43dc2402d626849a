#pragma once
// The laws `attnlaw reference LAW` evaluates, as a table: the CLI builds its subcommands from it
// and the Python module's attnlaw.reference calls evaluate_law, so both print the same document.
#include <map>
#include <string>
#include <vector>

#include "reference/numerics/domain.hpp"
#include "verify/harness/json.hpp"

namespace attnlaw::cli {

struct LawParameter {
  const char* option;  // "--gamma"
  const char* help;
  bool required = true;
};

struct ReferenceLaw {
  const char* name;  // "sphere-critical"
  const char* description;
  std::vector<LawParameter> parameters;
};

const std::vector<ReferenceLaw>& reference_laws();

// The document of law `name` at `options` (option name -> text, only the options given). Throws
// UsageError for an unknown law or option, an empty or missing value, or a value the law refuses
// to parse, and reference::OutOfDomain where the law itself refuses the point.
harness::Json evaluate_law(const std::string& name, const std::map<std::string, std::string>& options);

// The one line the CLI prints (after "attnlaw: error: ") for a law's refusal.
std::string refusal_message(const reference::OutOfDomain& e);

}  // namespace attnlaw::cli
