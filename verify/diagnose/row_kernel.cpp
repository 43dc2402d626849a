#include "verify/diagnose/row_kernel.hpp"

#include <vector>

#include "verify/harness/parallel.hpp"

namespace attnlaw::diagnose {

template <class Element>
void diagnose_rows(std::span<const Element> values, std::size_t n, double beta,
                   std::span<attention::RowStatistics<double>> out) {
  if (n == 0 || values.size() != out.size() * n) throw std::invalid_argument("diagnose_rows: values.size() != rows * n");
  std::vector<double> row(n);
  for (std::size_t r = 0; r < out.size(); ++r) {
    for (std::size_t j = 0; j < n; ++j) row[j] = static_cast<double>(values[r * n + j]);
    try {
      out[r] = attention::row_statistics(attention::gap_profile(std::span<const double>(row)), beta);
    } catch (const attention::RowError& e) {
      throw RowFailure(r, e.what());
    }
  }
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
