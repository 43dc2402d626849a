#pragma once
// Testing the tests (theory/statistics/THEORY.md §4, §7; after TestU01 and Abseil's random tests): calibration runs
// every check over many seeds and tests its p-values against its null law (uniformity, two-sided for a uniform law, an
// excess of small p-values for a conservative one) and its counts of p-values below 0.05 and 0.01 against their exact
// binomial laws, with Holm over every test at a family-wise level; deterministic checks are counted apart (they must
// hold under every seed). Seeds come in named sets: discovery, and held-out sets never used before for confirming a
// fix. The mutant audit runs each planted bug on the claims it touches and records which checks kill it.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "verify/harness/json.hpp"
#include "verify/harness/runner.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::harness {

// The family-wise level of a calibration: Holm over every test of every statistical check (its
// uniformity test and its two counts), so a calibration of correct checks flags any of them with
// probability at most this.
inline constexpr double kFamilyAlpha = 0.01;
// The levels whose counts of raw p-values (p <= level) are compared with their binomial laws.
inline constexpr std::array<double, 2> kCountLevels{0.05, 0.01};
// Tests per statistical check in the family: the uniformity test and one count per level.
inline constexpr std::size_t kTestsPerCheck = 1 + kCountLevels.size();

// The seed of calibration index i: FNV-1a hash32("attnlaw calibration seed " + i), never the
// battery's seed.
std::uint32_t calibration_seed(std::size_t index);

// A named set of seeds. Set 0 is "discovery", indices 0..count-1; set k >= 1 is "held-out-k",
// indices k * 10^6 .. k * 10^6 + count - 1. Index ranges of different sets are disjoint by
// construction (count <= 10^6); the 32-bit seeds they hash to are checked for collisions against
// every set a document already holds (seed_sets_disjoint) before a held-out set is used.
inline constexpr std::size_t kSeedSetStride = 1'000'000;
struct SeedSet {
  std::size_t number = 0;
  std::size_t count = 0;
  std::string name() const;
  std::size_t first_index() const { return number * kSeedSetStride; }
  std::uint32_t seed(std::size_t s) const { return calibration_seed(first_index() + s); }
};
std::string seed_set_name(std::size_t number);
// The number of a set from its name ("discovery" 0, "held-out-k" k); std::invalid_argument otherwise.
std::size_t seed_set_number(const std::string& name);
// No 32-bit seed of one set equals a seed of another.
bool seed_sets_disjoint(const std::vector<SeedSet>& sets);

// One count test of a statistical check: how many of its raw p-values are <= level, against
// Binomial(seeds, level). Uniform null law: two-sided (central p = min(1, 2 min(P(X <= k), P(X >= k)));
// conservative: one-sided, P(X >= k). The band is the set of counts whose p is >= the per-test
// Bonferroni level of the family (Holm's first threshold): a count outside it is flagged.
struct CountTest {
  double level = 0;
  std::size_t count = 0;
  std::size_t band_lo = 0, band_hi = 0;
  double p = 1;
  double p_holm = 1;        // Holm over every test of the calibration
  double p_holm_paper = 1;  // Holm over the tests of the check's paper
};

struct CalibrationRow {
  std::string claim, experiment, paper, test, target;
  Json params;
  std::size_t seed_set = 0;  // the SeedSet number its runs come from
  std::size_t seeds = 0;
  bool statistical = true;  // false: a deterministic check (no p-value, nothing to calibrate)
  // Statistical: FAILs at the policy's alpha (Holm within the paper at each seed), for the record;
  // deterministic: the seeds under which it did not hold.
  std::size_t fails = 0;
  NullLaw null_law = NullLaw::uniform;
  std::vector<double> p_values;  // one per seed (statistical)

