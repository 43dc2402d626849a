// `attnlaw reference LAW`: high-precision values of the laws the claims compare with; one
// subcommand per entry of the table in reference_laws.hpp.
#include <fmt/core.h>

#include <iostream>
#include <map>
#include <memory>

#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/reference_laws.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "verify/harness/json.hpp"

namespace attnlaw::cli {
namespace {

using harness::Json;

struct LawOptions {
  std::map<std::string, std::string> values;  // every option of the law; empty when not given
  bool json = false;
};

void print(const Json& doc, bool json) {
  if (json) {
    std::cout << doc.dump(2) << '\n';
    return;
  }
  for (const auto& [key, value] : doc.items()) fmt::print("{:<16} {}\n", key, value.dump());
}

void add_law(CLI::App& reference, const ReferenceLaw& law, int& exit_status) {
  auto args = std::make_shared<LawOptions>();
  CLI::App* cmd = reference.add_subcommand(law.name, law.description);
  for (const LawParameter& p : law.parameters) {
    CLI::Option* option = cmd->add_option(p.option, args->values[p.option], p.help);
    if (p.required) option->required();
  }
  cmd->add_flag("--json", args->json, "Print one JSON document");
  const std::string name = law.name;
  cmd->callback([args, name, &exit_status] {
    std::map<std::string, std::string> given;
    for (const auto& [option, value] : args->values) {
      if (!value.empty()) given.emplace(option, value);
    }
    // A law refusing its arguments throws reference::OutOfDomain: main makes it exit 2, one line.
    print(evaluate_law(name, given), args->json);
    exit_status = kExitPass;
  });
}

}  // namespace

void add_reference_command(CLI::App& app, int& exit_status) {
  CLI::App* reference = app.add_subcommand("reference", "Print a high-precision reference value of a law");
  reference->require_subcommand(1);
  for (const ReferenceLaw& law : reference_laws()) add_law(*reference, law, exit_status);
}

}  // namespace attnlaw::cli
