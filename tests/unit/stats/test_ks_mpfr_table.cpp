// The double KS law against tests/data/null_laws/ks_exact_mpfr50.txt: 50-digit values from
// Steck's determinant in MPFR (reference/tools/null_laws/generate_ks_table), an algorithm
// independent of the Durbin matrix power used at run time. Errors are relative.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "verify/stats/null/kolmogorov_smirnov.hpp"

namespace st = attnlaw::stats;

TEST(KolmogorovSmirnovMpfrTable, DoubleAgreesWithFiftyDigitSteck) {
  std::ifstream in(std::string(ATTNLAW_TEST_DATA_DIR) + "/null_laws/ks_exact_mpfr50.txt");
  ASSERT_TRUE(in) << "missing ks_exact_mpfr50.txt";
  std::string line;
  int rows = 0;
  double worst_cdf = 0, worst_sf = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::size_t n;
    std::string d_hex, d_dec, cdf_s, sf_s;
    fields >> n >> d_hex >> d_dec >> cdf_s >> sf_s;
    const double d = std::strtod(d_hex.c_str(), nullptr);
    const double cdf = std::strtod(cdf_s.c_str(), nullptr), sf = std::strtod(sf_s.c_str(), nullptr);
    const double e_cdf = std::abs(st::ks_two_sided_cdf(n, d) - cdf) / cdf;
    const double e_sf = std::abs(st::ks_two_sided_sf(n, d) - sf) / sf;
    // Measured (Release, g++ 12): cdf <= 4e-14, sf <= 5e-12 relative over the table.
    EXPECT_LT(e_cdf, 1e-12) << "n=" << n << " d=" << d;
    EXPECT_LT(e_sf, 1e-10) << "n=" << n << " d=" << d;
    // The absolute bounds that `attnlaw reference ks` prints (st::ks_law) hold on every row.
    const auto law = st::ks_law(n, d);
    EXPECT_NEAR(law.cdf, cdf, law.cdf_error) << "n=" << n << " d=" << d;
    EXPECT_NEAR(law.sf, sf, law.sf_error) << "n=" << n << " d=" << d;
    worst_cdf = std::max(worst_cdf, e_cdf);
    worst_sf = std::max(worst_sf, e_sf);
    ++rows;
  }
  EXPECT_GE(rows, 20);
  RecordProperty("worst_relative_error_cdf", std::to_string(worst_cdf));
  RecordProperty("worst_relative_error_sf", std::to_string(worst_sf));
  std::printf("KS vs MPFR table: %d rows, worst relative error cdf %.3g, sf %.3g\n", rows, worst_cdf, worst_sf);
}
