#include "apps/attnlaw/strict_arguments.hpp"

#include <fmt/core.h>

#include <string>
#include <string_view>

#include "apps/attnlaw/usage_error.hpp"

namespace attnlaw::cli {
namespace {

std::vector<CLI::App*> subcommands_of(const CLI::App& app) {
  return const_cast<CLI::App&>(app).get_subcommands([](const CLI::App*) { return true; });
}

std::string names_of(const std::vector<CLI::App*>& subs) {
  std::string names;
  for (const CLI::App* sub : subs) names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

bool is_help(std::string_view arg) { return arg == "-h" || arg == "--help" || arg == "--help-all"; }

}  // namespace

void refuse_empty_values(CLI::App& app) {
  const CLI::Validator non_empty(
      [](std::string& value) { return value.empty() ? std::string("expected a value, got an empty string") : ""; }, "",
      "non-empty");
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size_max() == 0) continue;  // a flag
    option->check(non_empty);
  }
  for (CLI::App* sub : subcommands_of(app)) refuse_empty_values(*sub);
}

void check_subcommand_path(const CLI::App& app, int argc, const char* const* argv) {
  const CLI::App* level = &app;
  for (int i = 1; level->get_require_subcommand_min() > 0; ++i) {
    const std::vector<CLI::App*> subs = subcommands_of(*level);
    const bool top = level == &app;
    const std::string where = top ? "" : fmt::format("{}: ", level->get_name());
    const std::string kind = top ? "command" : "subcommand";
    if (i >= argc) throw UsageError(fmt::format("{}a {} is required; expected one of {}", where, kind, names_of(subs)));
    const std::string_view arg = argv[i];
    if (is_help(arg) || (top && arg == "--version")) return;
    if (arg.starts_with("-")) {
      throw UsageError(fmt::format("{}unknown option '{}' where a {} is expected; expected one of {}", where, arg, kind,
                                   names_of(subs)));
    }
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : subs)
      if (sub->get_name() == arg) next = sub;
    if (!next) throw UsageError(fmt::format("{}unknown {} '{}'; expected one of {}", where, kind, arg, names_of(subs)));
    level = next;
  }
}

}  // namespace attnlaw::cli
