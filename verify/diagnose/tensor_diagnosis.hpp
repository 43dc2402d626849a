#pragma once
// The gap statistics of every row of one tensor of attention logits
// (theory/unified_framework/THEORY.md §1-§3) at one beta, and their quantiles per head: what
// `attnlaw diagnose` reports per file.
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "verify/attention/row_statistics.hpp"
#include "verify/io/npy_reader.hpp"
#include "verify/io/tensor.hpp"

namespace attnlaw::diagnose {

// A tensor with no rows to diagnose (a scalar, an empty axis) or with a row that has no gap
// profile (attention::RowError): what() is one line naming the file, the tensor and the row.
class TensorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RowDiagnosis {
  std::vector<std::size_t> index;  // over the leading axes; [0] for a tensor of one axis
  attention::RowStatistics<double> stats;
};

// The 10%, 50% and 90% quantiles (stats::quantile: type 7, +infinity sorting last).
struct Quantiles {
  double q10 = 0;
  double q50 = 0;
  double q90 = 0;
};

// The rows that share every index but the row one: a head of [heads, rows, n] or [layers, heads,
// rows, n]; the whole tensor for [n] and [rows, n]. A tensor of several heads also gets a pooled
// group of all its rows, last.
struct RowGroup {
  std::string label;              // "<tensor>[layer,head]"; see is_pooled_group_label
  std::vector<std::size_t> rows;  // positions in TensorDiagnosis::rows, in row order
  std::size_t ties = 0;           // rows tied at their maximum (Lambda = +infinity)
  double n_median = 0;            // median unmasked row length
  // Rows in each regime at the diagnosis's beta, indexed by attention::Regime.
  std::array<std::size_t, attention::kRegimeCount> regimes{};
  Quantiles lambda;  // = beta_crit; lambda.q50 is the median Lambda that the exponent fit uses
  Quantiles alpha;
  Quantiles entropy;
  Quantiles top_weight;
};

struct TensorDiagnosis {
  std::string file;
  std::string tensor;  // the safetensors name; empty for other formats
  std::vector<std::size_t> shape;
  std::vector<RowDiagnosis> rows;  // row-major order
  std::vector<RowGroup> groups;    // in order of first row, then the pooled group
};

// Rows are the last axis; -inf entries are masked keys. beta >= 0 and finite. Throws TensorError.
TensorDiagnosis diagnose_tensor(const std::string& file, const io::Tensor& tensor, double beta);

// The same diagnosis of an .npy read in place (io::view_npy): the numbers of diagnose_tensor on
// the decoded file, without the copy into doubles.
TensorDiagnosis diagnose_npy_view(const std::string& file, const io::NpyView& view, double beta);

// The pooled groups, "all" and "<tensor>[all]": they mix heads (or are the whole tensor of a file
// without heads), so the tally of heads leaves them out.
bool is_pooled_group_label(const std::string& label);

}  // namespace attnlaw::diagnose
