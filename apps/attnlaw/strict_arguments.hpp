#pragma once
// Checks of the command line that CLI11 leaves to us, applied to the whole command tree so that
// every command has them: a value given as an empty string is an error naming its option (never
// taken as "not given"), and an unknown command, law or subcommand is named with the choices.
#include <CLI/CLI.hpp>

namespace attnlaw::cli {

// Every option of `app` and of its subcommands that takes a value refuses an empty one.
void refuse_empty_values(CLI::App& app);

// Walks argv down the levels of `app` that require a subcommand; throws UsageError naming the
// first word that is no subcommand of its level (or an option given where a subcommand is due),
// with the valid choices. Help flags are left to CLI11.
void check_subcommand_path(const CLI::App& app, int argc, const char* const* argv);

}  // namespace attnlaw::cli