  // Filled by summarise from p_values. Uniformity: Anderson-Darling against U(0,1) with its
  // finite-n law for a uniform null law (two-sided: too many small or too many large p-values);
  // the one-sided Smirnov D+ (too many small, exact) for a conservative one.
  std::string uniformity_test;
  double uniformity_p = 1;
  double uniformity_p_holm = 1;
  double uniformity_p_holm_paper = 1;
  std::array<CountTest, kCountLevels.size()> counts{};
  bool flagged = false;        // some test's Holm-adjusted p (over all) below the family alpha
  bool flagged_paper = false;  // the same within its paper's family
};

// Exact binomial law of a count of p-values <= level over `seeds` runs.
// P(X <= k) and P(X >= k) for X ~ Binomial(n, q).
double binomial_cdf(std::size_t k, std::size_t n, double q);
double binomial_sf_inclusive(std::size_t k, std::size_t n, double q);
// The count test's p-value (see CountTest).
double count_p_value(std::size_t k, std::size_t n, double q, NullLaw law);
// The counts k in [lo, hi] with count_p_value(k) >= beta: for a uniform law lo is the least k with
// P(X <= k) >= beta/2 and hi the largest with P(X >= k) >= beta/2; conservative: lo = 0, hi the
// largest k with P(X >= k) >= beta.
std::pair<std::size_t, std::size_t> binomial_band(std::size_t n, double q, double beta, NullLaw law);
// The fewest seeds at which a uniform check's band at `level` has a lower end >= 1 (a check that
// never gives p <= level is out of it): the least S with (1 - level)^S < beta / 2.
std::size_t seeds_for_content(double level, double beta);
// The per-test level of a family of `tests` at family-wise `family_alpha` (Bonferroni, Holm's
// first step), and the default seed count for `statistical_checks` checks: the fewest seeds at which
// every band (the lowest level, 0.01, needs the most) has content.
double band_level(std::size_t tests, double family_alpha);
std::size_t default_seeds(std::size_t statistical_checks, double family_alpha = kFamilyAlpha);
// The uniformity test of a check's p-values under its null law (see CalibrationRow).
stats::TestResult uniformity_test(const std::vector<double>& p_values, NullLaw law);

// The tests, flags and bands of every row, with Holm over all statistical rows and within each paper.
void summarise(std::vector<CalibrationRow>& rows, double family_alpha = kFamilyAlpha);

// What calibrate runs: a seed set and how many of its seeds (0: default_seeds of the checks
// found at the first seed).
// Runs the claims under each of a batch of seeds and returns the outputs in the same order (the
// seeds of a batch run side by side on the ranks of an MPI job: apps/attnlaw/distributed_run.hpp).
using SeedBatchRunner = std::function<std::vector<RunOutput>(const std::vector<const Claim*>& claims,
                                                             const std::vector<std::uint32_t>& seeds)>;

struct CalibrationPlan {
  std::size_t seed_set = 0;
  std::size_t seeds = 0;
  double family_alpha = kFamilyAlpha;
  // Seeds per batch, and who runs a batch (empty: run_claims, one seed after another). The rows
  // are summarised seed by seed in seed order whatever the batch, so they do not depend on it.
  std::size_t batch = 1;
  SeedBatchRunner run_batch = {};
};

// Runs `claims` with `options` (battery, policy, threads) under the plan's seeds.
// after_seed(done, seeds, rows) after every seed, with the rows summarised over the seeds done (a
// checkpoint to resume from) and the number of seeds the run will hold. With `resume` (the rows of
// an earlier calibration of the same checks on the same seed set, over k <= seeds seeds) it reruns
// seed k - 1, requires every p-value to come out bit for bit as stored, and runs only seeds
// k..seeds-1; std::runtime_error if they differ.
using CalibrationObserver =
    std::function<void(std::size_t done, std::size_t seeds, const std::vector<CalibrationRow>& rows)>;
std::vector<CalibrationRow> calibrate(const std::vector<const Claim*>& claims, const RunOptions& options,
                                      const CalibrationPlan& plan, const CalibrationObserver& after_seed,
                                      std::vector<CalibrationRow> resume = {});

