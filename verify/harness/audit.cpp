#include "verify/harness/audit.hpp"

#include <fmt/core.h>
#include <boost/math/distributions/binomial.hpp>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

#include "verify/harness/point_json.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/multiplicity.hpp"

namespace attnlaw::harness {
namespace {

// Two-sided acceptance band for a Binomial(seeds, alpha) count at level 1 - 1e-3.
std::pair<std::size_t, std::size_t> binomial_band(std::size_t seeds, double alpha) {
  const boost::math::binomial_distribution<double> law(static_cast<double>(seeds), alpha);
  const auto lo = static_cast<std::size_t>(boost::math::quantile(law, 0.0005));
  const auto hi = static_cast<std::size_t>(boost::math::quantile(boost::math::complement(law, 0.0005)));
  return {lo, hi};
}

}  // namespace

std::uint32_t calibration_seed(std::size_t s) { return rng::hash32("attnlaw calibration seed " + std::to_string(s)); }

namespace {

// A check's parameters as results.json prints them.
std::string params_text(const Check& c) { return c.params ? to_json(*c.params).dump() : "null"; }

// Parameters compare as JSON objects: a stored calibration.json has its keys sorted.
bool same_check(const CalibrationRow& row, const Check& c) {
  return row.claim == c.claim && row.experiment == c.experiment && row.test == c.test && row.target == c.target &&
         nlohmann::json::parse(row.params.dump()) == nlohmann::json::parse(params_text(c));
}

// The stored row's last seed against this run's check (a deterministic check has no p-value to compare).
bool same_outcome(const CalibrationRow& row, const Check& c) {
  return c.p_value ? !row.p_values.empty() && row.p_values.back() == *c.p_value : row.p_values.empty();
}

void summarise(std::vector<CalibrationRow>& rows, double alpha) {
  for (CalibrationRow& row : rows) {
    const bool deterministic = row.p_values.empty();
    if (deterministic) {
      row.band_lo = row.band_hi = 0;
    } else {
      std::tie(row.band_lo, row.band_hi) = binomial_band(row.seeds, alpha);
      // P-values of a conservative check may pile up near 1 (a composite null, a discrete count),
      // so only an excess of small ones is evidence against it.
      row.uniformity_p = row.null_law == NullLaw::uniform ? stats::ks_test(row.p_values).p_value
                                                          : stats::ks_test_too_many_small(row.p_values).p_value;
      row.uniformity_flag = row.uniformity_p < kUniformityAlpha;
    }
    row.within_band = row.fails >= row.band_lo && row.fails <= row.band_hi;
  }
}

}  // namespace

std::vector<CalibrationRow> calibrate(const std::vector<const Claim*>& claims, const RunOptions& options,
                                      std::size_t seeds, const CalibrationObserver& after_seed,
                                      std::vector<CalibrationRow> resume) {
  if (seeds == 0) throw std::invalid_argument("--seeds: expected an integer >= 1");
  const std::size_t done = resume.empty() ? 0 : resume.front().seeds;
  if (done > seeds)
    throw std::invalid_argument(fmt::format("--seeds: {} is fewer than the {} seeds already run", seeds, done));
  std::vector<CalibrationRow> rows = std::move(resume);
  // A resumed calibration first reruns its last stored seed: the stored rows must be this code's.
  for (std::size_t s = done == 0 ? 0 : done - 1; s < seeds; ++s) {
    RunOptions run = options;
    run.seed = calibration_seed(s);
    const RunOutput out = run_claims(claims, run);
    if (rows.empty()) {
      for (const Check& c : out.checks) {
        CalibrationRow row;
        row.claim = c.claim;
        row.experiment = c.experiment;
        row.test = c.test;
        row.target = c.target;
        row.params = c.params ? to_json(*c.params) : Json(nullptr);
        rows.push_back(std::move(row));
      }
    }
    if (out.checks.size() != rows.size()) throw std::runtime_error("calibration: the checks changed between seeds");
    const bool replay = s + 1 == done;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Check& c = out.checks[i];
      if (!same_check(rows[i], c)) {
        throw std::runtime_error(fmt::format("calibration: check {} is {}: {} {} here, not the stored one", i, c.claim,
                                             c.test, params_text(c)));
      }
      rows[i].null_law = c.null_law;
      if (replay) {
        if (!same_outcome(rows[i], c)) {
          throw std::runtime_error(
              fmt::format("calibration: seed {} does not reproduce the stored p-value of {}: {} {}", s, c.claim, c.test,
                          params_text(c)));
        }
        continue;
      }
      rows[i].seeds += 1;
      rows[i].fails += c.verdict == Verdict::fail;
      if (c.p_value) rows[i].p_values.push_back(*c.p_value);
    }
    summarise(rows, options.policy.alpha);
    if (after_seed) after_seed(s + 1, rows);
  }
  return rows;
}

