// expected_retained_sphere_keys, the cost of a truncated replicate known before it is drawn,
// against the keys the sampler keeps: the mean over 40 replicates must not exceed it (it is the
// count below the threshold for t_(1) at F^{-1}(8/n), which t_(1) exceeds with probability
// ~e^{-8}), nor fall below a twentieth of it. At d = 64 the leading-term quantile it used before
// put it 10 to 50 times below the keys kept (reports/performance.md, super-critical ladder).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "reference/extreme_value/critical_scale.hpp"
#include "reference/sphere/sphere_score_law.hpp"
#include "verify/rng/philox_stream.hpp"
#include "verify/sample/sphere_truncated.hpp"

namespace {

struct Case {
  std::uint64_t n;
  int d;
  double beta;
};

TEST(RetainedKeys, ExpectedBoundsTheMeanKeptWithinATwentyfold) {
  const auto key = attnlaw::rng::make_key(20261204, "sample.retained", "keys");
  const auto critical = [](int d, double n) { return attnlaw::reference::sphere_critical_beta(d, 0.5, n); };
  const auto super = [](int d, double n) {
    return 100 * attnlaw::reference::sphere_critical_scale<double>(d, n).value;
  };
  const Case cases[] = {{1000000, 3, critical(3, 1e6)}, {100000, 9, super(9, 1e5)},    {1000, 64, super(64, 1e3)},
                        {1000000, 64, super(64, 1e6)},  {1000000, 16, super(16, 1e6)}, {100000, 5, critical(5, 1e5)}};
  for (const Case& c : cases) {
    const double expected = attnlaw::sample::expected_retained_sphere_keys(c.n, c.d, c.beta);
    double kept = 0;
    constexpr int kReplicates = 40;
    for (std::uint32_t r = 0; r < kReplicates; ++r)
      kept += static_cast<double>(attnlaw::sample::sample_sphere_truncated(key, r, c.n, c.d, c.beta).gaps.size());
    kept /= kReplicates;
    std::printf("n %llu d %d beta %.4g: expected %.4g, mean kept %.4g\n", static_cast<unsigned long long>(c.n), c.d,
                c.beta, expected, kept);
    EXPECT_LE(kept, expected) << "n " << c.n << " d " << c.d << " beta " << c.beta;
    EXPECT_GE(kept, expected / 20) << "n " << c.n << " d " << c.d << " beta " << c.beta;
  }
}

}  // namespace
