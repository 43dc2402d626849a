// attnlaw._core.diagnose: the per-row statistics of `attnlaw diagnose` for a NumPy array of
// logits, rows on the last axis, computed by the CLI's kernel (verify/diagnose/row_kernel.hpp).
#include <fmt/core.h>
#include <pybind11/numpy.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "python/bindings.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/diagnose/row_kernel.hpp"
#include "verify/io/half_precision.hpp"

namespace py = pybind11;

namespace attnlaw::python {
namespace {

using Statistics = attention::RowStatistics<double>;

// Rows per call of the kernel: bounds the RowStatistics buffer (a few hundred bytes a row) at a
// few MB whatever the array, and is still thousands of rows for the kernel's threads to share.
constexpr std::size_t kRowsPerBlock = 16384;

// The output columns, written straight into the NumPy arrays returned.
struct Columns {
  double* lambda;
  double* beta_crit;
  double* delta_lambda;
  double* alpha;
  double* entropy;
  double* top_weight;
  double* top_two_difference;
  double* ratio;
  std::int64_t* n;
  std::int64_t* masked;
  bool* ties;
  std::int8_t* regime;
};

void store(const Statistics& s, std::size_t i, const Columns& c) {
  c.lambda[i] = s.scale.lambda;
  c.beta_crit[i] = s.regime.critical_beta;
  c.delta_lambda[i] = s.scale.contact_gap;
  c.alpha[i] = s.scale.alpha;
  c.entropy[i] = s.softmax.entropy;
  c.top_weight[i] = s.softmax.top_weight;
  c.top_two_difference[i] = s.softmax.top_two_difference;
  c.ratio[i] = s.regime.ratio;
  c.n[i] = static_cast<std::int64_t>(s.n);
  c.masked[i] = static_cast<std::int64_t>(s.masked);
  c.ties[i] = s.scale.ties;
  c.regime[i] = static_cast<std::int8_t>(s.regime.regime);
}

// The failing row, if any, as (its flat index, the kernel's message).
struct Failure {
  std::size_t row;
  std::string message;
};

template <class Element>
std::optional<Failure> diagnose_blocks(const void* data, std::size_t rows, std::size_t n, double beta,
                                       const Columns& columns) {
  const auto* values = static_cast<const Element*>(data);
  std::vector<Statistics> block(std::min(rows, kRowsPerBlock));
  for (std::size_t first = 0; first < rows; first += kRowsPerBlock) {
    const std::size_t count = std::min(kRowsPerBlock, rows - first);
    try {
      diagnose::diagnose_rows<Element>(std::span<const Element>(values + first * n, count * n), n, beta,
                                       std::span<Statistics>(block.data(), count));
    } catch (const diagnose::RowFailure& e) {
      return Failure{first + e.row, e.what()};
    }
    for (std::size_t i = 0; i < count; ++i) store(block[i], first + i, columns);
  }
  return std::nullopt;
}

// "(1, 2)": the row's index in the leading axes, as Python writes a tuple.
std::string leading_index(std::size_t row, const std::vector<py::ssize_t>& leading) {
  std::vector<std::size_t> index(leading.size());
  for (std::size_t axis = leading.size(); axis-- > 0;) {
    const auto extent = static_cast<std::size_t>(leading[axis]);
    index[axis] = row % extent;
    row /= extent;
  }
  std::string text = "(";
  for (std::size_t axis = 0; axis < index.size(); ++axis) text += (axis ? ", " : "") + std::to_string(index[axis]);
  return text + (index.size() == 1 ? ",)" : ")");
}

template <class T>
T* column(py::dict& out, const char* name, const std::vector<py::ssize_t>& shape) {
  py::array_t<T> a(shape);
  out[name] = a;
  return a.mutable_data();
}

py::dict diagnose(py::object input, double beta) {
  const py::module_ numpy = py::module_::import("numpy");
  if (!std::isfinite(beta) || beta < 0)
    throw py::value_error(fmt::format("attnlaw.diagnose: beta: expected a finite number >= 0, got {}", beta));
  py::array array = numpy.attr("asarray")(input);
  const py::dtype dtype = array.dtype();
  const auto itemsize = dtype.itemsize();
  if (dtype.kind() != 'f' || (itemsize != 2 && itemsize != 4 && itemsize != 8))
    throw py::value_error(fmt::format("attnlaw.diagnose: expected an array of float16, float32 or float64, got {}",
                                      dtype.attr("name").cast<std::string>()));
  if (array.ndim() == 0)
    throw py::value_error("attnlaw.diagnose: expected an array with rows on its last axis, got a 0-d array");
  const auto n = static_cast<std::size_t>(array.shape(array.ndim() - 1));
  if (n == 0) throw py::value_error("attnlaw.diagnose: the last axis (the keys of a row) is empty");
  // Read in place when the array is C-contiguous and native-endian; otherwise one copy that is.
  array = numpy.attr("ascontiguousarray")(array, dtype.attr("newbyteorder")("="));
  const std::vector<py::ssize_t> leading(array.shape(), array.shape() + array.ndim() - 1);
  const auto rows = static_cast<std::size_t>(array.size()) / n;

  py::dict out;
  const Columns columns{column<double>(out, "Lambda", leading),
                        column<double>(out, "beta_crit", leading),
                        column<double>(out, "Delta_Lambda", leading),
                        column<double>(out, "alpha_n", leading),
                        column<double>(out, "entropy", leading),
                        column<double>(out, "top_weight", leading),
                        column<double>(out, "top_two_difference", leading),
                        column<double>(out, "ratio", leading),
                        column<std::int64_t>(out, "n", leading),
                        column<std::int64_t>(out, "masked", leading),
                        column<bool>(out, "ties", leading),
                        column<std::int8_t>(out, "regime", leading)};
  std::optional<Failure> failure;
  {
    py::gil_scoped_release release;
    const void* data = array.data();
    if (itemsize == 2) failure = diagnose_blocks<io::Binary16>(data, rows, n, beta, columns);
    if (itemsize == 4) failure = diagnose_blocks<float>(data, rows, n, beta, columns);
    if (itemsize == 8) failure = diagnose_blocks<double>(data, rows, n, beta, columns);
  }
  if (failure) {
    const std::string where = leading.empty() ? "the row" : "row " + leading_index(failure->row, leading);
    throw py::value_error(fmt::format("attnlaw.diagnose: {}: {}", where, failure->message));
  }
  return out;
}

}  // namespace

void add_diagnose(py::module_& module) {
  module.def("diagnose", &diagnose, py::arg("logits"), py::arg("beta") = 1.0,
             "Per-row statistics as a dict of arrays shaped like the leading axes; regime as codes "
             "(attention::Regime order).");
  py::list names;
  for (const auto regime : {attention::Regime::unseparated, attention::Regime::critical_window,
                            attention::Regime::collapsed, attention::Regime::tied})
    names.append(attention::regime_name(regime));
  module.attr("regime_names") = py::tuple(names);
}

}  // namespace attnlaw::python
