#include "verify/harness/audit.hpp"

#include <fmt/core.h>
#include <boost/math/distributions/binomial.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "verify/harness/point_json.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/multiplicity.hpp"
#include "verify/stats/null/kolmogorov_smirnov.hpp"

namespace attnlaw::harness {

std::uint32_t calibration_seed(std::size_t index) {
  return rng::hash32("attnlaw calibration seed " + std::to_string(index));
}

std::string seed_set_name(std::size_t number) {
  return number == 0 ? std::string("discovery") : "held-out-" + std::to_string(number);
}
std::string SeedSet::name() const { return seed_set_name(number); }

std::size_t seed_set_number(const std::string& name) {
  if (name == "discovery") return 0;
  constexpr std::string_view kPrefix = "held-out-";
  if (name.size() > kPrefix.size() && name.compare(0, kPrefix.size(), kPrefix) == 0) {
    const std::string digits = name.substr(kPrefix.size());
    if (std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) && digits.size() < 7) {
      const std::size_t k = std::stoul(digits);
      if (k >= 1) return k;
    }
  }
  throw std::invalid_argument(fmt::format("seed set \"{}\": expected discovery or held-out-K (K >= 1)", name));
}

bool seed_sets_disjoint(const std::vector<SeedSet>& sets) {
  std::unordered_map<std::uint32_t, std::size_t> owner;
  for (const SeedSet& set : sets) {
    for (std::size_t s = 0; s < set.count; ++s) {
      const auto [it, inserted] = owner.emplace(set.seed(s), set.number);
      if (!inserted && it->second != set.number) return false;
    }
  }
  return true;
}

double binomial_cdf(std::size_t k, std::size_t n, double q) {
  if (k >= n) return 1;
  const boost::math::binomial_distribution<double> law(static_cast<double>(n), q);
  return boost::math::cdf(law, static_cast<double>(k));
}

double binomial_sf_inclusive(std::size_t k, std::size_t n, double q) {
  if (k == 0) return 1;
  if (k > n) return 0;
  const boost::math::binomial_distribution<double> law(static_cast<double>(n), q);
  return boost::math::cdf(boost::math::complement(law, static_cast<double>(k - 1)));
}

double count_p_value(std::size_t k, std::size_t n, double q, NullLaw law) {
  if (law == NullLaw::conservative) return binomial_sf_inclusive(k, n, q);
  return std::min(1.0, 2 * std::min(binomial_cdf(k, n, q), binomial_sf_inclusive(k, n, q)));
}

std::pair<std::size_t, std::size_t> binomial_band(std::size_t n, double q, double beta, NullLaw law) {
  if (!(beta > 0 && beta < 1) || !(q > 0 && q < 1) || n == 0)
    throw std::invalid_argument("binomial_band: expected n >= 1, q and beta in (0, 1)");
  const double tail = law == NullLaw::uniform ? beta / 2 : beta;
  std::size_t lo = 0;
  if (law == NullLaw::uniform) {
    while (lo < n && binomial_cdf(lo, n, q) < tail) ++lo;
  }
  // P(X >= k) falls with k: from below the mean (where it is >= 1/2 > tail) up to the last k it allows.
  std::size_t hi = static_cast<std::size_t>(std::floor(static_cast<double>(n) * q));
  while (hi > 0 && binomial_sf_inclusive(hi, n, q) < tail) --hi;
  while (hi < n && binomial_sf_inclusive(hi + 1, n, q) >= tail) ++hi;
  return {lo, hi};
}

std::size_t seeds_for_content(double level, double beta) {
  if (!(level > 0 && level < 1) || !(beta > 0 && beta < 1))
    throw std::invalid_argument("seeds_for_content: expected level and beta in (0, 1)");
  const double x = std::log(beta / 2) / std::log1p(-level);
  auto s = static_cast<std::size_t>(std::floor(x)) + 1;
  // Settle the rounding of the logarithms on the exact comparison (1 - level)^S < beta / 2.
  while (s > 1 && std::pow(1 - level, static_cast<double>(s - 1)) < beta / 2) --s;
  while (!(std::pow(1 - level, static_cast<double>(s)) < beta / 2)) ++s;
  return s;
}

