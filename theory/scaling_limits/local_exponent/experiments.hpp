#pragma once
// SL.local-exponent (claim.cpp): the points, the model and the run functions of its two
// experiments, (i) power_law.cpp and (ii) mixture.cpp.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "verify/harness/claim_spec.hpp"
#include "verify/harness/figure.hpp"
#include "verify/sample/sphere_ppp.hpp"

namespace attnlaw::theory::scaling_limits::local_exponent_claim {

// (i): keys on S^{d-1} with gap law (t/2)^a, at beta_n = gamma n^{1/a}.
struct PowerLawPoint {
  int d;
  double a;
  double gamma;
  std::uint64_t n;
  std::size_t reps;
  harness::Fields fields() const { return {{"d", d}, {"a", a}, {"gamma", gamma}, {"n", n}, {"reps", reps}}; }
};

// (ii): keys from (1 - w) Uniform + w vMF(-q, kappa0), at beta_n = gamma n^{2/(d-1)}.
struct MixturePoint {
  int d;
  double mixture_weight;
  double kappa0;
  double gamma;
  std::uint64_t n;
  std::size_t reps;
  harness::Fields fields() const {
    return {{"d", d},      {"mixture_weight", mixture_weight}, {"kappa0", kappa0}, {"gamma", gamma}, {"n", n},
            {"reps", reps}};
  }
};

// The model under test: the limit law the claim predicts for power-law keys, and the number of
// uniform keys the mixture's n keys act as at q.
struct LocalModel {
  sample::PppLaw (*predicted_law)(int d, double a, double gamma);
  std::uint64_t (*equivalent_uniform_keys)(double mixture_weight, std::uint64_t n);
};

// The ECDF of w_(1) against that of a reference sample (power_law.cpp; the mixture's figure too).
harness::Figure ecdf_figure(const harness::PointContext& at, const std::string& title, std::span<const double> sample,
                            std::vector<double> reference_sample);

harness::ExperimentResult power_law_keys(const PowerLawPoint& p, const LocalModel& model,
                                         const harness::PointContext& at);
harness::ExperimentResult mixture_keys(const MixturePoint& p, const LocalModel& model, const harness::PointContext& at);

}  // namespace attnlaw::theory::scaling_limits::local_exponent_claim
