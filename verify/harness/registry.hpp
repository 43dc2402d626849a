#pragma once
// The claims of the batteries and the catalogue of planted bugs their papers register beside them.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "verify/harness/claim.hpp"

namespace attnlaw::harness {

// A planted bug (mutant): a realistic mistake, written as an alternative model of the claims that
// carry it. A check that passes with a mutant in force has no power against it.
struct Mutant {
  std::string name;
  std::string description;
  std::vector<std::string> claims;  // the claims that register a model under this name
};

// Claims in registration order, ids unique; mutants in catalogue order, each carried by at least
// one claim and every claim's planted bug in the catalogue (checked by validate()).
class Registry {
 public:
  // `theory_document`: the repository path of the paper's theory document, which the claims'
  // theorem references ("THEORY.md §2 ...") point into.
  void add_paper(std::string tag, std::string title, std::string theory_document);
  void add(std::unique_ptr<Claim> claim);
  void add_mutant(std::string name, std::string description);
  // The title of a paper tag, or the tag itself when none was added.
  const std::string& paper_title(const std::string& tag) const noexcept;
  // The theory document of a paper tag, or "" when none was added.
  const std::string& paper_theory_document(const std::string& tag) const noexcept;
  // The paper tags, in the order they were added.
  std::vector<std::string> papers() const;
  const Claim* find(std::string_view id) const noexcept;
  const std::vector<std::unique_ptr<Claim>>& claims() const noexcept { return claims_; }
  const std::vector<Mutant>& mutants() const noexcept { return mutants_; }
  const Mutant* find_mutant(std::string_view name) const noexcept;
  // Fills each mutant's claims; throws std::logic_error for a planted bug outside the catalogue
  // or a catalogue entry no claim carries.
  void validate();

 private:
  struct Paper {
    std::string tag, title, theory_document;
  };
  std::vector<Paper> papers_;
  std::vector<std::unique_ptr<Claim>> claims_;
  std::vector<Mutant> mutants_;
};

}  // namespace attnlaw::harness