double band_level(std::size_t tests, double family_alpha) {
  return family_alpha / static_cast<double>(std::max<std::size_t>(tests, 1));
}

std::size_t default_seeds(std::size_t statistical_checks, double family_alpha) {
  const double beta = band_level(kTestsPerCheck * statistical_checks, family_alpha);
  std::size_t s = 1;
  for (double level : kCountLevels) s = std::max(s, seeds_for_content(level, beta));
  return s;
}

// Anderson–Darling's finite-n law is refused below 4 values (verify/stats/null/anderson_darling.hpp):
// a checkpoint after the first seeds takes the two-sided KS test, exact at every n, instead.
stats::TestResult uniformity_test(const std::vector<double>& p_values, NullLaw law) {
  if (law != NullLaw::uniform) return stats::ks_test_too_many_small(p_values);
  return p_values.size() >= 4 ? stats::anderson_darling_test(p_values) : stats::ks_test(p_values);
}

void summarise(std::vector<CalibrationRow>& rows, double family_alpha) {
  std::vector<std::size_t> statistical;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].statistical && !rows[i].p_values.empty()) statistical.push_back(i);
  }
  const double beta = band_level(kTestsPerCheck * statistical.size(), family_alpha);
  std::map<std::tuple<std::size_t, double, NullLaw>, std::pair<std::size_t, std::size_t>> bands;
  // Every test's raw p-value, kTestsPerCheck per statistical row, in row order.
  std::vector<double> raw;
  for (std::size_t i : statistical) {
    CalibrationRow& row = rows[i];
    const stats::TestResult u = uniformity_test(row.p_values, row.null_law);
    row.uniformity_test = row.null_law == NullLaw::uniform ? "anderson-darling (two-sided, finite-n law)"
                                                           : "smirnov D+ (one-sided: too many small, exact)";
    row.uniformity_p = u.p_value;
    raw.push_back(u.p_value);
    const std::size_t n = row.p_values.size();
    for (std::size_t l = 0; l < kCountLevels.size(); ++l) {
      CountTest& t = row.counts[l];
      t.level = kCountLevels[l];
      t.count = static_cast<std::size_t>(
          std::count_if(row.p_values.begin(), row.p_values.end(), [&](double p) { return p <= t.level; }));
      const auto key = std::make_tuple(n, t.level, row.null_law);
      if (!bands.contains(key)) bands[key] = binomial_band(n, t.level, beta, row.null_law);
      std::tie(t.band_lo, t.band_hi) = bands[key];
      t.p = count_p_value(t.count, n, t.level, row.null_law);
      raw.push_back(t.p);
    }
  }
  if (statistical.empty()) return;
  // Holm over all, then within each paper.
  const auto assign = [&](const std::vector<std::size_t>& members, bool paper) {
    std::vector<double> p;
    for (std::size_t k : members) {
      for (std::size_t t = 0; t < kTestsPerCheck; ++t) p.push_back(raw[kTestsPerCheck * k + t]);
    }
    const std::vector<double> adjusted = stats::holm_adjust(p);
    for (std::size_t j = 0; j < members.size(); ++j) {
      CalibrationRow& row = rows[statistical[members[j]]];
      const double* a = &adjusted[kTestsPerCheck * j];
      (paper ? row.uniformity_p_holm_paper : row.uniformity_p_holm) = a[0];
      bool flag = a[0] < family_alpha;
      for (std::size_t l = 0; l < kCountLevels.size(); ++l) {
        (paper ? row.counts[l].p_holm_paper : row.counts[l].p_holm) = a[1 + l];
        flag = flag || a[1 + l] < family_alpha;
      }
      (paper ? row.flagged_paper : row.flagged) = flag;
    }
  };
  std::vector<std::size_t> all(statistical.size());
  std::iota(all.begin(), all.end(), std::size_t{0});
  assign(all, false);
  std::map<std::string, std::vector<std::size_t>> by_paper;
  for (std::size_t k = 0; k < statistical.size(); ++k) by_paper[rows[statistical[k]].paper].push_back(k);
  for (const auto& [paper, members] : by_paper) assign(members, true);
}

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
  return c.p_value ? row.statistical && !row.p_values.empty() && row.p_values.back() == *c.p_value : !row.statistical;
}

