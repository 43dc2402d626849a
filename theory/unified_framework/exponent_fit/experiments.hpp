#pragma once
// The experiments of UF.exponent-fit (exponent_fit/claim.cpp): their points and run functions, one
// file each, and the slope fit that the gumbel and sphere experiments share (slope_fit.cpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/sphere_rows.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/sample/lambda_bracket.hpp"

namespace attnlaw::theory::unified_framework::exponent_fit_claim {

using reference::ScoreFamily;

struct Ladder {
  std::vector<double> n;
  std::vector<std::vector<double>> lo, hi;  // per n, per row
  std::size_t top_k_undecided = 0;
};

// The bracket of Lambda of one row of n scores, from replicate `replicate` of `stream`.
using RowBracket =
    std::function<sample::LambdaBracket(rng::StreamKey stream, std::uint32_t replicate, std::uint64_t n)>;

Ladder simulate_ladder(const std::vector<double>& ns, std::size_t reps, rng::StreamKey stream, const RowBracket& row);
std::vector<double> abscissa(const std::vector<double>& n, bool polynomial);
double slope_of_medians(const std::vector<double>& x, std::span<const std::vector<double>> rows);

// The fitted slope of a ladder, its bootstrap standard error, and the z-test against a prediction.
struct FittedSlope {
  std::vector<double> x;  // the abscissa: log log n, or log n for the sphere
  double slope = 0, se = 0;
};

FittedSlope fit_slope(const Ladder& ladder, bool polynomial, rng::StreamKey bootstrap_stream);

struct Prediction {
  double slope = 0, se = 0;
  std::string text;    // what the target names as the prediction
  std::string values;  // its value for this seed's reference rows, for the method
};

harness::ExperimentResult slope_checks(const Ladder& ladder, std::size_t reps, bool polynomial, const FittedSlope& fit,
                                       const Prediction& prediction, double target, const std::string& family,
                                       const harness::PointContext& at);

struct EquicorrelatedPoint {
  double rho;             // the correlation of the keys
  std::vector<double> n;  // the n-ladder
  harness::Fields fields() const { return {{"rho", rho}, {"n", n}}; }
};

harness::ExperimentResult equicorrelated(const EquicorrelatedPoint& point, const SphereScale&,
                                         const harness::PointContext&);

struct GumbelFitPoint {
  ScoreFamily family;          // a Gumbel-domain score family
  std::vector<double> n;       // the n-ladder
  std::size_t reps;            // rows per n
  std::size_t reference_reps;  // rows per n of the independent prediction
  std::uint64_t K;             // top scores drawn before the checkpoint extension
  double target;               // the slope difference the test must resolve
  harness::Fields fields() const {
    return {{"family", family.name()},          {"n", n}, {"reps", reps},
            {"reference_reps", reference_reps}, {"K", K}, {"target", target}};
  }
};

harness::ExperimentResult gumbel_slope(const GumbelFitPoint& p, const SphereScale&, const harness::PointContext& at);

struct SphereFitPoint {
  int d;                  // the dimension of the sphere
  std::vector<double> n;  // the n-ladder
  std::size_t reps;       // rows per n
  std::uint64_t K;        // nearest keys retained per row
  double target;          // the slope difference the test must resolve
  harness::Fields fields() const { return {{"d", d}, {"n", n}, {"reps", reps}, {"K", K}, {"target", target}}; }
};

harness::ExperimentResult sphere_slope(const SphereFitPoint& p, const SphereScale& model,
                                       const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::exponent_fit_claim
