#include <filesystem>
#include <memory>

#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "verify/report/render.hpp"

namespace attnlaw::cli {

void add_report_command(CLI::App& app, int& exit_status) {
  auto dir = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Re-render REPORT.md, REPORT-<paper>.md and figures/*.svg, *.pdf from DIR/results.json");
  cmd->add_option("DIR", *dir, "A report directory holding results.json")->required();
  cmd->callback([dir, &exit_status] {
    report::render_report_directory(*dir);
    exit_status = kExitPass;
  });
}

}  // namespace attnlaw::cli
