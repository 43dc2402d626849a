#pragma once
// A claim's model of its theorem (the constants and laws it checks against, and the transforms of
// the machinery it runs) and the planted bugs registered beside it: each planted bug is another
// model under a name. The run names the model in force; the science below theory/ only ever
// receives a model and cannot tell a planted one from the true one.
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "verify/harness/claim.hpp"

namespace attnlaw::harness {

// A claim whose checks take nothing from a model.
struct NoModel {};

template <class Model>
class ModelChoice {
 public:
  struct Planted {
    std::string name;  // a name of the paper's mutant catalogue
    Model model;
  };

  explicit ModelChoice(Model true_model, std::vector<Planted> planted = {})
      : truth_(std::move(true_model)), planted_(std::move(planted)) {}

  // The model of this run: the planted one named by context.mutant, else the true one (a run
  // planting a bug of another claim leaves this claim's model true).
  const Model& in_force(const RunContext& context) const {
    if (context.mutant.empty()) return truth_;
    for (const Planted& p : planted_) {
      if (p.name == context.mutant) return p.model;
    }
    return truth_;
  }

  const Model& truth() const noexcept { return truth_; }

  std::vector<std::string> planted_names() const {
    std::vector<std::string> names;
    for (const Planted& p : planted_) names.push_back(p.name);
    return names;
  }

 private:
  Model truth_;
  std::vector<Planted> planted_;
};

}  // namespace attnlaw::harness
