#pragma once
// Each subcommand adds itself to the parser; its callback sets the exit status.
#include <CLI/CLI.hpp>

namespace attnlaw::cli {

void add_list_command(CLI::App& app, int& exit_status);
void add_run_command(CLI::App& app, int& exit_status);
void add_reference_command(CLI::App& app, int& exit_status);
void add_report_command(CLI::App& app, int& exit_status);
void add_diagnose_command(CLI::App& app, int& exit_status);
void add_simulate_command(CLI::App& app, int& exit_status);
void add_simulate_family(CLI::App& simulate, int& exit_status);     // called by add_simulate_command
void add_simulate_dynamics(CLI::App& simulate, int& exit_status);   // called by add_simulate_command
void add_simulate_surrogate(CLI::App& simulate, int& exit_status);  // called by add_simulate_command
void add_audit_command(CLI::App& app, int& exit_status);

}  // namespace attnlaw::cli
