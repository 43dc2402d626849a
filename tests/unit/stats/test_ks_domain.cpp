// `reference ks` over every n (issue 14, section 1): the stated absolute error bounds of ks_law
// hold against independent routes, and large n costs O(1) time and memory.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "verify/stats/null/kolmogorov_smirnov.hpp"
#include "verify/stats/null/kolmogorov_smirnov_impl.hpp"

namespace st = attnlaw::stats;

// The stated bounds against the 50-digit Steck table are checked in test_ks_mpfr_table.cpp.

// The audit: `reference ks --n 1e12` died of bad_alloc, and n = 1e9 at statistic 0.001 took
// 2.6 GB and 100 s in the Smirnov-Birnbaum-Tingey sum. Beyond n = 1e6 the limit laws answer in
// O(1): finite, in [0, 1], cdf + sf = 1 within the bounds, and fast (well under a second; the
// run-time of the old route at n = 1e9 was 100 s).
TEST(KsDomain, HugeSamplesAreFastAndBounded) {
  const auto start = std::chrono::steady_clock::now();
  for (const auto& [n, d] : {std::pair<std::size_t, double>{1000000000000ull, 1e-6},
                             {1000000000000ull, 0.1},
                             {1000000000000ull, 1e-12},
                             {1000000000ull, 0.001},
                             {1000000000ull, 3e-5}}) {
    SCOPED_TRACE(testing::Message() << "n=" << n << " d=" << d);
    const auto law = st::ks_law(n, d);
    for (const double p : {law.cdf, law.sf, law.sf_one_sided}) {
      EXPECT_TRUE(std::isfinite(p));
      EXPECT_GE(p, 0.0);
      EXPECT_LE(p, 1.0);
    }
    EXPECT_NEAR(law.cdf + law.sf, 1.0, law.cdf_error + law.sf_error + 1e-15);
    EXPECT_LE(law.sf_error, 1e-9);  // 0.05/n and 0.2/n
    EXPECT_LE(law.sf_one_sided_error, 1e-9);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 1.0);
}

// At n = 1e12, x = sqrt(n) d = 1 the shifted limit law and the plain Kolmogorov limit
// P(K > 1) = 0.26999967167735456 (the alternating series 2 sum (-1)^(k-1) e^{-2k^2}) differ only
// by the O(n^-1/2) shift, 1/(6 sqrt n) = 1.7e-7 in the argument.
TEST(KsDomain, LimitAtHugeNIsTheKolmogorovLaw) {
  const auto law = st::ks_law(1000000000000ull, 1e-6);
  EXPECT_NEAR(law.sf, 0.26999967167735456, 1e-6);
  // One-sided: exp(-2 x^2) = e^{-2} = 0.1353352832366127 up to the same shift.
  EXPECT_NEAR(law.sf_one_sided, 0.1353352832366127, 1e-6);
}

// The switch at n = 1e6: the Maag-Dicaire limit is within its stated 0.2/n of the exact
// Smirnov-Birnbaum-Tingey sum at n = 1e6 (where both are computed), over x in [0.1, 3].
TEST(KsDomain, OneSidedLimitWithinItsBoundOfTheExactSum) {
  const std::size_t n = 1000000;
  for (double x = 0.1; x <= 3.0; x += 0.1) {
    const double d = x / 1000.0;
    const double exact = st::detail::ks_plus_sf_sbt<double>(n, d);
    const double a = 6.0 * 1e6 * d + 1.0;
    EXPECT_NEAR(std::exp(-a * a / 18e6), exact, 0.2 / 1e6) << x;
  }
}

// The two-sided shifted limit (the route ks_law takes where the Durbin matrix is too large) is
// within its stated 0.05/n of the exact Durbin matrix at n = 1000 and 2000, x in [0.3, 3].
TEST(KsDomain, ShiftedLimitWithinItsBoundOfDurbin) {
  for (const std::size_t n : {1000, 2000}) {
    const double rn = std::sqrt(static_cast<double>(n));
    for (double x = 0.3; x <= 3.0; x += 0.05) {
      const double d = x / rn;
      const double exact = 1 - st::detail::ks_cdf_durbin<double>(n, d);
      const double shifted = x + 1 / (6 * rn) + (x - 1) / (4.0 * n);
      EXPECT_NEAR(st::kolmogorov_asymptotic_sf(shifted), exact, 0.05 / n) << "n=" << n << " x=" << x;
    }
  }
}
