#pragma once
// A claim is one checkable statement of one theorem (README.md and each paper's CLAIMS.md).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "verify/harness/check.hpp"
#include "verify/harness/figure.hpp"
#include "verify/harness/point.hpp"
#include "verify/harness/table.hpp"

namespace attnlaw::harness {

enum class Battery { smoke, standard, full };
const char* to_string(Battery b) noexcept;
std::optional<Battery> parse_battery(std::string_view name) noexcept;

enum class Provenance { paper, paper_summary, derived };
const char* to_string(Provenance p) noexcept;

struct ClaimInfo {
  std::string id;         // "<paper tag>.<claim name>"
  std::string paper;      // "SL"
  std::string theorem;    // where the statement lives
  std::string statement;  // one sentence
  Provenance provenance = Provenance::derived;
  std::string provenance_note;  // the tags its paper's THEORY.md gives, e.g. "[derived][checked]"
};

struct RunContext {
  std::uint32_t seed = 0;
  Battery battery = Battery::smoke;
  std::string mutant;  // the planted bug whose model is in force; empty for the true models
};

// What one grid point of a claim produced.
struct ExperimentResult {
  std::vector<Check> checks;
  std::vector<Figure> figures;
  std::vector<Table> tables;
};

// One grid point of one experiment of a claim, ready to run.
struct GridPoint {
  std::string experiment;  // the experiment's name within its claim
  Fields params;           // the point as the report prints it; each check's params unless it sets its own
  std::function<ExperimentResult(const RunContext&)> run;
};

class Claim {
 public:
  virtual ~Claim() = default;
  virtual const ClaimInfo& info() const = 0;
  // The grid points of a battery, in run order; empty means the claim is not in that battery.
  virtual std::vector<GridPoint> points(Battery battery) const = 0;
  // The planted bugs (mutants) registered beside this claim as alternative models of its theorem.
  virtual std::vector<std::string> planted_bugs() const { return {}; }
};

}  // namespace attnlaw::harness
