#pragma once
// EB.effective-rank: the points and run functions of its experiments (definitions.cpp: the THEORY.md
// §5 table and flat spectra; random_spectra.cpp: order, bounds and invariances on random spectra).
#include <cstdint>
#include <string>
#include <vector>

#include "theory/entropic_bound/attention_helpers.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::entropic_bound::effective_ranks {

using Spectrum = std::vector<double>;

struct TablePoint {
  std::string table;
  harness::Fields fields() const { return {{"table", table}}; }
};
harness::ExperimentResult reference_values(const TablePoint&, const EnergyRankModel& model,
                                           const harness::PointContext&);

struct FlatPoint {
  std::int64_t values;
  double scale;
  harness::Fields fields() const { return {{"R", values}, {"scale", scale}}; }
};
harness::ExperimentResult flat_spectra(const FlatPoint& p, const EnergyRankModel& model, const harness::PointContext&);

struct RandomPoint {
  std::int64_t values, spectra;
  harness::Fields fields() const { return {{"R", values}, {"spectra", spectra}}; }
};
harness::ExperimentResult random_spectra(const RandomPoint& p, const EnergyRankModel& model,
                                         const harness::PointContext& at);

}  // namespace attnlaw::theory::entropic_bound::effective_ranks