namespace {

// Fails of statistical rows under Holm within each paper, seed by seed, from their stored p-values:
// apply_policy's rule (FAIL iff the Holm-adjusted p < alpha) over rows that were run apart.
void recount_holm_fails(std::vector<CalibrationRow>& rows, const std::vector<std::string>& paper_of_row, double alpha) {
  std::map<std::string, std::vector<std::size_t>> by_paper;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].p_values.empty()) by_paper[paper_of_row[i]].push_back(i);
  }
  for (const auto& [paper, indices] : by_paper) {
    for (std::size_t i : indices) rows[i].fails = 0;
    const std::size_t seeds = rows[indices.front()].p_values.size();
    std::vector<double> p(indices.size());
    for (std::size_t s = 0; s < seeds; ++s) {
      for (std::size_t k = 0; k < indices.size(); ++k) p[k] = rows[indices[k]].p_values[s];
      const std::vector<double> adjusted = stats::holm_adjust(p);
      for (std::size_t k = 0; k < indices.size(); ++k) rows[indices[k]].fails += adjusted[k] < alpha;
    }
  }
}

}  // namespace

std::vector<CalibrationRow> update_calibration(const std::vector<const Claim*>& battery,
                                               const std::vector<std::string>& rerun, const RunOptions& options,
                                               const std::vector<CalibrationRow>& stored,
                                               const CalibrationObserver& after_seed) {
  if (stored.empty()) throw std::invalid_argument("no stored rows");
  const std::size_t seeds = stored.front().seeds;
  const auto is_rerun = [&](const std::string& claim) {
    return std::find(rerun.begin(), rerun.end(), claim) != rerun.end();
  };
  std::vector<const Claim*> rerun_claims;
  for (const Claim* claim : battery) {
    if (is_rerun(claim->info().id)) rerun_claims.push_back(claim);
  }
  for (const std::string& id : rerun) {
    const auto in_battery = [&](const Claim* claim) { return claim->info().id == id; };
    if (std::none_of(battery.begin(), battery.end(), in_battery)) {
      throw std::invalid_argument(id + " is not in the stored calibration");
    }
  }

  // The whole battery at the last stored seed: every row kept must come out as stored, so the
  // code behind it has not changed since.
  RunOptions last = options;
  last.seed = calibration_seed(seeds - 1);
  const RunOutput whole = run_claims(battery, last);
  std::size_t next_stored = 0;
  std::vector<std::size_t> kept;  // index into `stored` per check of `whole`, or npos for a rerun one
  for (const Check& c : whole.checks) {
    if (is_rerun(c.claim)) {
      kept.push_back(std::string::npos);
      continue;
    }
    while (next_stored < stored.size() && is_rerun(stored[next_stored].claim)) ++next_stored;
    if (next_stored >= stored.size() || !same_check(stored[next_stored], c) || !same_outcome(stored[next_stored], c)) {
      throw std::runtime_error(
          fmt::format("calibration: {}: {} {} does not reproduce its stored last seed; rerun "
                      "that claim too, or calibrate from scratch",
                      c.claim, c.test, params_text(c)));
    }
    kept.push_back(next_stored++);
  }
  while (next_stored < stored.size() && is_rerun(stored[next_stored].claim)) ++next_stored;
  if (next_stored != stored.size())
    throw std::runtime_error("calibration: the stored rows hold checks this battery lacks");

  const std::vector<CalibrationRow> fresh = calibrate(rerun_claims, options, seeds, after_seed);
  std::vector<CalibrationRow> rows;
  std::vector<std::string> paper_of_row;
  std::size_t next_fresh = 0;
  for (std::size_t i = 0; i < whole.checks.size(); ++i) {
    const Check& c = whole.checks[i];
    if (kept[i] != std::string::npos) {
      rows.push_back(stored[kept[i]]);
    } else {
      // A claim's draws depend on (seed, claim, point) alone: run apart, it gives what it gives in the battery.
      if (next_fresh >= fresh.size() || !same_check(fresh[next_fresh], c) || !same_outcome(fresh[next_fresh], c)) {
        throw std::runtime_error(
            fmt::format("calibration: {}: {} run apart differs from the battery's", c.claim, c.test));
      }
      rows.push_back(fresh[next_fresh++]);
    }
    rows.back().null_law = c.null_law;
    paper_of_row.push_back(c.paper);
  }
  recount_holm_fails(rows, paper_of_row, options.policy.alpha);
  summarise(rows, options.policy.alpha);
  return rows;
}

