// The recovery experiment (verify/surrogate/recovery_experiment.hpp): noiseless moments give T*
// to the rounding bound, the residual recovers the noise s.d., the noise floor bounds the error's
// operator norm, the estimators on planted spectra, determinism, and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "verify/rng/philox_stream.hpp"
#include "verify/surrogate/recovery_experiment.hpp"

namespace attnlaw::surrogate {
namespace {

const rng::StreamKey kKey = rng::stream_key(20261202, {"recovery-test"});

RecoveryDesign design(double noise, std::uint64_t samples, bool toeplitz) {
  const std::vector<double> sigma{4, 3, 2, 1};
  return {planted_operator(16, sigma, kKey, 0, 0),
          toeplitz ? symmetric_sqrt(toeplitz_covariance(16, 0.5)) : Matrix::Identity(16, 16), 4, samples, noise};
}

TEST(RecoveryExperiment, NoiselessWhiteningGivesTStarToRounding) {
  for (bool toeplitz : {false, true}) {
    const RecoveryDesign d = design(0, 50, toeplitz);
    const RecoveryMoments m = sample_moments(d, kKey, 1);
    const Matrix t_hat = whitened_operator(m);
    const double u = rounding_bound(m, t_hat);
    EXPECT_LE(singular_values(t_hat - d.t_star)(0), u * 4) << toeplitz;
    EXPECT_LT(u, 1e-10);
    const RankEstimates e = estimate_ranks(m, t_hat, 1e-3);
    EXPECT_EQ(e.gap, 4u);
    EXPECT_EQ(e.threshold, 4u);
    EXPECT_EQ(e.energy_99, 4u);
    EXPECT_NEAR(e.energy_entropy, 2.940198, 1e-6);  // theory/entropic_bound/THEORY.md §5, (4, 3, 2, 1)
    // Unwhitened, C_YX = T* C_XX is not T* when the token covariance is not the identity.
    if (toeplitz) {
      EXPECT_GT(singular_values(m.cyx - d.t_star)(0), 0.1);
    }
  }
}

TEST(RecoveryExperiment, ResidualAndNoiseFloor) {
  const RecoveryDesign d = design(0.5, 400, true);
  int inside = 0;
  for (std::uint32_t r = 0; r < 20; ++r) {
    const RecoveryMoments m = sample_moments(d, kKey, r);
    const Matrix t_hat = whitened_operator(m);
    // n (N d - n) = 25344 degrees of freedom: the s.d. estimate is within 5 of its 0.44% relative s.d.
    EXPECT_NEAR(residual_noise_sd(m, t_hat), 0.5, 0.5 * 5 * std::sqrt(0.5 / 25344.0)) << r;
    inside += singular_values(t_hat - d.t_star)(0) <= noise_floor(m, 0.5, 1e-3);
  }
  EXPECT_EQ(inside, 20);  // each run exceeds it with probability <= 1e-3
}

TEST(RecoveryExperiment, DeterministicInKeyAndReplicate) {
  const RecoveryDesign d = design(0.1, 600, false);  // two blocks of draws
  const RecoveryMoments a = sample_moments(d, kKey, 3), b = sample_moments(d, kKey, 3), c = sample_moments(d, kKey, 4);
  EXPECT_EQ(a.cyx, b.cyx);
  EXPECT_EQ(a.cxx, b.cxx);
  EXPECT_NE(a.cxx, c.cxx);
}

TEST(RecoveryExperiment, EstimatorsOnPlantedSpectra) {
  const std::vector<double> gapped{4, 3, 2, 1, 1e-3, 9e-4, 8e-4, 7e-4};
  EXPECT_EQ(spectral_gap_rank(gapped), 4u);
  EXPECT_EQ(threshold_rank(gapped, 0.01), 4u);
  // A huge ratio in the bottom half is not searched: the top half decides.
  const std::vector<double> tail{4, 3, 2, 1, 0.5, 0.4, 0.3, 1e-12};
  EXPECT_EQ(spectral_gap_rank(tail), 3u);
  // Exact zeros: denominators floored at the SVD's resolution, the first gap wins.
  const std::vector<double> zeros{2, 1, 0, 0};
  EXPECT_EQ(spectral_gap_rank(zeros), 2u);
  EXPECT_THROW(spectral_gap_rank(std::vector<double>{1.0}), std::invalid_argument);
}

TEST(RecoveryExperiment, Refusals) {
  RecoveryDesign d = design(0.1, 4, false);  // N d = n: no degrees of freedom for the noise
  EXPECT_THROW(sample_moments(d, kKey, 0), std::invalid_argument);
  d.samples = 5;
  d.noise = -1;
  EXPECT_THROW(sample_moments(d, kKey, 0), std::invalid_argument);
  EXPECT_THROW(noise_floor(sample_moments(design(0.1, 5, false), kKey, 0), 0.1, 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::surrogate
