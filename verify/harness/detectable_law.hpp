#pragma once
// The smallest discrepancy a check detects, as data: a named formula of the per-check alpha and its
// parameters. The runner evaluates it at the alpha the multiplicity policy leaves (policy.hpp),
// which is known only when every check of the paper is in; being data rather than a closure, a
// check's law travels with it through a checkpoint (--resume) or from another MPI rank.
#include <cstddef>
#include <string>

namespace attnlaw::harness {

struct Detectable {
  std::string name;
  double delta = 0;
  double power = 0.99;
};

struct DetectableLaw {
  enum class Formula {
    cdf_distance,          // DKW-Massart sup-distance of a one-sample ECDF over m draws
    chi_square_effect,     // Cohen's w of a Pearson chi-square with df degrees of freedom over m draws
    mean_shift,            // offset + two-sided z shift of a mean (sigma, m) / scale
    standard_error,        // (z_{1-alpha/2} + z_power) * sigma: a two-sided z test of an estimate with sd sigma
    variance_ratio,        // |variance ratio - 1| of the chi2_m variance test
    proportion_shift,      // offset + the two-sided shift of a binomial proportion p0 over m trials
    proportion_shortfall,  // the one-sided shortfall below the level p0 over m trials
  };
  Formula formula = Formula::mean_shift;
  std::string name = {};
  double power = 0.99;
  double sigma = 0;
  double scale = 1;
  double p0 = 0;
  double offset = 0;
  std::size_t m = 0;
  std::size_t df = 0;
};

const char* to_string(DetectableLaw::Formula formula) noexcept;
// The formula named by to_string, or false.
bool parse_formula(const std::string& name, DetectableLaw::Formula& formula) noexcept;

Detectable evaluate(const DetectableLaw& law, double alpha);

}  // namespace attnlaw::harness
