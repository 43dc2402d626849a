// The naive head with a general value matrix. Expected values: linearity (V applied after the
// average equals V applied to every key, up to rounding), and the vMF mean E y -> A_d(beta) V q
// (SL.global-average) with A_3(1) = coth(1) - 1 = 0.31303528549933130 (closed form for d = 3).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "verify/attention/naive_sphere_attention.hpp"

namespace attnlaw::attention {
namespace {

const rng::StreamKey kStream = rng::make_key(7, "naive-sphere-attention", "test");

TEST(NaiveSphereAttention, GeneralValueMatrixIsTheMatrixTimesTheIdentityOutput) {
  const std::vector<double> q{0.6, 0.8, 0.0};
  const std::vector<double> identity{1, 0, 0, 0, 1, 0, 0, 0, 1};
  const std::vector<double> v{2.0, -1.0, 0.5,  // 2 x 3: a projection to d_v = 2
                              0.0, 3.0,  -4.0};
  for (std::uint32_t rep = 0; rep < 20; ++rep) {
    std::vector<double> y(3), vy(2);
    naive_sphere_attention(kStream, rep, 5000, q, 3.0, identity, y);
    naive_sphere_attention(kStream, rep, 5000, q, 3.0, v, vy);
    for (int i = 0; i < 2; ++i) {
      const double expected = v[3 * i] * y[0] + v[3 * i + 1] * y[1] + v[3 * i + 2] * y[2];
      EXPECT_NEAR(vy[i], expected, 1e-13) << "rep " << rep << " component " << i;
    }
  }
}

TEST(NaiveSphereAttention, MeanOutputIsAdTimesVq) {
  // d = 3, beta = 1, q = e_1, V = diag(1, 2, 3): E y = A_3(1) (1, 0, 0) + O(1/n). With n = 2000 and
  // 400 replicates the standard error of the mean is about 0.5 / sqrt(n * 400) ~ 6e-4; the O(1/n)
  // bias is about 2.5e-4. Tolerance 4e-3 (> 5 standard errors plus the bias).
  const std::vector<double> q{1, 0, 0};
  const std::vector<double> v{1, 0, 0, 0, 2, 0, 0, 0, 3};
  const double a3 = 1 / std::tanh(1.0) - 1;
  std::vector<double> mean(3, 0.0), y(3);
  const int reps = 400;
  for (int rep = 0; rep < reps; ++rep) {
    naive_sphere_attention(kStream, static_cast<std::uint32_t>(rep), 2000, q, 1.0, v, y);
    for (int i = 0; i < 3; ++i) mean[i] += y[i] / reps;
  }
  EXPECT_NEAR(mean[0], a3, 4e-3);
  EXPECT_NEAR(mean[1], 0.0, 8e-3);
  EXPECT_NEAR(mean[2], 0.0, 1.2e-2);
}

TEST(NaiveSphereAttention, RejectsAValueMatrixOfTheWrongShape) {
  const std::vector<double> q{1, 0, 0};
  const std::vector<double> v(5, 1.0);
  std::vector<double> y(2);
  EXPECT_THROW(naive_sphere_attention(kStream, 0, 10, q, 1.0, v, y), std::invalid_argument);
}

}  // namespace
}  // namespace attnlaw::attention
