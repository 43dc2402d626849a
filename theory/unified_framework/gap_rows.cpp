#include "theory/unified_framework/gap_rows.hpp"

#include <fmt/core.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "verify/sample/score_rows.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

using reference::ScoreFamily;
using Kind = ScoreFamily::Kind;

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> repeated(std::initializer_list<std::pair<double, std::size_t>> groups) {
  std::vector<double> row;
  for (const auto& [value, count] : groups) row.insert(row.end(), count, value);
  return row;
}

}  // namespace

const std::vector<ScoreFamily>& gap_families() {
  static const std::vector<ScoreFamily> families{{Kind::exponential, 1}, {Kind::gaussian, 1}, {Kind::weibull, 1.5},
                                                 {Kind::weibull, 3},     {Kind::log2, 1},     {Kind::uniform, 1}};
  return families;
}

ScoreFamily gap_family(const std::string& name) {
  for (const ScoreFamily& f : gap_families()) {
    if (f.name() == name) return f;
  }
  throw std::invalid_argument("gap_family: unknown family " + name);
}

RowStreams row_streams(const harness::Streams& point, const std::string& rows) {
  return {point.key("scores " + rows), point.key("shape " + rows)};
}

double row_uniform(const RowStreams& streams, std::uint32_t index, std::uint32_t slot) {
  rng::SampleSource source(streams.shape, index, slot);
  return source.next_uniform();
}

std::vector<double> random_family_row(const ScoreFamily& family, const RowStreams& streams, std::uint32_t index,
                                      std::uint64_t n_max) {
  const double log_n_max = std::log(static_cast<double>(n_max));
  const auto n = std::max<std::uint64_t>(
      2, std::min<std::uint64_t>(
             n_max, static_cast<std::uint64_t>(
                        std::exp(std::log(2.0) + (log_n_max - std::log(2.0)) * row_uniform(streams, index, 0)))));
  std::vector<double> row = sample::sample_full_row(family, streams.scores, index, n);
  const double scale = std::pow(10.0, 6 * row_uniform(streams, index, 1) - 3);
  for (double& s : row) s *= scale;
  if (index % 8 == 7) {
    // Mask about a tenth of the entries, never all: which ones is itself random, by rank offset.
    const auto offset = static_cast<std::size_t>(10 * row_uniform(streams, index, 2));
    for (std::size_t j = offset % 10; j + 1 < row.size(); j += 10) row[j] = -kInf;
  }
  return row;
}

std::vector<LabelledRow> adversarial_rows(rng::StreamKey stream, bool long_rows) {
  std::vector<LabelledRow> rows;
  // Two entries: Lambda = log 2 / delta over the whole double range, denormals included.
  for (double delta : {4.9406564584124654e-324, 1e-310, 1e-300, 1e-8, 1.0, 1e8, 1e300}) {
    rows.push_back({fmt::format("two-point, gap {:.3g}", delta), {0.0, -delta}});
  }
  // Step rows N = 1, then m: the equicorrelated shape; small m make D <= e^{-1} r / (1 - r) nearly
  // tight (C = log m close to 1 / (1 - r)).
  for (std::size_t m : {2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 30, 50, 100, 10000}) {
    rows.push_back({"step, n = " + std::to_string(m), repeated({{0.0, 1}, {-1.0, m - 1}})});
  }
  rows.push_back({"two steps (5 at 0.1, 995 at 1)", repeated({{0.0, 1}, {-0.1, 4}, {-1.0, 995}})});
  rows.push_back({"two steps (10 at 1, 990 at 1.5)", repeated({{0.0, 1}, {-1.0, 9}, {-1.5, 990}})});
  // N(t) = e^t at every gap: every gap is a contact gap.
  {
    std::vector<double> row;
    for (int k = 1; k <= 1000; ++k) row.push_back(-std::log(static_cast<double>(k)));
    rows.push_back({"contact at every gap (Delta_k = log k, n = 1000)", std::move(row)});
  }
  {
    std::vector<double> row{0.0};
    for (int k = -30; k <= 30; ++k) row.push_back(-std::ldexp(1.0, k));
    rows.push_back({"doubling gaps 2^-30 ... 2^30", std::move(row)});
  }
  rows.push_back({"ties in the bulk", {0, -1, -1, -1, -2, -2, -2, -2, -5}});
  rows.push_back({"masked entries", {0, -kInf, -0.5, -kInf, -3, -kInf}});
  rows.push_back({"masked equicorrelated (rho = 0.5)", repeated({{-kInf, 10}, {1.0, 1}, {0.5, 100}})});
  rows.push_back({"denormal gaps", {0, -4.9406564584124654e-324, -1e-320, -1e-310, -1}});
  rows.push_back({"gaps 1e-300 ... 1e300", {0, -1e-300, -1e-100, -1, -1e100, -1e300}});
  rows.push_back({"logits near the double range", {1e307, 1e307 - 1e292, -1e307}});
  rows.push_back({"equicorrelated n = 10^6 (rho = 0.5)", repeated({{1.0, 1}, {0.5, 999999}})});
  {
    // A gaussian row whose runner-up sits one ulp below the maximum.
    std::vector<double> row = sample::sample_full_row({Kind::gaussian, 1}, stream, 0, 1000);
    std::size_t top = 0;
    for (std::size_t j = 1; j < row.size(); ++j) {
      if (row[j] > row[top]) top = j;
    }
    row[top == 0 ? 1 : 0] = std::nextafter(row[top], -kInf);
    rows.push_back({"gaussian n = 1000, runner-up one ulp below", std::move(row)});
  }
  if (long_rows) {
    rows.push_back({"gaussian n = 10^6", sample::sample_full_row({Kind::gaussian, 1}, stream, 1, 1000000)});
    rows.push_back({"exponential n = 10^7", sample::sample_full_row({Kind::exponential, 1}, stream, 2, 10000000)});
  }
  return rows;
}

