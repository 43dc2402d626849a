#pragma once
// The statistics of one row without sorting it: what row_statistics(gap_profile(row), beta)
// computes, by a partial selection of the smallest gaps with a stopping rule that makes Lambda and
// its contact gap exact (bit for bit those of the full sort), and softmax sums taken in storage
// order (compensated, so within a few ulps of the sorted ones).
//
// Why a prefix suffices: every gap t beyond the sorted prefix has log N(t) / t <= log n / t, and
// once log n / t_next falls below the prefix's Lambda (with a margin for rounding), no later gap
// can reach Lambda or the contact threshold. A row whose top stands out (the usual case) stops
// after a few hundred of its smallest gaps; a flat row sorts in full, and costs what the reference
// path does.
#include <cstddef>
#include <memory>
#include <span>

#include "verify/attention/row_statistics.hpp"

namespace attnlaw::attention {

// What one thread reuses from row to row: the row's gaps, the bins of the selection, a table of
// log j. Never shared between threads at once.
class RowScratch {
 public:
  RowScratch();
  ~RowScratch();
  RowScratch(const RowScratch&) = delete;
  RowScratch& operator=(const RowScratch&) = delete;

 private:
  struct State;
  std::unique_ptr<State> state_;
  template <class Element>
  friend RowStatistics<double> scan_row(std::span<const Element>, double, RowScratch&);
};

// Element: float, double, io::Binary16 or io::BFloat16, read exactly as a double. Throws
// RowError as gap_profile does, with the same messages.
template <class Element>
RowStatistics<double> scan_row(std::span<const Element> logits, double beta, RowScratch& scratch);

}  // namespace attnlaw::attention
