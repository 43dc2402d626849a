// attnlaw: statistical verification of the limit laws of softmax attention.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <string>

#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "verify/report/report_input_error.hpp"

int main(int argc, char** argv) {
  using namespace attnlaw::cli;
  CLI::App app{"attnlaw: statistical verification harness for the limit laws of softmax attention"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show the help of every subcommand");
  int exit_status = kExitPass;
  add_list_command(app, exit_status);
  add_run_command(app, exit_status);
  add_reference_command(app, exit_status);
  add_report_command(app, exit_status);
  add_diagnose_command(app, exit_status);
  add_simulate_command(app, exit_status);
  add_audit_command(app, exit_status);
  try {
    if (argc > 1 && argv[1][0] != '-') {
      bool known = false;
      std::string names;
      for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        known = known || sub->get_name() == argv[1];
        names += (names.empty() ? "" : ", ") + sub->get_name();
      }
      if (!known) throw UsageError(fmt::format("unknown command '{}'; expected one of {}", argv[1], names));
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", e.what());
    return kExitUsage;
  } catch (const UsageError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", e.what());
    return kExitUsage;
  } catch (const attnlaw::report::ReportInputError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: internal error: {}\n", e.what());
    return 3;
  }
  return exit_status;
}
