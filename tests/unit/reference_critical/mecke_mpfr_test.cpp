// The general-d critical references in double against their 50-digit MPFR evaluation
// (tests/data/critical/mecke_mpfr50.txt, written by reference/tools/critical: the same Mecke/Laplace
// formulas in mpfr_float_50 with integration ranges widened to 50-digit tails). The double value
// must lie within its own error estimate of the table's, so that the estimate the reports quote is
// honest, and the table's estimate must be far below the double's.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/finite_n.hpp"
#include "reference/poisson_process/ppp_functionals.hpp"

namespace attnlaw::reference {
namespace {

struct Row {
  std::string kind;
  int d = 0;
  double gamma = 0;
  std::uint64_t n = 0;
  double value[3] = {}, error[3] = {};  // E W_1, E sum W^2, E energy
};

std::vector<Row> read_table() {
  std::ifstream in(ATTNLAW_TEST_DATA_DIR "/critical/mecke_mpfr50.txt");
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    Row r;
    s >> r.kind >> r.d >> r.gamma >> r.n;
    for (int i = 0; i < 3; ++i) s >> r.value[i] >> r.error[i];
    rows.push_back(r);
  }
  return rows;
}

void expect_within(const Estimate<double>& low, const Row& r, int i, const char* what) {
  const double error = std::abs(low.value - r.value[i]);
  EXPECT_LE(error, low.error) << r.kind << " d " << r.d << " n " << r.n << ' ' << what << ": double " << low.value
                              << " off by " << error << ", beyond its estimate " << low.error;
  EXPECT_LT(r.error[i], 1e-3 * low.error + 1e-25) << what << ": table estimate not small";
}

TEST(MeckeMpfrTable, DoubleLiesWithinItsEstimateOfTheFiftyDigitValue) {
  const auto rows = read_table();
  ASSERT_GE(rows.size(), 2u);  // the d = 4 limit and the d = 5, n = 200 exact law
  for (const Row& r : rows) {
    Estimate<double> top;
    MeckeMoments<double> mm;
    if (r.kind == "limit") {
      const auto model = sphere_limit_model<double>(r.d, r.gamma);
      top = mean_top_weight(model);
      mm = mecke_moments(model);
    } else {
      const double beta = r.gamma * std::pow(double(r.n), 2.0 / (r.d - 1));
      const auto model = sphere_finite_model<double>(r.d, beta, r.n);
      top = mean_top_weight(model);
      mm = mecke_moments(model);
    }
    expect_within(top, r, 0, "E W_1");
    expect_within(mm.sum_squares, r, 1, "E sum W^2");
    expect_within(mm.energy, r, 2, "E energy");
  }
}

}  // namespace
}  // namespace attnlaw::reference