std::vector<CalibrationRow> calibration_rows_from(const nlohmann::json& doc, const RunOptions& options) {
  const auto field = [&](const nlohmann::json& j, const char* key) -> const nlohmann::json& {
    if (!j.is_object() || !j.contains(key)) throw std::invalid_argument(fmt::format("no \"{}\" field", key));
    return j.at(key);
  };
  try {
    if (field(doc, "battery").get<std::string>() != to_string(options.battery)) {
      throw std::invalid_argument(
          fmt::format("battery {}, not {}", field(doc, "battery").get<std::string>(), to_string(options.battery)));
    }
    if (field(doc, "alpha").get<double>() != options.policy.alpha) throw std::invalid_argument("a different alpha");
    const auto seeds = field(doc, "seeds").get<std::size_t>();
    std::vector<CalibrationRow> rows;
    for (const auto& c : field(doc, "checks")) {
      CalibrationRow row;
      row.claim = field(c, "claim").get<std::string>();
      row.experiment = c.value("experiment", std::string());
      row.test = field(c, "test").get<std::string>();
      row.target = field(c, "target").get<std::string>();
      row.params = Json::parse(field(c, "params").dump());
      row.seeds = field(c, "seeds").get<std::size_t>();
      row.fails = field(c, "fails").get<std::size_t>();
      row.p_values = field(c, "p_values").get<std::vector<double>>();
      if (row.seeds != seeds || (!row.p_values.empty() && row.p_values.size() != seeds)) {
        throw std::invalid_argument(fmt::format("{}: {} does not hold {} seeds", row.claim, row.test, seeds));
      }
      rows.push_back(std::move(row));
    }
    if (rows.empty()) throw std::invalid_argument("no checks");
    return rows;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("a field of the wrong type: ") + e.what());
  }
}

Json calibration_document(const std::vector<CalibrationRow>& rows, const RunOptions& options, std::size_t seeds,
                          const std::vector<std::string>& rerun_claims) {
  Json checks = Json::array();
  std::size_t outside = 0, flagged = 0;
  const std::size_t done = rows.empty() ? 0 : rows.front().seeds;
  for (const CalibrationRow& r : rows) {
    outside += !r.within_band;
    flagged += r.uniformity_flag;
    Json row{{"claim", r.claim}};
    if (!r.experiment.empty()) row["experiment"] = r.experiment;
    row.update(Json{{"test", r.test},
                    {"target", r.target},
                    {"params", r.params},
                    {"seeds", r.seeds},
                    {"fails", r.fails},
                    {"band", Json::array({r.band_lo, r.band_hi})},
                    {"within_band", r.within_band},
                    {"null_law", to_string(r.null_law)},
                    {"uniformity_p", r.p_values.empty() ? Json(nullptr) : Json(r.uniformity_p)},
                    {"uniformity_flag", r.uniformity_flag},
                    {"p_values", r.p_values}});
    checks.push_back(std::move(row));
  }
  return Json{{"schema_version", 1},
              {"battery", to_string(options.battery)},
              {"seeds", done},
              {"seeds_asked", seeds},
              {"seed_rule", "seed s = FNV-1a hash32(\"attnlaw calibration seed \" + s), never the battery seed"},
              {"alpha", options.policy.alpha},
              {"band_level", 0.999},
              {"uniformity_alpha", kUniformityAlpha},
              {"summary", {{"checks", rows.size()}, {"outside_band", outside}, {"non_uniform", flagged}}},
              {"rerun_claims", rerun_claims},
              {"checks", std::move(checks)}};
}

