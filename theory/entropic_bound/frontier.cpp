#include "theory/entropic_bound/frontier.hpp"

#include <utility>

namespace attnlaw::theory::entropic_bound {

harness::Table frontier_table(std::vector<std::vector<std::string>> rows) {
  return harness::Table{
      .id = "predictability-frontier",
      .paper = "EB",
      .title = "Predictability frontier: where r* is recovered",
      .columns = {"setting", "observed", "recovers r*", "measured", "claim"},
      .rows = std::move(rows),
      .note = "Each row is what the run of the claim in its last column measured on the surrogate "
              "(surrogate-derived, not paper-verified). 'exactly' = r* recovered in every instance, task or cell "
              "of the row; 'partially' = in some (EB.recovery: some estimator right in at least half the tasks at "
              "some noise level); 'not' = in none. The setting names the estimator (algebraic rank, r_0.9, "
              "spectral gap, numerical rank of the trained operator, ...)."};
}

harness::Table frontier_row(std::string setting, std::string observed, std::string recovers, std::string measured,
                            std::string claim) {
  return frontier_table(
      {{std::move(setting), std::move(observed), std::move(recovers), std::move(measured), std::move(claim)}});
}

std::string recovery_word(std::size_t recovered, std::size_t of) {
  return recovered == of ? "exactly" : recovered == 0 ? "not" : "partially";
}

}  // namespace attnlaw::theory::entropic_bound
