#include "verify/harness/audit.hpp"

#include <boost/math/distributions/binomial.hpp>

#include <algorithm>
#include <tuple>
#include <stdexcept>

#include "verify/rng/philox_stream.hpp"
#include "verify/stats/goodness_of_fit.hpp"

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

std::uint32_t calibration_seed(std::size_t s) {
  return rng::hash32("attnlaw calibration seed " + std::to_string(s));
}

std::vector<CalibrationRow> calibrate(const std::vector<const Claim*>& claims, const RunOptions& options,
                                      std::size_t seeds, const std::function<void(std::size_t, std::size_t)>& observer) {
  if (seeds == 0) throw std::invalid_argument("--seeds: expected an integer >= 1");
  std::vector<CalibrationRow> rows;
  for (std::size_t s = 0; s < seeds; ++s) {
    RunOptions run = options;
    run.seed = calibration_seed(s);
    const RunOutput out = run_claims(claims, run);
    if (s == 0) {
      for (const Check& c : out.checks) {
        CalibrationRow row;
        row.claim = c.claim;
        row.test = c.test;
        row.target = c.target;
        row.params = c.params;
        rows.push_back(std::move(row));
      }
    }
    if (out.checks.size() != rows.size()) throw std::logic_error("calibration: the checks changed between seeds");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Check& c = out.checks[i];
      rows[i].seeds += 1;
      rows[i].fails += c.verdict == Verdict::fail;
      // Deterministic checks have no p-value; they must hold for every seed.
      if (c.p_value) rows[i].p_values.push_back(*c.p_value);
    }
    if (observer) observer(s + 1, seeds);
  }
  for (CalibrationRow& row : rows) {
    const bool deterministic = row.p_values.empty();
    if (deterministic) {
      row.band_lo = row.band_hi = 0;
    } else {
      std::tie(row.band_lo, row.band_hi) = binomial_band(row.seeds, options.policy.alpha);
      row.uniformity_p = stats::ks_test(row.p_values).p_value;
      row.uniformity_flag = row.uniformity_p < kUniformityAlpha;
    }
    row.within_band = row.fails >= row.band_lo && row.fails <= row.band_hi;
  }
  return rows;
}

Json calibration_document(const std::vector<CalibrationRow>& rows, const RunOptions& options, std::size_t seeds) {
  Json checks = Json::array();
  std::size_t outside = 0, flagged = 0;
  for (const CalibrationRow& r : rows) {
    outside += !r.within_band;
    flagged += r.uniformity_flag;
    Json row{{"claim", r.claim},
             {"test", r.test},
             {"target", r.target},
             {"params", r.params},
             {"seeds", r.seeds},
             {"fails", r.fails},
             {"band", Json::array({r.band_lo, r.band_hi})},
             {"within_band", r.within_band},
             {"uniformity_p", r.p_values.empty() ? Json(nullptr) : Json(r.uniformity_p)},
             {"uniformity_flag", r.uniformity_flag},
             {"p_values", r.p_values}};
    checks.push_back(std::move(row));
  }
  return Json{{"schema_version", 1},
              {"battery", to_string(options.battery)},
              {"seeds", seeds},
              {"seed_rule", "seed s = FNV-1a hash32(\"attnlaw calibration seed \" + s), never the battery seed"},
              {"alpha", options.policy.alpha},
              {"band_level", 0.999},
              {"uniformity_alpha", kUniformityAlpha},
              {"summary", {{"checks", rows.size()}, {"outside_band", outside}, {"non_uniform", flagged}}},
              {"checks", std::move(checks)}};
}

std::vector<MutantOutcome> audit_mutants(const Registry& registry, const RunOptions& options,
                                         const std::vector<std::string>& names,
                                         const std::function<void(std::string_view)>& observer) {
  std::vector<const Mutant*> selected;
  if (names.empty()) {
    for (const Mutant& m : all_mutants()) selected.push_back(&m);
  } else {
    for (const std::string& name : names) {
      const Mutant* m = find_mutant(name);
      if (m == nullptr) throw std::invalid_argument("--mutant: unknown mutant '" + name + "'");
      selected.push_back(m);
    }
  }
  std::vector<MutantOutcome> outcomes;
  for (const Mutant* m : selected) {
    RunOptions run = options;
    run.claim_ids = m->claims;
    set_active_mutant(m->name);
    RunOutput out;
    try {
      out = run_claims(select_claims(registry, run), run);
    } catch (...) {
      set_active_mutant("");
      throw;
    }
    set_active_mutant("");
    MutantOutcome outcome;
    outcome.mutant = m;
    for (const Check& c : out.checks) {
      if (c.verdict != Verdict::fail) continue;
      outcome.killed = true;
      outcome.failing_checks.push_back(c.claim + ": " + c.test + " " + c.params.dump());
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
  return Json{{"schema_version", 1},
              {"battery", to_string(options.battery)},
              {"seed", options.seed},
              {"mutants", std::move(rows)},
              {"kill_rate", outcomes.empty() ? 0.0 : static_cast<double>(killed) / static_cast<double>(outcomes.size())}};
}

}  // namespace attnlaw::harness