std::vector<MutantOutcome> audit_mutants(const Registry& registry, const RunOptions& options,
                                         const std::vector<std::string>& names,
                                         const std::function<void(std::string_view)>& observer) {
  std::vector<const Mutant*> selected;
  if (names.empty()) {
    for (const Mutant& m : registry.mutants()) selected.push_back(&m);
  } else {
    for (const std::string& name : names) {
      const Mutant* m = registry.find_mutant(name);
      if (m == nullptr) throw std::invalid_argument("--mutant: unknown mutant '" + name + "'");
      selected.push_back(m);
    }
  }
  std::vector<MutantOutcome> outcomes;
  for (const Mutant* m : selected) {
    RunOptions run = options;
    run.claim_ids = m->claims;
    run.mutant = m->name;
    const RunOutput out = run_claims(select_claims(registry, run), run);
    MutantOutcome outcome;
    outcome.mutant = m;
    for (const Check& c : out.checks) {
      if (c.verdict != Verdict::fail) continue;
      outcome.killed = true;
      outcome.failing_checks.push_back(c.claim + ": " + c.test + " " + params_text(c));
      if (std::find(outcome.killed_by.begin(), outcome.killed_by.end(), c.claim) == outcome.killed_by.end()) {
        outcome.killed_by.push_back(c.claim);
      }
    }
    outcomes.push_back(std::move(outcome));
    if (observer) observer(m->name);
  }
  return outcomes;
}

Json mutants_document(const std::vector<MutantOutcome>& outcomes, const RunOptions& options) {
  Json rows = Json::array();
  std::size_t killed = 0;
  for (const MutantOutcome& o : outcomes) {
    killed += o.killed;
    rows.push_back({{"name", o.mutant->name},
                    {"description", o.mutant->description},
                    {"claims", o.mutant->claims},
                    {"killed", o.killed},
                    {"killed_by", o.killed_by},
                    {"failing_checks", o.failing_checks}});
  }
  return Json{
      {"schema_version", 1},
      {"battery", to_string(options.battery)},
      {"seed", options.seed},
      {"mutants", std::move(rows)},
      {"kill_rate", outcomes.empty() ? 0.0 : static_cast<double>(killed) / static_cast<double>(outcomes.size())}};
}

Json update_mutants_document(const Registry& registry, const Json& stored, const Json& fresh) {
  for (const char* key : {"battery", "seed"}) {
    if (!stored.contains(key) || stored.at(key) != fresh.at(key)) {
      throw std::invalid_argument(fmt::format("its {} is not this run's ({})", key, fresh.at(key).dump()));
    }
  }
  if (!stored.contains("mutants") || !stored.at("mutants").is_array())
    throw std::invalid_argument("no \"mutants\" rows");
  const auto row_named = [](const Json& doc, const std::string& name) -> const Json* {
    for (const Json& row : doc.at("mutants")) {
      if (row.is_object() && row.value("name", "") == name) return &row;
    }
    return nullptr;
  };
  Json rows = Json::array();
  Json rerun = stored.value("rerun", Json::array());
  std::size_t killed = 0;
  for (const Mutant& m : registry.mutants()) {
    const Json* row = row_named(fresh, m.name);
    if (row != nullptr) {
      if (std::find(rerun.begin(), rerun.end(), m.name) == rerun.end()) rerun.push_back(m.name);
    } else {
      row = row_named(stored, m.name);
      if (row == nullptr)
        throw std::invalid_argument(fmt::format("no row for mutant {}; rerun it with --mutant", m.name));
      if (!row->contains("claims") || row->at("claims") != Json(m.claims) || !row->contains("killed")) {
        throw std::invalid_argument(
            fmt::format("the row of {} is not for its current claims; rerun it with --mutant", m.name));
      }
    }
    killed += row->at("killed").get<bool>();
    rows.push_back(*row);
  }
  Json doc = fresh;
  doc["mutants"] = std::move(rows);
  doc["rerun"] = std::move(rerun);
  doc["kill_rate"] = static_cast<double>(killed) / static_cast<double>(registry.mutants().size());
  return doc;
}

}  // namespace attnlaw::harness