std::vector<LabelledRow> adversarial_and_tied_rows(rng::StreamKey stream, bool long_rows) {
  std::vector<LabelledRow> rows = adversarial_rows(stream, long_rows);
  for (LabelledRow& row : tied_rows(stream)) rows.push_back(std::move(row));
  return rows;
}

std::vector<LabelledRow> tied_rows(rng::StreamKey stream) {
  std::vector<LabelledRow> rows;
  rows.push_back({"two tied entries", {0, 0}});
  rows.push_back({"all 100 entries tied", repeated({{0.0, 100}})});
  rows.push_back({"3 tied, then steps", {0, 0, 0, -1, -2}});
  rows.push_back({"2 tied, denormal bulk", {0, 0, -4.9406564584124654e-324, -1e-310}});
  rows.push_back({"2 tied near the double range", {1e300, 1e300, -1e300}});
  rows.push_back({"2 tied with masked entries", {-kInf, 2, -kInf, 2, 1, -kInf}});
  rows.push_back({"equicorrelated with two copies of the query (n = 10^4)", repeated({{1.0, 2}, {0.5, 9998}})});
  for (std::size_t m : {2, 5, 50}) {
    for (const ScoreFamily& family : gap_families()) {
      std::vector<double> row = sample::sample_full_row(family, stream, static_cast<std::uint32_t>(m), 1000);
      std::size_t top = 0;
      for (std::size_t j = 1; j < row.size(); ++j) {
        if (row[j] > row[top]) top = j;
      }
      for (std::size_t j = 0, planted = 1; planted < m; ++j) {
        if (j != top) {
          row[j] = row[top];
          ++planted;
        }
      }
      rows.push_back({family.name() + " n = 1000, maximum tied " + std::to_string(m) + " times", std::move(row)});
    }
  }
  return rows;
}

const std::vector<double>& extreme_betas() {
  static const std::vector<double> betas{0, 1e-12, 1e-9, 1e-6, 1e-3, 1, 1e3, 1e6, 1e9, 1e12, 1e15, 1e300};
  return betas;
}

const std::vector<double>& bound_ratios_grid() {
  static const std::vector<double> ratios{1e-6, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1.01,
                                          1.1,  1.5,  2,   3,   10,  100, 1e4, 1e8};
  return ratios;
}

std::vector<double> probe_betas(const attention::AccumulationScale<double>& scale, std::span<const double> ratios) {
  std::vector<double> betas = extreme_betas();
  if (!scale.ties && std::isfinite(scale.lambda)) {
    for (double r : ratios) betas.push_back(r * scale.lambda);
  }
  return betas;
}

}  // namespace attnlaw::theory::unified_framework
