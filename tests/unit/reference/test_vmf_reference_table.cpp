// Both instantiations of the vMF moments against tests/data/vmf/vmf_reference_mpfr.txt, written by
// reference/tools/vmf/generate_vmf_table at 100 digits through Boost's cyl_bessel_i and the power
// series of I_nu (an independent route: the library uses a continued fraction, the 0F1 series and
// a Debye expansion). Errors are reported in units of the type's epsilon.

#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/sphere/vmf_moments.hpp"
#include "reference/sphere/vmf_moments_mpfr.hpp"

namespace attnlaw::reference {
namespace {

using boost::multiprecision::mpfr_float_100;

struct Row {
  int d;
  std::string beta;
  mpfr_float_100 v[6];  // A logM P var_perp var_par bias
};

std::vector<Row> read_table() {
  std::ifstream in(std::string(ATTNLAW_TEST_DATA_DIR) + "/vmf/vmf_reference_mpfr.txt");
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    Row r;
    is >> r.d >> r.beta;
    for (auto& x : r.v) {
      std::string s;
      is >> s;
      x = mpfr_float_100(s);
    }
    rows.push_back(r);
  }
  return rows;
}

template <class Real>
std::vector<Estimate<Real>> evaluate(int d, const Real& beta) {
  const auto c = subcritical_covariance<Real>(d, beta);
  return {c.A, log_normaliser<Real>(d, beta), c.P, c.var_perp, c.var_par, c.bias};
}

const char* kNames[] = {"A", "logM", "P", "var_perp", "var_par", "bias"};

template <class Real>
void check_against_table(double max_eps) {
  const auto rows = read_table();
  ASSERT_EQ(rows.size(), 63u);
  const mpfr_float_100 eps(std::numeric_limits<Real>::epsilon());
  double worst[6] = {0, 0, 0, 0, 0, 0};
  for (const Row& r : rows) {
    const Real beta = static_cast<Real>(mpfr_float_50(r.beta));  // grid points are exact in double
    const auto got = evaluate<Real>(r.d, beta);
    for (int i = 0; i < 6; ++i) {
      const mpfr_float_100 diff = abs(mpfr_float_100(got[i].value) - r.v[i]);
      const double in_eps = static_cast<double>(diff / abs(r.v[i]) / eps);
      worst[i] = std::max(worst[i], in_eps);
      EXPECT_LE(in_eps, max_eps) << kNames[i] << " d=" << r.d << " beta=" << r.beta;
      EXPECT_LE(diff, mpfr_float_100(got[i].error))
          << kNames[i] << " error bound not honest, d=" << r.d << " beta=" << r.beta;
    }
  }
  std::cout << "  max relative error vs table (eps of the type):";
  for (int i = 0; i < 6; ++i) std::cout << ' ' << kNames[i] << ' ' << worst[i];
  std::cout << '\n';
}

// Double: within 1 eps (observed about 0.5 eps: the long double evaluation is correctly rounded).
TEST(VmfReferenceTable, DoubleWithinOneEps) { check_against_table<double>(1.0); }

// mpfr_float_50 against the 100-digit table (printed to 60 digits): within 1000 eps of the 50-digit type.
TEST(VmfReferenceTable, MpfrFiftyDigitsWithinThousandEps) { check_against_table<mpfr_float_50>(1000.0); }

}  // namespace
}  // namespace attnlaw::reference