// The stored calibration with the rows of the claims named in `rerun` run afresh (after a fix to
// those claims) on the held-out seed set `held_out` (>= 1, never used by `stored`: checked by
// number and by the 32-bit seeds), with as many seeds as the stored rows; the rest kept.
// `battery`: every claim of the stored calibration, in order. Guards: each kept claim is run once
// at the last seed of its own seed set and must reproduce its stored p-values bit for bit
// (std::runtime_error otherwise). The policy FAILs of every statistical row are recounted run by
// run (run s of each row: seed s of its set) under Holm within each paper.
std::vector<CalibrationRow> update_calibration(const std::vector<const Claim*>& battery,
                                               const std::vector<std::string>& rerun, const RunOptions& options,
                                               const std::vector<CalibrationRow>& stored, std::size_t held_out,
                                               const CalibrationObserver& after_seed, std::size_t batch = 1,
                                               const SeedBatchRunner& run_batch = {},
                                               double family_alpha = kFamilyAlpha);

// The seed sets the rows use (each with the seeds of its rows).
std::vector<SeedSet> seed_sets_of(const std::vector<CalibrationRow>& rows);
// The least held-out number no stored row uses.
std::size_t next_held_out(const std::vector<CalibrationRow>& rows);

// The rows of a calibration.json written by calibration_document (schema 2), for `resume` and
// `update`. std::invalid_argument naming what is missing or differs from `options`.
std::vector<CalibrationRow> calibration_rows_from(const nlohmann::json& doc, const RunOptions& options);

// One --update: the claims rerun, on which held-out set, in place of which.
struct CalibrationUpdate {
  std::vector<std::string> claims;
  std::size_t seed_set = 0;
  std::vector<std::size_t> replaced;  // the seed sets their earlier rows came from
};
// The updates recorded in a stored document ("updates"), to carry into the next one.
std::vector<CalibrationUpdate> calibration_updates_from(const nlohmann::json& doc);

// `seeds`: the seeds asked for; the rows may hold fewer (a checkpoint, which leaves out the
// figure's "ecdf_bands"). `updates`: every --update that made these rows, listed in the document.
Json calibration_document(const std::vector<CalibrationRow>& rows, const RunOptions& options, std::size_t seeds,
                          const std::vector<CalibrationUpdate>& updates = {}, double family_alpha = kFamilyAlpha);

struct MutantOutcome {
  const Mutant* mutant = nullptr;
  bool killed = false;
  std::vector<std::string> killed_by;       // claims with a FAIL
  std::vector<std::string> failing_checks;  // "claim: test (params)"
};

// The named mutants, in that order, or every mutant when `names` is empty; std::invalid_argument
// for an unknown name.
std::vector<const Mutant*> selected_mutants(const Registry& registry, const std::vector<std::string>& names);

// One mutant on the claims it touches, in `options.battery`: a run of its own, independent of
// every other mutant's (so that they can be dealt to processes).
MutantOutcome audit_mutant(const Registry& registry, const RunOptions& options, const Mutant& mutant);

// Runs every mutant (or the named ones) on the claims it touches, in `options.battery`.
std::vector<MutantOutcome> audit_mutants(const Registry& registry, const RunOptions& options,
                                         const std::vector<std::string>& names,
                                         const std::function<void(std::string_view)>& observer);

Json mutants_document(const std::vector<MutantOutcome>& outcomes, const RunOptions& options);

// A stored mutants document (same battery and seed) with the rows of `fresh` (a document of some
// mutants rerun) in place of its own, in the registry's catalogue order; "rerun" names the replaced
// rows. Every other current mutant must have a stored row whose claims are still its claims.
// std::invalid_argument naming what differs.
Json update_mutants_document(const Registry& registry, const Json& stored, const Json& fresh);

}  // namespace attnlaw::harness
