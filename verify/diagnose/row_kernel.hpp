#pragma once
// The statistics of every row of a block of attention logits, rows of length n stored one after
// the other (the last axis of a row-major tensor), computed in parallel over rows. The one kernel
// behind `attnlaw diagnose` and the Python module's attnlaw.diagnose: both read their numbers here.
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

#include "verify/attention/row_statistics.hpp"
#include "verify/io/half_precision.hpp"

namespace attnlaw::diagnose {

// A row with no gap profile (attention::RowError): `row` is its position in the block, and
// what() the RowError's message. When several rows fail, the first of them is the one thrown,
// whatever the thread count.
class RowFailure : public std::runtime_error {
 public:
  RowFailure(std::size_t index, const std::string& message) : std::runtime_error(message), row(index) {}
  std::size_t row;
};

// out[r] is the statistics of row r of `values` (values.size() == out.size() * n, n >= 1) at
// beta >= 0: Lambda, Delta_Lambda, N(Delta_Lambda), alpha_n, the regime and its bound, the
// smallest gaps are those of attention::row_statistics(attention::gap_profile(row), beta) bit for
// bit; the softmax sums (entropy, top weight, D) agree with it to a few ulps, summed in another
// order. Element: float, double, io::Binary16 or io::BFloat16, each read exactly as a double.
template <class Element>
void diagnose_rows(std::span<const Element> values, std::size_t n, double beta,
                   std::span<attention::RowStatistics<double>> out);

}  // namespace attnlaw::diagnose
