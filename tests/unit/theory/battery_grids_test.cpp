// Every experiment of the standard battery has a full grid of its own: `Grid::in(full)` no longer
// falls back to the standard points, so a claim whose factory forgets `.full` would drop out of
// the full battery, and this test names it.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "theory/all_claims.hpp"
#include "verify/harness/figure_data.hpp"
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

// A figure is named by its claim, its kind and its point's fields other than "reps". Two points
// of one experiment with one name are either one point run twice (a full grid built as the
// standard points plus a ladder that crosses them: harness::add_new_point) or two replicate
// counts of one point; the first doubles a check in its Holm family, and either gives two figures
// one id, which the report refuses only after the whole battery has run.
TEST(BatteryGrids, PointsOfAnExperimentHaveDistinctFigureNames) {
  for (const harness::Battery battery : {harness::Battery::smoke, harness::Battery::standard, harness::Battery::full})
    for (const auto& claim : all_claims().claims()) {
      std::map<std::string, std::set<std::string>> names;  // experiment -> slugs
      for (const harness::GridPoint& point : claim->points(battery)) {
        const std::string slug = harness::figure_slug(claim->info().id, point.experiment, point.params);
        EXPECT_TRUE(names[point.experiment].insert(slug).second)
            << claim->info().id << " / " << point.experiment << " (" << harness::to_string(battery)
            << "): two points named " << slug << " (" << harness::canonical_label(point.params) << ")";
      }
    }
}

}  // namespace
}  // namespace attnlaw::theory
