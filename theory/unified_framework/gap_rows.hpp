#pragma once
// The rows on which the deterministic claims of the unified framework (UF.gap.*) are checked:
// random rows of every i.i.d. score family, and adversarial rows built to sit where an identity
// or a bound is tight or where floating point is fragile (ties, two-point rows, contact at every
// gap, step rows, masked entries, denormal and astronomically large gaps, 10^6-10^7 entries).
// A deterministic statement must hold on every one of them.
#include <fmt/core.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/point.hpp"
#include "verify/harness/streams.hpp"
#include "verify/rng/philox_stream.hpp"

namespace attnlaw::theory::unified_framework {

// Logits of one row (-inf entries are masked) and a short description for reports.
struct LabelledRow {
  std::string label;
  std::vector<double> logits;
};

// exponential, gaussian, weibull(p = 1.5), weibull(p = 3), log2(eta = 1), uniform.
const std::vector<reference::ScoreFamily>& gap_families();
// The family whose name() is `name` (std::invalid_argument if none).
reference::ScoreFamily gap_family(const std::string& name);

// The two streams of a set of random rows: the scores (sample::sample_full_row) and the row's
// shape (length, scale, masking, and whatever per-row variates a claim draws with row_uniform).
struct RowStreams {
  rng::StreamKey scores;
  rng::StreamKey shape;
};
// The streams of the set of random rows called `rows` (a family's name, ...) of one grid point.
RowStreams row_streams(const harness::Streams& point, const std::string& rows);

// Slots of row_uniform taken by random_family_row; claims draw from kFirstFreeSlot on.
inline constexpr std::uint32_t kFirstFreeSlot = 3;

// Random row number `index` of `family`: length log-uniform on [2, n_max], scores from
// sample::sample_full_row multiplied by a log-uniform scale in [1e-3, 1e3] (Lambda scales
// inversely, beta / Lambda does not), and on every eighth row about a tenth of the entries masked
// (a short row may keep a single entry).
std::vector<double> random_family_row(const reference::ScoreFamily& family, const RowStreams& streams,
                                      std::uint32_t index, std::uint64_t n_max);

// Uniform(0, 1) variate number `slot` of row `index` from the shape stream.
double row_uniform(const RowStreams& streams, std::uint32_t index, std::uint32_t slot);

// Hand-built rows without ties at the maximum (Lambda finite). `long_rows` adds full family rows
// of 10^6 (gaussian) and 10^7 (exponential) entries drawn from `stream`.
std::vector<LabelledRow> adversarial_rows(rng::StreamKey stream, bool long_rows);

// Rows whose maximum is attained m >= 2 times (Lambda = +infinity), with every kind of bulk.
std::vector<LabelledRow> tied_rows(rng::StreamKey stream);

// adversarial_rows followed by tied_rows, for the identities that hold with ties too.
std::vector<LabelledRow> adversarial_and_tied_rows(rng::StreamKey stream, bool long_rows);

// The grid points of the deterministic claims name their rows ("rows": "random", "adversarial",
// ...) as well as their experiment does, so that a check in the report says which rows it is about.

// Random rows of every family of gap_families().
struct RandomRowsPoint {
  std::size_t count_per_family;  // rows of each family
  std::uint64_t n_max;           // row lengths are log-uniform on [2, n_max]
  harness::Fields fields() const {
    return {{"rows", "random"}, {"count_per_family", count_per_family}, {"n_max", n_max}};
  }
};

// The hand-built rows of adversarial_rows (or adversarial_and_tied_rows).
struct AdversarialRowsPoint {
  bool long_rows;  // with the full family rows of 10^6 and 10^7 entries
  harness::Fields fields() const { return {{"rows", "adversarial"}, {"long_rows", long_rows}}; }
};

// Visits `count_per_family` random rows of each family (lengths up to n_max) drawn from the
// streams of one grid point, each family's rows into its own Tally on its own thread, merged in
// family order so that the result does not depend on the thread count.
// visit(tally, row_index, profile, where), where() names the row.
template <class Tally, class Visit>
Tally tally_random_rows(std::size_t count_per_family, std::uint64_t n_max, const harness::Streams& point,
                        Visit&& visit) {
  const auto& families = gap_families();
  std::vector<Tally> slots(families.size());
  harness::for_each_replicate(families.size(), [&](std::size_t f) {
    const RowStreams streams = row_streams(point, families[f].name());
    for (std::size_t i = 0; i < count_per_family; ++i) {
      const auto logits = random_family_row(families[f], streams, static_cast<std::uint32_t>(i), n_max);
      const auto profile = attention::gap_profile(std::span<const double>(logits));
      visit(slots[f], i, profile,
            [&] { return fmt::format("{} row {} (n = {})", families[f].name(), i, profile.size()); });
    }
  });
  Tally tally;
  for (const Tally& t : slots) tally.merge(t);
  return tally;
}

// Inverse temperatures spanning the double range used on every adversarial row: 0 and
// 10^-12 ... 10^15 (and 10^300, where every weight but the top underflows).
const std::vector<double>& extreme_betas();

// beta / Lambda on both sides of the critical point, where the bounds of UF.gap.bounds apply.
const std::vector<double>& bound_ratios_grid();

// The inverse temperatures probed on one row: extreme_betas(), then ratio * Lambda for each ratio
// when the row has a finite Lambda and no tie at its maximum.
std::vector<double> probe_betas(const attention::AccumulationScale<double>& scale, std::span<const double> ratios);

}  // namespace attnlaw::theory::unified_framework
