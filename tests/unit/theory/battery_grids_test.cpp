// Every experiment of the standard battery has a full grid of its own: `Grid::in(full)` no longer
// falls back to the standard points, so a claim whose factory forgets `.full` would drop out of
// the full battery, and this test names it.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "theory/all_claims.hpp"
#include "verify/harness/registry.hpp"

namespace attnlaw::theory {
namespace {

std::set<std::string> experiments(const harness::Claim& claim, harness::Battery battery) {
  std::set<std::string> names;
  for (const harness::GridPoint& point : claim.points(battery)) names.insert(point.experiment);
  return names;
}

TEST(BatteryGrids, EveryStandardExperimentHasAFullGrid) {
  std::size_t standard_points = 0, full_points = 0;
  for (const auto& claim : all_claims().claims()) {
    const std::set<std::string> full = experiments(*claim, harness::Battery::full);
    for (const std::string& name : experiments(*claim, harness::Battery::standard))
      EXPECT_TRUE(full.count(name)) << claim->info().id << " / " << name << " has no full grid";
    standard_points += claim->points(harness::Battery::standard).size();
    full_points += claim->points(harness::Battery::full).size();
  }
  RecordProperty("standard_points", std::to_string(standard_points));
  RecordProperty("full_points", std::to_string(full_points));
  EXPECT_GT(full_points, standard_points);
}

}  // namespace
}  // namespace attnlaw::theory