CalibrationRow row_of(const Check& c, std::size_t seed_set) {
  CalibrationRow row;
  row.claim = c.claim;
  row.experiment = c.experiment;
  row.paper = c.paper;
  row.test = c.test;
  row.target = c.target;
  row.params = c.params ? to_json(*c.params) : Json(nullptr);
  row.seed_set = seed_set;
  row.statistical = c.p_value.has_value();
  row.null_law = c.null_law;
  return row;
}

std::size_t statistical_count(const std::vector<CalibrationRow>& rows) {
  return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const auto& r) { return r.statistical; }));
}

}  // namespace

std::vector<CalibrationRow> calibrate(const std::vector<const Claim*>& claims, const RunOptions& options,
                                      const CalibrationPlan& plan, const CalibrationObserver& after_seed,
                                      std::vector<CalibrationRow> resume) {
  const std::size_t done = resume.empty() ? 0 : resume.front().seeds;
  for (const CalibrationRow& row : resume) {
    if (row.seed_set != plan.seed_set) {
      throw std::invalid_argument(fmt::format("the stored rows are of seed set {}, not {}", seed_set_name(row.seed_set),
                                              seed_set_name(plan.seed_set)));
    }
  }
  std::size_t seeds = plan.seeds != 0 ? plan.seeds : (done == 0 ? 0 : default_seeds(statistical_count(resume)));
  if (seeds > kSeedSetStride) throw std::invalid_argument(fmt::format("--seeds: at most {}", kSeedSetStride));
  if (seeds != 0 && done > seeds)
    throw std::invalid_argument(fmt::format("--seeds: {} is fewer than the {} seeds already run", seeds, done));
  const SeedSet set{plan.seed_set, 0};
  std::vector<CalibrationRow> rows = std::move(resume);
  const SeedBatchRunner run_batch =
      plan.run_batch ? plan.run_batch
                     : [&](const std::vector<const Claim*>& run_claims_of, const std::vector<std::uint32_t>& batch) {
                         std::vector<RunOutput> outs;
                         for (std::uint32_t seed : batch) {
                           RunOptions run = options;
                           run.seed = seed;
                           outs.push_back(run_claims(run_claims_of, run));
                         }
                         return outs;
                       };
  // A resumed calibration first reruns its last stored seed: the stored rows must be this code's.
  // Until the first seed has told how many seeds there are, batches are of one.
  std::size_t s = done == 0 ? 0 : done - 1;
  while (seeds == 0 || s < seeds) {
    const std::size_t width = seeds == 0 ? 1 : std::min(std::max<std::size_t>(plan.batch, 1), seeds - s);
    std::vector<std::uint32_t> batch;
    for (std::size_t k = 0; k < width; ++k) batch.push_back(set.seed(s + k));
    const std::vector<RunOutput> outs = run_batch(claims, batch);
    if (outs.size() != width) throw std::logic_error("calibration: the batch runner returned another number of runs");
    for (const RunOutput& out : outs) {
      if (rows.empty()) {
        for (const Check& c : out.checks) rows.push_back(row_of(c, plan.seed_set));
      }
      if (seeds == 0) seeds = default_seeds(statistical_count(rows), plan.family_alpha);
      if (out.checks.size() != rows.size()) throw std::runtime_error("calibration: the checks changed between seeds");
      const bool replay = s + 1 == done;
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const Check& c = out.checks[i];
        if (!same_check(rows[i], c) || rows[i].statistical != c.p_value.has_value()) {
          throw std::runtime_error(fmt::format("calibration: check {} is {}: {} {} here, not the stored one", i,
                                               c.claim, c.test, params_text(c)));
        }
        rows[i].null_law = c.null_law;
        rows[i].paper = c.paper;
        if (replay) {
          if (!same_outcome(rows[i], c)) {
            throw std::runtime_error(
                fmt::format("calibration: seed {} does not reproduce the stored p-value of {}: {} {}", s, c.claim,
                            c.test, params_text(c)));
          }
          continue;
        }
        rows[i].seeds += 1;
        rows[i].fails += c.verdict == Verdict::fail;
        if (c.p_value) rows[i].p_values.push_back(*c.p_value);
      }
      summarise(rows, plan.family_alpha);
      if (after_seed) after_seed(s + 1, seeds, rows);
      ++s;
    }
  }
  return rows;
}

