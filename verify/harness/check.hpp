#pragma once
// One record of results.json: the outcome of one test of one claim at one grid point.
#include <optional>
#include <string>

#include "verify/harness/detectable_law.hpp"
#include "verify/harness/point.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::harness {

enum class Verdict { pass, suspect, fail };
const char* to_string(Verdict v) noexcept;

struct Effect {
  std::string name;
  double value = 0;
  stats::Interval ci;
};

// How a check's p-value is distributed when its null hypothesis holds. `uniform`: exactly U(0,1),
// a continuous statistic against a point null. `conservative`: P(p <= u) <= u only, as for an exact
// test of a discrete statistic, a composite null (a tolerance band), or a reference with its own
// fixed Monte Carlo error counted in the standard error. Calibration tests the first for
// uniformity and the second only for an excess of small p-values.
enum class NullLaw { uniform, conservative };
const char* to_string(NullLaw law) noexcept;

struct Check {
  // Filled by the claim.
  std::string test;              // e.g. "anderson-darling", "z-test", "deterministic"
  std::string target;            // what the test is applied to, e.g. "Mahalanobis d^2 ~ chi2_3"
  std::optional<Fields> params;  // the grid point (d, beta, n, reps, ...); unset: the runner gives the point's
  double statistic = 0;
  std::optional<double> p_value;  // absent for deterministic checks
  std::string p_method;
  std::optional<Effect> effect;
  // The smallest discrepancy the test detects with power 0.99, as a formula of the per-check
  // alpha: the runner evaluates it at the alpha the multiplicity policy leaves.
  std::optional<DetectableLaw> detectable_law;
  // The discrepancy the claim promises to detect; SUSPECT if the test cannot.
  std::optional<double> detectable_target;
  // Deterministic checks: statistic is the worst ratio to the bound; pass iff <= 1.
  std::optional<bool> deterministic_holds;
  NullLaw null_law = NullLaw::uniform;

  // Filled by the runner.
  std::string claim, experiment, paper, provenance;
  double alpha = 0;
  double alpha_adjusted = 0;
  std::optional<double> p_adjusted;
  std::optional<Detectable> detectable;
  Verdict verdict = Verdict::pass;
};

// Builds a check from a test result; the remaining fields are set by the caller.
Check make_check(const stats::TestResult& result, std::string target);

}  // namespace attnlaw::harness
