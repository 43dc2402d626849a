#pragma once
// The statistics of one row without sorting it: what row_statistics(gap_profile(row), beta)
// computes, with Lambda, its contact gap and N(Delta_Lambda) bit for bit those of the full sort,
// and the softmax sums within a few ulps of the sorted ones (taken in storage order, compensated).
//
// Why most of the row need not be sorted: binning the gaps by their leading bits bounds
// log N(t) / t on both sides for every t in a bin (row_scan.cpp, GapBins), so a bin whose upper
// bound falls below the largest lower bound (with a margin for rounding) cannot hold Lambda or a
// gap within the contact threshold of it. Only the remaining bins are sorted, each whole, so N(t)
// of their gaps is exact. A row whose top stands out keeps a few gaps; a flat row keeps more, and
// never costs more than the reference path's full sort.
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
