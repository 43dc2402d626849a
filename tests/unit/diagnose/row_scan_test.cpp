// The row scan (verify/attention/row_scan.hpp) and the parallel kernel (verify/diagnose/row_kernel.hpp)
// against the reference path, row_statistics(gap_profile(row)), which sorts every row in full:
// Lambda, its contact gap and everything derived from them must be bit for bit the same, the
// softmax sums within a few ulps. Rows are drawn to stress the stopping rule: Lambda attained at
// the first gap, at the last one (an increasing ratio log N(t)/t), at every gap (a geometric row),
// flat and heavy-tailed rows that need the full sort, ties below and at the top, masked keys.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "verify/attention/row_scan.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/diagnose/row_kernel.hpp"
#include "verify/io/half_precision.hpp"
#include "verify/rng/exponential.hpp"
#include "verify/rng/normal.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::attention {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kFamilies = 11;

std::vector<double> row_of_family(rng::SampleSource& source, std::size_t n, int family) {
  std::vector<double> row(n);
  for (std::size_t j = 0; j < n; ++j) {
    const double u = source.next_uniform();
    const double jj = static_cast<double>(j + 1);
    switch (family) {
      case 0: row[j] = rng::normal(source); break;
      case 1: row[j] = rng::exponential(source); break;
      case 2: row[j] = u; break;                                          // flat: the full sort
      case 3: row[j] = std::floor(4 * rng::normal(source)) / 4; break;    // ties below the top
      case 4: row[j] = std::tan(3.14159 * (u - 0.5)); break;              // Cauchy: heavy tails
      case 5: row[j] = -std::log(jj) / (1 + 0.01 * std::log(jj)); break;  // Lambda at the last gap
      case 6: row[j] = -std::log(jj); break;                              // Lambda at every gap
      case 7: row[j] = j == 0 ? 10.0 : 0.1 * rng::normal(source); break;  // an isolated top
      case 8:
        row[j] = std::floor(2 * u) + (j % 3 == 0 ? 1.0 : 0.0);
        break;  // ties at the top
      // Gaps on the scan's bin boundaries (m 2^e, m in {1, 1.25, 1.5, 1.75}), many tied.
      case 9: row[j] = j == 0 ? 0.0 : -std::ldexp(1 + 0.25 * std::floor(4 * u), static_cast<int>(j % 7) - 3); break;
      // Gaps across the whole range of doubles: subnormal to 1e300.
      default: row[j] = j == 0 ? 0.0 : -std::ldexp(1 + u, static_cast<int>(j * 2099 % 2070) - 1070); break;
    }
  }
  return row;
}

void expect_same(const RowStatistics<double>& fast, const RowStatistics<double>& ref) {
  EXPECT_EQ(fast.n, ref.n);
  EXPECT_EQ(fast.masked, ref.masked);
  EXPECT_EQ(fast.scale.ties, ref.scale.ties);
  EXPECT_EQ(fast.scale.lambda, ref.scale.lambda);
  EXPECT_EQ(fast.scale.log_lambda, ref.scale.log_lambda);
  EXPECT_EQ(fast.scale.contact_gap, ref.scale.contact_gap);
  EXPECT_EQ(fast.scale.contact_count, ref.scale.contact_count);
  EXPECT_EQ(fast.scale.contact_entropy, ref.scale.contact_entropy);
  EXPECT_EQ(fast.scale.alpha, ref.scale.alpha);
  EXPECT_EQ(fast.regime.regime, ref.regime.regime);
  EXPECT_EQ(fast.regime.ratio, ref.regime.ratio);
  EXPECT_EQ(fast.regime.bound, ref.regime.bound);
  EXPECT_EQ(fast.regime.critical_beta, ref.regime.critical_beta);
  EXPECT_EQ(fast.smallest_positive_gap, ref.smallest_positive_gap);
  EXPECT_EQ(fast.max_minus_second, ref.max_minus_second);
  // Compensated sums of non-negative terms, in two orders: within 4 ulps of each other.
  const auto close = [](double a, double b) {
    return std::fabs(a - b) <= 4 * std::numeric_limits<double>::epsilon() * std::fabs(b) + 1e-300;
  };
  EXPECT_PRED2(close, fast.softmax.log_partition, ref.softmax.log_partition);
  EXPECT_PRED2(close, fast.softmax.mean_scaled_gap, ref.softmax.mean_scaled_gap);
  EXPECT_PRED2(close, fast.softmax.top_weight, ref.softmax.top_weight);
  EXPECT_PRED2(close, fast.softmax.top_two_difference, ref.softmax.top_two_difference);
  const double h_tolerance = 8 * std::numeric_limits<double>::epsilon() *
                             (std::fabs(ref.softmax.log_partition) + std::fabs(ref.softmax.mean_scaled_gap));
  EXPECT_LE(std::fabs(fast.softmax.entropy - ref.softmax.entropy), h_tolerance + 1e-300);
}

