// attnlaw: statistical verification of the limit laws of softmax attention.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <system_error>

#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/reference_laws.hpp"
#include "apps/attnlaw/strict_arguments.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "reference/numerics/domain.hpp"
#include "verify/harness/provenance.hpp"
#include "verify/report/report_input_error.hpp"

namespace {

// A write to stdout that was lost (a full disk, /dev/full) fails the command, as a lost --out
// does; a closed pipe (`| head`) has already ended the process quietly by SIGPIPE.
int finish_standard_output(int status) {
  errno = 0;
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  if (flushed && !std::ferror(stdout) && std::cout) return status;
  // The write that failed may be long past, its errno overwritten since: then say only that.
  const int error = errno;
  if (error == EPIPE) return status;
  fmt::print(stderr, "attnlaw: error: cannot write to standard output: {}\n",
             error ? std::strerror(error) : "a write failed (a full disk, or a closed file)");
  return attnlaw::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace attnlaw::cli;
  CLI::App app{"attnlaw: statistical verification harness for the limit laws of softmax attention"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show the help of every subcommand");
  app.set_version_flag("--version", attnlaw::harness::version_line(),
                       "Print the version and the git revision, and exit");
  int exit_status = kExitPass;
  add_list_command(app, exit_status);
  add_run_command(app, exit_status);
  add_reference_command(app, exit_status);
  add_report_command(app, exit_status);
  add_diagnose_command(app, exit_status);
  add_simulate_command(app, exit_status);
  add_audit_command(app, exit_status);
  refuse_empty_values(app);
  try {
    check_subcommand_path(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", e.what());
    return kExitUsage;
  } catch (const UsageError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", e.what());
    return kExitUsage;
  } catch (const attnlaw::reference::OutOfDomain& e) {
    // A reference law refusing its arguments: bad input, one line naming the option.
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", refusal_message(e));
    return kExitUsage;
  } catch (const attnlaw::report::ReportInputError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: error: {}\n", e.what());
    return kExitUsage;
  } catch (const std::system_error& e) {
    // fmt::print throws once stdout's buffer can no longer be written (a full disk, /dev/full):
    // a lost output, reported as finish_standard_output reports one found at the end.
    if (std::ferror(stdout)) {
      fmt::print(stderr, "attnlaw: error: cannot write to standard output: {}\n", e.code().message());
      return kExitUsage;
    }
    fmt::print(stderr, "attnlaw: internal error: {}\n", e.what());
    return 3;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "attnlaw: internal error: {}\n", e.what());
    return 3;
  }
  return finish_standard_output(exit_status);
}
