#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include <iostream>
#include <memory>

#include "apps/attnlaw/commands.hpp"
#include "apps/attnlaw/usage_error.hpp"
#include "theory/all_claims.hpp"
#include "verify/harness/json.hpp"

namespace attnlaw::cli {
namespace {

struct ListOptions {
  std::string paper;
  bool json = false;
};

int run_list(const ListOptions& options) {
  if (!options.paper.empty()) {
    const std::vector<std::string> papers = theory::all_claims().papers();
    if (std::find(papers.begin(), papers.end(), options.paper) == papers.end())
      throw UsageError(fmt::format("--paper: expected one of {}, got '{}'", fmt::join(papers, ", "), options.paper));
  }
  harness::Json claims = harness::Json::array();
  for (const auto& claim : theory::all_claims().claims()) {
    const harness::ClaimInfo& info = claim->info();
    if (!options.paper.empty() && info.paper != options.paper) continue;
    harness::Json grid;
    for (harness::Battery b : {harness::Battery::smoke, harness::Battery::standard, harness::Battery::full}) {
      grid[harness::to_string(b)] = claim->points(b).size();
    }
    claims.push_back({{"id", info.id},
                      {"paper", info.paper},
                      {"theorem", info.theorem},
                      {"statement", info.statement},
                      {"provenance", harness::to_string(info.provenance)},
                      {"provenance_note", info.provenance_note},
                      {"grid_points", std::move(grid)}});
  }
  if (options.json) {
    std::cout << harness::Json{{"claims", claims}}.dump(2) << '\n';
    return kExitPass;
  }
  fmt::print("{:<34} {:<5} {:<14} {:>6} {:>9} {:>5}\n", "claim", "paper", "provenance", "smoke", "standard", "full");
  for (const auto& c : claims) {
    fmt::print("{:<34} {:<5} {:<14} {:>6} {:>9} {:>5}\n", c["id"].get<std::string>(), c["paper"].get<std::string>(),
               c["provenance"].get<std::string>(), c["grid_points"]["smoke"].get<std::size_t>(),
               c["grid_points"]["standard"].get<std::size_t>(), c["grid_points"]["full"].get<std::size_t>());
  }
  return kExitPass;
}

}  // namespace

void add_list_command(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<ListOptions>();
  CLI::App* list = app.add_subcommand("list", "List the claims, with their provenance and grid sizes per battery");
  list->add_option("--paper", options->paper, "Only the claims of this paper: SL, UF, MH, EB or ST");
  list->add_flag("--json", options->json, "Print one JSON document");
  list->callback([options, &exit_status] { exit_status = run_list(*options); });
}

}  // namespace attnlaw::cli