TEST(RowScan, AgreesWithTheFullSortOnEveryFamily) {
  const auto key = rng::make_key(20261203, "diagnose.row-scan", "rows");
  RowScratch workspace;
  int rows = 0;
  for (std::uint32_t rep = 0; rep < 3000; ++rep) {
    rng::SampleSource source(key, rep, 0);
    const std::size_t n = 1 + static_cast<std::size_t>(std::exp(source.next_uniform() * std::log(6000.0)));
    const int family = static_cast<int>(rep % kFamilies);
    std::vector<double> row = row_of_family(source, n, family);
    if (rep % 5 == 0 && n > 2) row[n / 2] = -kInf;  // a masked key
    const double beta = std::exp(std::log(1e-3) + source.next_uniform() * std::log(1e6));
    SCOPED_TRACE(testing::Message() << "rep " << rep << " family " << family << " n " << n << " beta " << beta);
    expect_same(scan_row(std::span<const double>(row), beta, workspace),
                row_statistics(gap_profile<double>(row), beta));
    ++rows;
    if (HasFailure()) break;
  }
  EXPECT_EQ(rows, 3000);
}

TEST(RowScan, NarrowElementsAreReadExactly) {
  const auto key = rng::make_key(20261203, "diagnose.row-scan", "narrow");
  RowScratch workspace;
  for (std::uint32_t rep = 0; rep < 200; ++rep) {
    rng::SampleSource source(key, rep, 0);
    const std::vector<double> wide = row_of_family(source, 1 + rep * 7, static_cast<int>(rep % kFamilies));
    std::vector<float> f32;
    std::vector<io::BFloat16> bf16;
    std::vector<double> f32_as_double, bf16_as_double;
    for (const double x : wide) {
      f32.push_back(static_cast<float>(x));
      f32_as_double.push_back(f32.back());
      // Truncation to the top 16 bits of the float: a bfloat16 value, whatever its rounding.
      bf16.push_back(io::BFloat16{static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(f32.back()) >> 16)});
      bf16_as_double.push_back(static_cast<double>(bf16.back()));
    }
    expect_same(scan_row(std::span<const float>(f32), 1.0, workspace),
                row_statistics(gap_profile<double>(f32_as_double), 1.0));
    expect_same(scan_row(std::span<const io::BFloat16>(bf16), 1.0, workspace),
                row_statistics(gap_profile<double>(bf16_as_double), 1.0));
  }
}

TEST(RowScan, DegenerateRows) {
  RowScratch workspace;
  const std::vector<std::vector<double>> rows = {{3.0},       {-kInf, 2.0, -kInf}, {1.0, 1.0},  {1.0, 1.0, 0.0},
                                                 {0.0, -1.0}, {5e-324, 0.0, -1.0}, {1e308, 0.0}};
  for (const auto& row : rows)
    expect_same(scan_row(std::span<const double>(row), 2.0, workspace), row_statistics(gap_profile<double>(row), 2.0));
  for (const auto& bad :
       std::vector<std::vector<double>>{{1.0, std::nan("")}, {1.0, kInf}, {-kInf, -kInf}, {}, {1e308, -1e308}}) {
    std::string fast_message, ref_message;
    try {
      scan_row(std::span<const double>(bad), 1.0, workspace);
    } catch (const RowError& e) {
      fast_message = e.what();
    }
    try {
      gap_profile<double>(bad);
    } catch (const RowError& e) {
      ref_message = e.what();
    }
    EXPECT_FALSE(fast_message.empty());
    EXPECT_EQ(fast_message, ref_message);
  }
}

// The kernel over many rows, in parallel: the same numbers as row by row, and of two bad rows the
// first is reported.
TEST(RowKernel, ParallelRowsEqualTheScanAndReportTheFirstBadRow) {
  const auto key = rng::make_key(20261203, "diagnose.row-kernel", "block");
  const std::size_t rows = 257, n = 300;
  std::vector<double> block;
  for (std::size_t r = 0; r < rows; ++r) {
    rng::SampleSource source(key, static_cast<std::uint32_t>(r), 0);
    const auto row = row_of_family(source, n, static_cast<int>(r % kFamilies));
    block.insert(block.end(), row.begin(), row.end());
  }
  std::vector<RowStatistics<double>> out(rows);
  diagnose::diagnose_rows(std::span<const double>(block), n, 0.7, std::span<RowStatistics<double>>(out));
  RowScratch workspace;
  for (std::size_t r = 0; r < rows; ++r)
    expect_same(out[r], scan_row(std::span<const double>(block).subspan(r * n, n), 0.7, workspace));

  block[200 * n + 3] = std::nan("");
  block[41 * n + 7] = kInf;
  try {
    diagnose::diagnose_rows(std::span<const double>(block), n, 0.7, std::span<RowStatistics<double>>(out));
    ADD_FAILURE() << "no RowFailure";
  } catch (const diagnose::RowFailure& e) {
    EXPECT_EQ(e.row, 41u);
    EXPECT_STREQ(e.what(), "entry 7 is +inf");
  }
}

}  // namespace
}  // namespace attnlaw::attention
