// Effective ranks and the Eckart–Young tail (reference/spectra/effective_rank.hpp). Expected values:
// the 6-decimal table of theory/entropic_bound/THEORY.md §5 (computed independently in NumPy) and the
// closed forms exp(H) of a spectrum, worked by hand below; properties on random spectra.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "reference/spectra/effective_rank.hpp"

namespace attnlaw::reference {
namespace {

using Spectrum = std::vector<double>;

struct Row {
  Spectrum sigma;
  double roy_vetterli, energy_entropy, participation;
  std::size_t r90, r95, r99;
};

TEST(EffectiveRank, MatchesTheTableOfTheTheoryNotes) {
  Spectrum halving;
  for (int k = 0; k <= 7; ++k) halving.push_back(std::ldexp(1.0, -k));
  const std::vector<Row> table{{{4, 3, 2, 1}, 3.596115, 2.940198, 2.542373, 3, 3, 4},
                               {halving, 3.898667, 2.116144, 1.666616, 2, 3, 4},
                               {{1, 1, 1}, 3, 3, 3, 3, 3, 3},
                               {{5, 5, 1e-3}, 2.001904, 2.000001, 2.000000, 2, 2, 2}};
  for (const Row& row : table) {
    const std::span<const double> s(row.sigma);
    EXPECT_NEAR(roy_vetterli_rank(s), row.roy_vetterli, 5e-7);  // half a unit of the 6th decimal
    EXPECT_NEAR(energy_entropy_rank(s), row.energy_entropy, 5e-7);
    EXPECT_NEAR(participation_ratio(s), row.participation, 5e-7);
    EXPECT_EQ(energy_rank(s, 0.9), row.r90);
    EXPECT_EQ(energy_rank(s, 0.95), row.r95);
    EXPECT_EQ(energy_rank(s, 0.99), row.r99);
  }
}

// (4, 3, 2, 1): energies 16, 9, 4, 1 over 30; participation 900 / 354 exactly.
TEST(EffectiveRank, ClosedFormsOfOneSpectrum) {
  const Spectrum s{4, 3, 2, 1};
  double h = 0;
  for (double e : {16.0, 9.0, 4.0, 1.0}) h -= e / 30 * std::log(e / 30);
  EXPECT_NEAR(energy_entropy_rank<double>(s), std::exp(h), 1e-15 * std::exp(h));
  EXPECT_NEAR(participation_ratio<double>(s), 900.0 / 354.0, 1e-15);
}

TEST(EffectiveRank, FlatSpectraGiveTheirSizeAtEveryTau) {
  for (std::size_t r : {1u, 2u, 7u, 64u}) {
    const Spectrum s(r, 0.37);
    EXPECT_NEAR(roy_vetterli_rank<double>(s), static_cast<double>(r), 1e-12 * r);
    EXPECT_NEAR(energy_entropy_rank<double>(s), static_cast<double>(r), 1e-12 * r);
    EXPECT_NEAR(participation_ratio<double>(s), static_cast<double>(r), 1e-12 * r);
    // r equal energies reach tau at k = ceil(tau r); at tau -> 1 that is r, rounding notwithstanding.
    EXPECT_EQ(energy_rank<double>(s, 0.9), static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(r) - 1e-9)));
    for (double tau : {1 - 1e-15, 1.0}) EXPECT_EQ(energy_rank<double>(s, tau), r) << r << " " << tau;
  }
}

// Shannon >= Renyi-2 entropy: energy entropy rank >= participation ratio; 1 < ranks < size for
// non-flat spectra; invariance under scaling (orthogonal invariance is the SVD's).
TEST(EffectiveRank, PropertiesOnRandomSpectra) {
  std::mt19937_64 engine(20261202);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int trial = 0; trial < 500; ++trial) {
    Spectrum s(2 + trial % 20);
    for (double& x : s) x = std::pow(u(engine), 3);
    std::sort(s.rbegin(), s.rend());
    const double size = static_cast<double>(s.size());
    const double rv = roy_vetterli_rank<double>(s), ee = energy_entropy_rank<double>(s), pr = participation_ratio<double>(s);
    EXPECT_GE(ee, pr * (1 - 1e-14));
    for (double rank : {rv, ee, pr}) {
      EXPECT_GT(rank, 1.0);
      EXPECT_LT(rank, size);
    }
    Spectrum scaled = s;
    for (double& x : scaled) x *= 1e200;
    EXPECT_NEAR(energy_entropy_rank<double>(scaled), ee, 1e-13 * ee);
    EXPECT_NEAR(participation_ratio<double>(scaled), pr, 1e-13 * pr);
    EXPECT_EQ(energy_rank<double>(scaled, 0.9), energy_rank<double>(s, 0.9));
  }
}

TEST(EckartYoungTail, SumsTheSquaresBeyondRank) {
  const Spectrum s{4, 3, 2, 1};
  const std::vector<double> expected{30, 14, 5, 1, 0, 0};  // theory/entropic_bound/THEORY.md §5, exact
  for (std::size_t r = 0; r < expected.size(); ++r) EXPECT_EQ(eckart_young_tail<double>(s, r), expected[r]);
}

TEST(EffectiveRank, RefusesWhatIsNotASpectrum) {
  EXPECT_THROW(energy_entropy_rank<double>(Spectrum{}), std::invalid_argument);
  EXPECT_THROW(energy_entropy_rank<double>(Spectrum{0, 0}), std::invalid_argument);
  EXPECT_THROW(participation_ratio<double>(Spectrum{1, -1}), std::invalid_argument);
  EXPECT_THROW(roy_vetterli_rank<double>(Spectrum{1, NAN}), std::invalid_argument);
  EXPECT_THROW(energy_rank<double>(Spectrum{1}, 0.0), std::invalid_argument);
  EXPECT_THROW(energy_rank<double>(Spectrum{1}, 1.5), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::reference
