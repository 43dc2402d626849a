#include "verify/harness/results_document.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <string>

#include "verify/harness/figure_json.hpp"
#include "verify/harness/point_json.hpp"
#include "verify/harness/table_json.hpp"

namespace attnlaw::harness {
namespace {

Json interval_json(const stats::Interval& ci) { return Json::array({ci.lo, ci.hi}); }

}  // namespace

Verdict worst_verdict(const std::vector<Check>& checks) {
  Verdict worst = Verdict::pass;
  for (const Check& c : checks) worst = std::max(worst, c.verdict);
  return worst;
}

Json check_to_json(const Check& c) {
  Json j;
  j["claim"] = c.claim;
  if (!c.experiment.empty()) j["experiment"] = c.experiment;
  j["paper"] = c.paper;
  j["provenance"] = c.provenance;
  j["test"] = c.test;
  if (!c.target.empty()) j["target"] = c.target;
  j["params"] = c.params ? to_json(*c.params) : Json(nullptr);
  j["statistic"] = c.statistic;
  j["p_value"] = c.p_value ? Json(*c.p_value) : Json(nullptr);
  j["p_method"] = c.p_method;
  j["alpha"] = c.alpha;
  j["alpha_adjusted"] = c.alpha_adjusted;
  if (c.p_adjusted) j["p_adjusted"] = *c.p_adjusted;
  if (c.effect) {
    j["effect"] = {{"name", c.effect->name}, {"value", c.effect->value}, {"ci", interval_json(c.effect->ci)}};
  }
  if (c.detectable) {
    Json d{{"name", c.detectable->name}, {"delta", c.detectable->delta}, {"power", c.detectable->power}};
    if (c.detectable_target) d["target"] = *c.detectable_target;
    j["detectable"] = std::move(d);
  }
  j["verdict"] = to_string(c.verdict);
  return j;
}

Json results_document(const Registry& registry, const RunOutput& output, const RunOptions& options, Json provenance) {
  Json doc;
  doc["schema_version"] = kSchemaVersion;
  doc["tool"] = "attnlaw 0.1.0";
  doc["battery"] = to_string(options.battery);
  doc["seed"] = options.seed;
  if (!options.mutant.empty()) doc["mutant"] = options.mutant;
  // A subset run says which claims it asked for: its Holm families are the selected claims only.
  if (!options.claim_ids.empty()) doc["selection"] = options.claim_ids;
  doc["policy"] = {{"alpha_per_check", options.policy.alpha},
                   {"family", "paper"},
                   {"adjustment", "holm"},
                   {"suspect_p", options.policy.suspect_p},
                   {"family_alpha", options.policy.alpha},
                   {"power", options.policy.power}};
  doc["provenance"] = std::move(provenance);

  std::size_t counts[3] = {0, 0, 0};
  for (const Check& c : output.checks) ++counts[static_cast<int>(c.verdict)];
  doc["summary"] = {{"checks", output.checks.size()},
                    {"pass", counts[0]},
                    {"suspect", counts[1]},
                    {"fail", counts[2]},
                    {"family_alpha", options.policy.alpha}};

  Json claims = Json::array();
  for (const Claim* claim : output.claims) {
    const ClaimInfo& info = claim->info();
    std::vector<Check> own;
    for (const Check& c : output.checks) {
      if (c.claim == info.id) own.push_back(c);
    }
    claims.push_back({{"id", info.id},
                      {"paper", info.paper},
                      {"paper_title", registry.paper_title(info.paper)},
                      {"theorem", info.theorem},
                      {"theory_document", registry.paper_theory_document(info.paper)},
                      {"statement", info.statement},
                      {"provenance", to_string(info.provenance)},
                      {"provenance_note", info.provenance_note},
                      {"verdict", to_string(worst_verdict(own))}});
  }
  doc["claims"] = std::move(claims);

  // A stable id per check, to cite one: claim/experiment/test@point label, and #k for the k-th
  // (from 2) check of the same test at the same point, in the order the claim emits them.
  Json checks = Json::array();
  std::map<std::string, int> seen;
  for (const Check& c : output.checks) {
    Json j = check_to_json(c);
    std::string id =
        fmt::format("{}/{}/{}@{}", c.claim, c.experiment, c.test, c.params ? canonical_label(*c.params) : "");
    if (const int k = ++seen[id]; k > 1) id = fmt::format("{}#{}", id, k);
    Json ordered{{"id", id}};
    ordered.update(j);
    checks.push_back(std::move(ordered));
  }
  doc["checks"] = std::move(checks);

  Json figures = Json::array();
  for (const Figure& f : output.figures) figures.push_back(to_json(f));
  doc["figures"] = std::move(figures);

  // Only papers with tables have them (EB); the other reports' documents stay as they were.
  if (!output.tables.empty()) {
    Json tables = Json::array();
    for (const Table& t : output.tables) tables.push_back(to_json(t));
    doc["tables"] = std::move(tables);
  }
  return doc;
}

Json timings_document(const RunOutput& output, const RunOptions& options) {
  Json rows = Json::array();
  double total = 0;
  for (const ExperimentTiming& t : output.timings) {
    Json row{{"claim", t.claim}};
    if (!t.experiment.empty()) row["experiment"] = t.experiment;
    row["params"] = to_json(t.params);
    row["seconds"] = t.seconds;
    rows.push_back(std::move(row));
    total += t.seconds;
  }
  return Json{{"battery", to_string(options.battery)},
              {"threads", options.threads},
              {"total_seconds", total},
              {"experiments", std::move(rows)}};
}

}  // namespace attnlaw::harness
