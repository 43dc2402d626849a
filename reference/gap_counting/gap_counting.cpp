// The L-law table (exact recursion) and the double instantiation of reference/gap_counting/gap_counting.hpp.
#include "reference/gap_counting/gap_counting.hpp"

#include <stdexcept>
#include <string>

#include "reference/gap_counting/detail/gap_counting_impl.hpp"
#include "reference/gap_counting/lambda_law_table.hpp"

namespace attnlaw::reference {

// error = the table's bound (truncation, dropped mass, rounding): no sampling error to widen.
const std::vector<LambdaLawPoint>& lambda_law_upper_tail() {
  static const std::vector<LambdaLawPoint> table = [] {
    std::vector<LambdaLawPoint> rows;
    for (const auto& row : lambda_law_table::kRows) rows.push_back({row.x, row.tail, row.error});
    return rows;
  }();
  return table;
}

Estimate<double> lambda_law_tail(double x) {
  for (const auto& point : lambda_law_upper_tail()) {
    if (point.x == x) return {point.tail, point.error};
  }
  throw std::invalid_argument("lambda_law_tail: x = " + std::to_string(x) +
                              " is not tabulated (1.1, 1.25, 1.5, 2, 3, 5, 10, 20)");
}

template double yule_pmf<double>(double, unsigned long);
template double yule_cdf<double>(double, unsigned long);
template double yule_mean<double>(double);
template double yule_variance<double>(double);
template double exponential_subcritical_entropy_offset<double>(double);
template double gaussian_subcritical_entropy_rate<double>(double);
template double gaussian_subcritical_top_weight_rate<double>(double);

}  // namespace attnlaw::reference