namespace {

// Policy FAILs of statistical rows under Holm within each paper, run by run, from their stored
// p-values: apply_policy's rule (FAIL iff the Holm-adjusted p < alpha). Run s of a row is seed s
// of its own seed set, so a paper whose rows come from several sets is recounted over runs that
// mix them (Holm holds under any dependence, independence included).
void recount_holm_fails(std::vector<CalibrationRow>& rows, double alpha) {
  std::map<std::string, std::vector<std::size_t>> by_paper;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].statistical && !rows[i].p_values.empty()) by_paper[rows[i].paper].push_back(i);
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

std::vector<SeedSet> seed_sets_of(const std::vector<CalibrationRow>& rows) {
  std::map<std::size_t, std::size_t> count;
  for (const CalibrationRow& r : rows) count[r.seed_set] = std::max(count[r.seed_set], r.seeds);
  std::vector<SeedSet> sets;
  for (const auto& [number, n] : count) sets.push_back({number, n});
  return sets;
}

std::size_t next_held_out(const std::vector<CalibrationRow>& rows) {
  std::size_t next = 1;
  for (const CalibrationRow& r : rows) next = std::max(next, r.seed_set + 1);
  return next;
}

std::vector<CalibrationRow> update_calibration(const std::vector<const Claim*>& battery,
                                               const std::vector<std::string>& rerun, const RunOptions& options,
                                               const std::vector<CalibrationRow>& stored, std::size_t held_out,
                                               const CalibrationObserver& after_seed, std::size_t batch,
                                               const SeedBatchRunner& run_batch, double family_alpha) {
  if (stored.empty()) throw std::invalid_argument("no stored rows");
  const std::size_t seeds = stored.front().seeds;
  for (const CalibrationRow& r : stored) {
    if (r.seeds != seeds) throw std::invalid_argument("the stored rows do not all hold the same number of seeds");
  }
  std::vector<SeedSet> sets = seed_sets_of(stored);
  if (held_out == 0) throw std::invalid_argument("--held-out: the discovery set (0) cannot confirm a fix");
  for (const SeedSet& set : sets) {
    if (set.number == held_out) {
      throw std::invalid_argument(
          fmt::format("--held-out: seed set {} is already used by the stored calibration; the next unused one is {}",
                      set.name(), next_held_out(stored)));
    }
  }
  sets.push_back({held_out, seeds});
  if (!seed_sets_disjoint(sets)) {
    throw std::runtime_error(
        fmt::format("calibration: a seed of {} equals one already used (a 32-bit collision); take another --held-out",
                    seed_set_name(held_out)));
  }
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
  // The stored rows of each claim, and the one seed set they come from.
  std::map<std::string, std::vector<std::size_t>> stored_of;
  std::map<std::string, std::size_t> set_of;
  for (std::size_t i = 0; i < stored.size(); ++i) {
    const CalibrationRow& r = stored[i];
    const auto [it, inserted] = set_of.emplace(r.claim, r.seed_set);
    if (!inserted && it->second != r.seed_set)
      throw std::invalid_argument(fmt::format("the stored rows of {} come from two seed sets", r.claim));
    stored_of[r.claim].push_back(i);
  }
  for (const auto& [claim, indices] : stored_of) {
    const auto named = [&](const Claim* c) { return c->info().id == claim; };
    if (std::none_of(battery.begin(), battery.end(), named))
      throw std::runtime_error("calibration: the stored rows hold checks this battery lacks");
  }

  // Each kept claim at the last seed of its own set: every row kept must come out as stored, so
  // the code behind it has not changed since. A claim's draws depend on (seed, claim, point)
  // alone, so the claims of one set are run together, apart from the rest.
  std::map<std::size_t, std::vector<const Claim*>> kept_by_set;
  for (const Claim* claim : battery) {
    const std::string& id = claim->info().id;
    if (is_rerun(id)) continue;
    if (!set_of.contains(id))
      throw std::runtime_error(fmt::format("calibration: {} has no stored rows; rerun it too", id));
    kept_by_set[set_of[id]].push_back(claim);
  }
  std::map<std::string, std::vector<Check>> guard;
  for (const auto& [number, claims] : kept_by_set) {
    RunOptions last = options;
    last.seed = SeedSet{number, seeds}.seed(seeds - 1);
    for (Check& c : run_claims(claims, last).checks) guard[c.claim].push_back(std::move(c));
  }

  // Checked before the rerun, so a stale stored calibration costs one seed, not all of them.
  std::vector<CalibrationRow> kept;
  for (const Claim* claim : battery) {
    const std::string& id = claim->info().id;
    if (is_rerun(id)) continue;
    const std::vector<std::size_t>& indices = stored_of[id];
    const std::vector<Check>& checks = guard[id];
    for (std::size_t k = 0; k < std::max(indices.size(), checks.size()); ++k) {
      if (k >= indices.size() || k >= checks.size() || !same_check(stored[indices[k]], checks[k]) ||
          !same_outcome(stored[indices[k]], checks[k])) {
        const Check* c = k < checks.size() ? &checks[k] : nullptr;
        throw std::runtime_error(fmt::format(
            "calibration: {}: {} {} does not reproduce its stored last seed ({}); rerun that claim too, or calibrate "
            "from scratch",
            id, c ? c->test : std::string("a stored check"), c ? params_text(*c) : std::string(),
            seed_set_name(set_of[id])));
      }
      kept.push_back(stored[indices[k]]);
      kept.back().null_law = checks[k].null_law;
      kept.back().paper = checks[k].paper;
    }
  }

  const std::vector<CalibrationRow> fresh =
      calibrate(rerun_claims, options, CalibrationPlan{held_out, seeds, family_alpha, batch, run_batch}, after_seed);
  std::vector<CalibrationRow> rows;
  std::size_t next_kept = 0;
  for (const Claim* claim : battery) {
    const std::string& id = claim->info().id;
    const std::vector<CalibrationRow>& source = is_rerun(id) ? fresh : kept;
    if (is_rerun(id)) {
      for (const CalibrationRow& r : source) {
        if (r.claim == id) rows.push_back(r);
      }
    } else {
      while (next_kept < kept.size() && kept[next_kept].claim == id) rows.push_back(kept[next_kept++]);
    }
  }
  recount_holm_fails(rows, options.policy.alpha);
  summarise(rows, family_alpha);
  return rows;
}

