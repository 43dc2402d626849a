#pragma once
// A claim written as data plus functions (CONTRIBUTING.md): its info, its model with the planted
// bugs registered beside it, and its experiments, each a typed point struct, a grid per battery
// and one function
//   ExperimentResult run(const Point&, const Model&, const PointContext&)
// that draws from the point's streams, compares with the model's references and returns checks.
// The runner gives each check the point's parameters unless the check sets its own.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "verify/harness/claim.hpp"
#include "verify/harness/model_choice.hpp"
#include "verify/harness/point.hpp"
#include "verify/harness/streams.hpp"

namespace attnlaw::harness {

// The points of an experiment in each battery; an empty one leaves the experiment out of that
// battery. Every experiment of the standard battery has a full grid of its own (larger n, d, or
// replicates; tests/unit/theory/battery_grids_test.cpp).
template <class Point>
struct Grid {
  std::vector<Point> smoke = {};
  std::vector<Point> standard = {};
  std::vector<Point> full = {};

  const std::vector<Point>& in(Battery battery) const {
    switch (battery) {
      case Battery::smoke: return smoke;
      case Battery::standard: return standard;
      case Battery::full: return full;
    }
    return smoke;
  }
};

// Appends `point` unless the grid already holds a point with its fields: a larger battery built
// as "the standard points and a ladder" must not run a shared point twice (two checks, one
// figure name, one family counted twice by Holm).
template <class Point>
void add_new_point(std::vector<Point>& grid, Point point) {
  const std::string label = canonical_label(point.fields());
  for (const Point& held : grid)
    if (canonical_label(held.fields()) == label) return;
  grid.push_back(std::move(point));
}

// What a run function knows besides its point and model.
struct PointContext {
  const ClaimInfo& claim;
  Battery battery;
  Streams streams;
  const Fields& fields;  // the point's fields, for figure ids (figure_slug)
  std::string label;     // their canonical label, for titles
};

template <class Model>
class ClaimSpec final : public Claim {
 public:
  ClaimSpec(ClaimInfo info, ModelChoice<Model> models) : info_(std::move(info)), models_(std::move(models)) {}

  template <GridPointType Point, class Run>
  ClaimSpec& experiment(std::string name, Grid<Point> grid, Run run) {
    experiments_.push_back([name = std::move(name), grid = std::move(grid), run = std::move(run)](
                               Battery battery, const ClaimInfo& info, const ModelChoice<Model>& models) {
      std::vector<GridPoint> out;
      for (const Point& p : grid.in(battery)) {
        const Fields fields = p.fields();
        std::string label = canonical_label(fields);
        out.push_back({name, fields, [&info, &models, run, name, p, fields, label](const RunContext& context) {
                         const PointContext point{info, context.battery, Streams(context.seed, info.id, name, label),
                                                  fields, label};
                         return run(p, models.in_force(context), point);
                       }});
      }
      return out;
    });
    return *this;
  }

  const ClaimInfo& info() const override { return info_; }
  std::vector<std::string> planted_bugs() const override { return models_.planted_names(); }

  std::vector<GridPoint> points(Battery battery) const override {
    std::vector<GridPoint> out;
    for (const auto& experiment : experiments_) {
      for (GridPoint& p : experiment(battery, info_, models_)) out.push_back(std::move(p));
    }
    return out;
  }

 private:
  ClaimInfo info_;
  ModelChoice<Model> models_;
  std::vector<std::function<std::vector<GridPoint>(Battery, const ClaimInfo&, const ModelChoice<Model>&)>> experiments_;
};

}  // namespace attnlaw::harness
