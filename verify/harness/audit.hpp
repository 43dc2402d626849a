#pragma once
// Testing the tests (STATISTICS.md §4, §7; STYLE.md, Abseil): calibration runs every check over
// many seeds and compares its false-failure count with the binomial band at its alpha and its
// p-values with the uniform law; the mutant audit runs each planted bug on the claims it touches
// and records which checks kill it.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "verify/harness/json.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::harness {

struct CalibrationRow {
  std::string claim, experiment, test, target;
  Json params;
  std::size_t seeds = 0;
  std::size_t fails = 0;
  std::size_t band_lo = 0, band_hi = 0;  // acceptance band for `fails` (binomial, level 1 - 1e-3)
  bool within_band = true;
  NullLaw null_law = NullLaw::uniform;
  // Kolmogorov-Smirnov test of the p-values against U(0,1): two-sided for a uniform null law,
  // one-sided (too many small p-values, D+ of the ECDF over the diagonal) for a conservative one.
  double uniformity_p = 1;
  bool uniformity_flag = false;  // uniformity_p below kUniformityAlpha: bias beyond what the check tolerates
  std::vector<double> p_values;  // one per seed
};

inline constexpr double kUniformityAlpha = 1e-4;

// The seed of calibration run s: a hash of s, never the battery's seed.
std::uint32_t calibration_seed(std::size_t s);

// Runs `claims` with `options` (battery, policy, threads) under `seeds` calibration seeds.
// after_seed(done, rows) after every seed, with the rows summarised over the seeds done (a
// checkpoint to resume from). With `resume` (the rows of an earlier calibration of the same
// checks, over k <= seeds seeds) it reruns seed k - 1, requires every p-value to come out bit for
// bit as stored, and runs only seeds k..seeds-1; std::runtime_error if they differ.
using CalibrationObserver = std::function<void(std::size_t done, const std::vector<CalibrationRow>& rows)>;
std::vector<CalibrationRow> calibrate(const std::vector<const Claim*>& claims, const RunOptions& options,
                                      std::size_t seeds, const CalibrationObserver& after_seed,
                                      std::vector<CalibrationRow> resume = {});

// The stored calibration with the rows of the claims named in `rerun` run afresh over all its seeds
// (after a fix to those claims), the rest kept. `battery`: every claim of the stored calibration,
// in order. Guards: the whole battery is run once at the last stored seed, and every kept row must
// reproduce its stored outcome bit for bit, and every rerun row must equal its battery run
// (std::runtime_error otherwise). Holm couples the checks of a paper, so the fails of every
// statistical row are recounted seed by seed from the p-values of all rows.
std::vector<CalibrationRow> update_calibration(const std::vector<const Claim*>& battery,
                                               const std::vector<std::string>& rerun, const RunOptions& options,
                                               const std::vector<CalibrationRow>& stored,
                                               const CalibrationObserver& after_seed);

// The rows of a calibration.json written by calibration_document, for `resume`.
// std::invalid_argument naming what is missing or differs from `options`.
std::vector<CalibrationRow> calibration_rows_from(const nlohmann::json& doc, const RunOptions& options);

// `seeds`: the seeds asked for; the rows may hold fewer (a checkpoint).
// `rerun_claims`: the claims rerun by update_calibration, listed in the document.
Json calibration_document(const std::vector<CalibrationRow>& rows, const RunOptions& options, std::size_t seeds,
                          const std::vector<std::string>& rerun_claims = {});

struct MutantOutcome {
  const Mutant* mutant = nullptr;
  bool killed = false;
  std::vector<std::string> killed_by;       // claims with a FAIL
  std::vector<std::string> failing_checks;  // "claim: test (params)"
};

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