namespace {

NullLaw null_law_named(const std::string& name) {
  if (name == "uniform") return NullLaw::uniform;
  if (name == "conservative") return NullLaw::conservative;
  throw std::invalid_argument(fmt::format("null law \"{}\": expected uniform or conservative", name));
}

const nlohmann::json& field(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) throw std::invalid_argument(fmt::format("no \"{}\" field", key));
  return j.at(key);
}

constexpr int kCalibrationSchema = 2;

}  // namespace

std::vector<CalibrationRow> calibration_rows_from(const nlohmann::json& doc, const RunOptions& options) {
  try {
    const int schema = field(doc, "schema_version").get<int>();
    if (schema != kCalibrationSchema) {
      throw std::invalid_argument(
          fmt::format("schema_version {}, not {} (a calibration before rates were measured: calibrate from scratch)",
                      schema, kCalibrationSchema));
    }
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
      row.paper = field(c, "paper").get<std::string>();
      row.test = field(c, "test").get<std::string>();
      row.target = field(c, "target").get<std::string>();
      row.params = Json::parse(field(c, "params").dump());
      row.seed_set = seed_set_number(field(c, "seed_set").get<std::string>());
      row.seeds = field(c, "seeds").get<std::size_t>();
      const std::string kind = field(c, "kind").get<std::string>();
      if (kind != "statistical" && kind != "deterministic")
        throw std::invalid_argument(fmt::format("kind \"{}\": expected statistical or deterministic", kind));
      row.statistical = kind == "statistical";
      row.fails = field(c, "fails").get<std::size_t>();
      if (row.statistical) {
        row.null_law = null_law_named(field(c, "null_law").get<std::string>());
        row.p_values = field(c, "p_values").get<std::vector<double>>();
      }
      if (row.seeds != seeds || (row.statistical && row.p_values.size() != seeds)) {
        throw std::invalid_argument(fmt::format("{}: {} does not hold {} seeds", row.claim, row.test, seeds));
      }
      rows.push_back(std::move(row));
    }
    if (rows.empty()) throw std::invalid_argument("no checks");
    summarise(rows, doc.value("family_alpha", kFamilyAlpha));
    return rows;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("a field of the wrong type: ") + e.what());
  }
}

