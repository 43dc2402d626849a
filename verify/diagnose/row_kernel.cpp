#include "verify/diagnose/row_kernel.hpp"

#include <cstdint>
#include <limits>
#include <mutex>
#include <vector>

#include "verify/attention/row_scan.hpp"

namespace attnlaw::diagnose {

template <class Element>
void diagnose_rows(std::span<const Element> values, std::size_t n, double beta,
                   std::span<attention::RowStatistics<double>> out) {
  if (n == 0 || values.size() != out.size() * n)
    throw std::invalid_argument("diagnose_rows: values.size() != rows * n");
  const auto rows = static_cast<std::int64_t>(out.size());
  // The failing row of lowest index is the one reported, whichever thread met it first.
  std::size_t failed_row = std::numeric_limits<std::size_t>::max();
  std::string failure;
  std::mutex failure_mutex;
#pragma omp parallel
  {
    attention::RowScratch workspace;
#pragma omp for schedule(dynamic, 16)
    for (std::int64_t r = 0; r < rows; ++r) {
      const auto row = static_cast<std::size_t>(r);
      try {
        out[row] = attention::scan_row(values.subspan(row * n, n), beta, workspace);
      } catch (const attention::RowError& e) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (row < failed_row) {
          failed_row = row;
          failure = e.what();
        }
      }
    }
  }
  if (!failure.empty()) throw RowFailure(failed_row, failure);
}

template void diagnose_rows<float>(std::span<const float>, std::size_t, double,
                                   std::span<attention::RowStatistics<double>>);
template void diagnose_rows<double>(std::span<const double>, std::size_t, double,
                                    std::span<attention::RowStatistics<double>>);
template void diagnose_rows<io::Binary16>(std::span<const io::Binary16>, std::size_t, double,
                                          std::span<attention::RowStatistics<double>>);
template void diagnose_rows<io::BFloat16>(std::span<const io::BFloat16>, std::size_t, double,
                                          std::span<attention::RowStatistics<double>>);

}  // namespace attnlaw::diagnose
