#pragma once
// What `attnlaw simulate sphere|family` put out: each Monte Carlo estimate with its standard
// error, the reference value with its error bound where one answers, and the z-score and
// two-sided p-value of the difference (digits follow the standard error: two significant digits
// of it, and the estimate to the same decimal place); and the per-replicate observables as .npy.
#include <optional>
#include <string>
#include <vector>

#include "verify/harness/json.hpp"

namespace attnlaw::cli {

struct ReferenceValue {
  double value;
  double error;  // absolute bound
};

struct EstimateLine {
  std::string name;   // the JSON key ("mean_top")
  std::string label;  // what the terminal shows ("E w_(1)")
  double mean;
  double std_error;
  std::optional<ReferenceValue> reference;
};

// The estimate and its standard error as text, to the digits the standard error supports.
std::pair<std::string, std::string> format_with_error(double mean, double std_error);

// z = (mean - reference) / std_error, shrunk towards 0 by the reference's bound (a difference
// within the bound counts as none): conservative. p = P(|N(0,1)| >= |z|). Both NaN where the
// standard error is 0 (every replicate equal) and the difference exceeds the bound: no z exists.
struct Discrepancy {
  double z;
  double p;
};
Discrepancy discrepancy(const EstimateLine& line);

// One terminal line per estimate, aligned.
std::string format_estimate(const EstimateLine& line);

// {"mean", "std_error", "reference", "reference_error", "z", "p"} (the last four only with a
// reference; "z_undefined" with the reason in place of z and p where there is none).
harness::Json estimate_json(const EstimateLine& line);

// The run's document and lines: doc gets "estimates" (estimate_json by name) and, with a reason,
// "reference_unavailable"; the terminal gets the header, the lines and the reason.
void print_simulation(harness::Json doc, const std::string& header, const std::vector<EstimateLine>& lines,
                      const std::string& reference_unavailable, bool json);

// --samples FILE.npy: one record per replicate, one float64 field per observable, written
// atomically; a file that cannot be written is a UsageError naming --samples.
void write_samples(const std::string& path, const std::vector<std::string>& names,
                   const std::vector<std::vector<double>>& columns);

}  // namespace attnlaw::cli