std::vector<CalibrationUpdate> calibration_updates_from(const nlohmann::json& doc) {
  std::vector<CalibrationUpdate> updates;
  if (!doc.contains("updates")) return updates;
  try {
    for (const auto& u : doc.at("updates")) {
      CalibrationUpdate update;
      update.claims = field(u, "claims").get<std::vector<std::string>>();
      update.seed_set = seed_set_number(field(u, "seed_set").get<std::string>());
      for (const auto& r : field(u, "replaced")) update.replaced.push_back(seed_set_number(r.get<std::string>()));
      updates.push_back(std::move(update));
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("\"updates\": a field of the wrong type: ") + e.what());
  }
  return updates;
}

namespace {

// The half-width d of the exact two-sided KS band for n values at simultaneous level 1 - a:
// P(D_n >= d) = a, by bisection on the exact finite-n law. The DKW-Massart bound
// P(D_n >= d) <= 2 exp(-2 n d^2) puts d below sqrt(ln(2/a) / (2n)); half that point has P far
// above a (2 (a/2)^(1/4) asymptotically), else the search starts at 0. A narrow bracket keeps the
// costly exact law (Marsaglia-Tsang-Wang) to a few evaluations per checkpoint.
double ks_band_halfwidth(std::size_t n, double a) {
  double hi = std::min(1.0, std::sqrt(std::log(2 / a) / (2 * static_cast<double>(n))));
  double lo = stats::ks_two_sided_sf(n, hi / 2) > a ? hi / 2 : 0.0;
  for (int i = 0; i < 40; ++i) {
    const double mid = (lo + hi) / 2;
    (stats::ks_two_sided_sf(n, mid) > a ? lo : hi) = mid;
  }
  return hi;
}

std::string list_text(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

Json calibration_document(const std::vector<CalibrationRow>& rows, const RunOptions& options, std::size_t seeds,
                          const std::vector<CalibrationUpdate>& updates, double family_alpha) {
  Json checks = Json::array();
  const std::size_t done = rows.empty() ? 0 : rows.front().seeds;
  std::size_t statistical = 0, uniform = 0, deterministic = 0, flagged = 0, by_uniformity = 0, by_count = 0;
  std::size_t deterministic_failed = 0, policy_fails = 0;
  std::array<std::size_t, kCountLevels.size()> outside{};
  std::map<std::string, std::array<std::size_t, 5>> papers;  // statistical, flagged, flagged in paper, det, det failed
  std::map<std::string, std::size_t> curves_of_paper;
  for (const CalibrationRow& r : rows) {
    auto& paper = papers[r.paper];
    Json row{{"claim", r.claim}, {"paper", r.paper}};
    if (!r.experiment.empty()) row["experiment"] = r.experiment;
    row.update(Json{{"test", r.test},
                    {"target", r.target},
                    {"params", r.params},
                    {"seed_set", seed_set_name(r.seed_set)},
                    {"seeds", r.seeds},
                    {"kind", r.statistical ? "statistical" : "deterministic"},
                    {"fails", r.fails}});
    if (!r.statistical) {
      ++deterministic;
      ++paper[3];
      deterministic_failed += r.fails > 0;
      paper[4] += r.fails > 0;
      row["held_every_seed"] = r.fails == 0;
      checks.push_back(std::move(row));
      continue;
    }
    ++statistical;
    ++paper[0];
    ++curves_of_paper[r.paper];
    uniform += r.null_law == NullLaw::uniform;
    policy_fails += r.fails;
    flagged += r.flagged;
    paper[1] += r.flagged;
    paper[2] += r.flagged_paper;
    by_uniformity += r.uniformity_p_holm < family_alpha;
    Json counts = Json::array();
    bool count_flag = false;
    for (std::size_t l = 0; l < kCountLevels.size(); ++l) {
      const CountTest& t = r.counts[l];
      const bool inside = t.count >= t.band_lo && t.count <= t.band_hi;
      outside[l] += !inside;
      count_flag = count_flag || t.p_holm < family_alpha;
      counts.push_back({{"level", t.level},
                        {"count", t.count},
                        {"expected", t.level * static_cast<double>(r.seeds)},
                        {"band", Json::array({t.band_lo, t.band_hi})},
                        {"inside_band", inside},
                        {"p", t.p},
                        {"p_holm", t.p_holm},
                        {"p_holm_paper", t.p_holm_paper}});
    }
    by_count += count_flag;
    row.update(Json{{"null_law", to_string(r.null_law)},
                    {"uniformity",
                     {{"test", r.uniformity_test},
                      {"p", r.uniformity_p},
                      {"p_holm", r.uniformity_p_holm},
                      {"p_holm_paper", r.uniformity_p_holm_paper}}},
                    {"counts", std::move(counts)},
                    {"flagged", r.flagged},
                    {"flagged_within_paper", r.flagged_paper},
                    {"p_values", r.p_values}});
    checks.push_back(std::move(row));
  }
  const std::size_t tests = kTestsPerCheck * statistical;
  const double beta = band_level(tests, family_alpha);
  Json content = Json::array();
  bool all_content = true;
  for (double level : kCountLevels) {
    const std::size_t needed = seeds_for_content(level, beta);
    all_content = all_content && done >= needed;
    content.push_back({{"level", level}, {"seeds_needed", needed}, {"has_content", done >= needed}});
  }
  Json by_paper = Json::object();
  for (const auto& [paper, n] : papers) {
    by_paper[paper] = {{"statistical", n[0]},
                       {"flagged", n[1]},
                       {"flagged_within_paper", n[2]},
                       {"deterministic", n[3]},
                       {"deterministic_failed", n[4]}};
  }
  // The figure's band: each paper's curves at simultaneous level 1 - family alpha, exact KS with
  // Bonferroni over its curves. Seconds of the exact law at a thousand seeds, so a checkpoint
  // (fewer seeds than asked) leaves it out.
  Json ecdf_bands = Json::object();
  if (done > 0 && done >= seeds) {
    for (const auto& [paper, m] : curves_of_paper) {
      const double per_curve = family_alpha / static_cast<double>(m);
      ecdf_bands[paper] = {
          {"curves", m},
          {"level", 1 - family_alpha},
          {"halfwidth", ks_band_halfwidth(done, per_curve)},
          {"method", fmt::format("exact two-sided KS band for n = {} at {:g} per curve (Bonferroni over {} "
                                 "curves: simultaneous level {:g})",
                                 done, per_curve, m, 1 - family_alpha)}};
    }
  }
  Json seed_sets = Json::array();
  std::vector<std::string> set_names;
  for (const SeedSet& set : seed_sets_of(rows)) {
    std::vector<std::string> claims;
    for (const CalibrationRow& r : rows) {
      if (r.seed_set == set.number && std::find(claims.begin(), claims.end(), r.claim) == claims.end())
        claims.push_back(r.claim);
    }
    std::string purpose =
        set.number == 0
            ? "discovery: the calibration run from scratch"
            : "held-out: the rerun of claims changed after the calibration (after a flag, or a change of their code)";
    seed_sets.push_back({{"name", set.name()},
                         {"first_index", set.first_index()},
                         {"last_index", set.first_index() + set.count - 1},
                         {"count", set.count},
                         {"purpose", purpose},
                         {"claims", claims}});
    set_names.push_back(set.number == 0 ? set.name() : fmt::format("{} for {} claim(s)", set.name(), claims.size()));
  }
  Json update_rows = Json::array();
  std::vector<std::string> rerun_claims;
  for (const CalibrationUpdate& u : updates) {
    Json replaced = Json::array();
    for (std::size_t r : u.replaced) replaced.push_back(seed_set_name(r));
    update_rows.push_back({{"claims", u.claims}, {"seed_set", seed_set_name(u.seed_set)}, {"replaced", replaced}});
    for (const std::string& c : u.claims) {
      if (std::find(rerun_claims.begin(), rerun_claims.end(), c) == rerun_claims.end()) rerun_claims.push_back(c);
    }
  }
  std::string headline = fmt::format(
      "{} statistical checks over {} seeds ({}): p-values against their null laws ({} uniform: Anderson-Darling, "
      "two-sided; {} conservative: one-sided Smirnov D+) and counts of p <= 0.05 and p <= 0.01 against exact binomial "
      "bands, Holm over {} tests at family-wise alpha {:g}: {} flagged ({} by uniformity, {} by a count); {} "
      "deterministic checks: not calibrated (no randomness), ",
      statistical, done, list_text(set_names), uniform, statistical - uniform, tests, family_alpha, flagged,
      by_uniformity, by_count, deterministic);
  headline += deterministic_failed == 0 ? std::string("held under every seed")
                                        : fmt::format("{} did not hold under some seed", deterministic_failed);
  if (!all_content && statistical > 0) {
    headline += fmt::format(" (at {} seeds the band at 0.01 has no lower end: {} seeds give it one)", done,
                            content.back().at("seeds_needed").get<std::size_t>());
  }
  return Json{
      {"schema_version", kCalibrationSchema},
      {"battery", to_string(options.battery)},
      {"seeds", done},
      {"seeds_asked", seeds},
      {"seeds_default", default_seeds(statistical, family_alpha)},
      {"seed_rule",
       "seed of index i = FNV-1a hash32(\"attnlaw calibration seed \" + i), never the battery seed; set 0 "
       "(discovery) uses indices 0..S-1, held-out set k >= 1 indices k*10^6..k*10^6+S-1; the 32-bit seeds of the "
       "sets of one document are checked to be distinct"},
      {"seed_sets", std::move(seed_sets)},
      {"alpha", options.policy.alpha},
      {"family_alpha", family_alpha},
      {"count_levels", kCountLevels},
      {"multiplicity",
       {{"method", "Holm"},
        {"family", "every test of every statistical check: its uniformity test and its counts at 0.05 and 0.01"},
        {"tests", tests},
        {"family_alpha", family_alpha},
        {"within_paper", "Holm over the tests of each paper's checks at the same level (flagged_within_paper)"},
        {"band_level", beta}}},
      {"band_content", std::move(content)},
      {"headline", headline},
      {"summary",
       {{"checks", rows.size()},
        {"statistical", statistical},
        {"uniform_law", uniform},
        {"conservative_law", statistical - uniform},
        {"deterministic", deterministic},
        {"flagged", flagged},
        {"flagged_by_uniformity", by_uniformity},
        {"flagged_by_count", by_count},
        {"outside_band", Json::array({outside[0], outside[1]})},
        {"deterministic_failed", deterministic_failed},
        {"policy_fails", policy_fails},
        {"policy_fail_bound", static_cast<double>(statistical * done) * options.policy.alpha},
        {"by_paper", std::move(by_paper)}}},
      {"ecdf_bands", std::move(ecdf_bands)},
      {"updates", std::move(update_rows)},
      {"rerun_claims", rerun_claims},
      {"checks", std::move(checks)}};
}

std::vector<const Mutant*> selected_mutants(const Registry& registry, const std::vector<std::string>& names) {
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
  return selected;
}

MutantOutcome audit_mutant(const Registry& registry, const RunOptions& options, const Mutant& mutant) {
  RunOptions run = options;
  run.claim_ids = mutant.claims;
  run.mutant = mutant.name;
  const RunOutput out = run_claims(select_claims(registry, run), run);
  MutantOutcome outcome;
  outcome.mutant = &mutant;
  for (const Check& c : out.checks) {
    if (c.verdict != Verdict::fail) continue;
    outcome.killed = true;
    outcome.failing_checks.push_back(c.claim + ": " + c.test + " " + params_text(c));
    if (std::find(outcome.killed_by.begin(), outcome.killed_by.end(), c.claim) == outcome.killed_by.end()) {
      outcome.killed_by.push_back(c.claim);
    }
  }
  return outcome;
}

std::vector<MutantOutcome> audit_mutants(const Registry& registry, const RunOptions& options,
                                         const std::vector<std::string>& names,
                                         const std::function<void(std::string_view)>& observer) {
  std::vector<MutantOutcome> outcomes;
  for (const Mutant* m : selected_mutants(registry, names)) {
    outcomes.push_back(audit_mutant(registry, options, *m));
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
