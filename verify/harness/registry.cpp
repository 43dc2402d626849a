#include "verify/harness/registry.hpp"

#include <stdexcept>

namespace attnlaw::harness {

void Registry::add_paper(std::string tag, std::string title, std::string theory_document) {
  for (const Paper& known : papers_) {
    if (known.tag == tag) throw std::logic_error("paper added twice: " + tag);
  }
  papers_.push_back({std::move(tag), std::move(title), std::move(theory_document)});
}

const std::string& Registry::paper_title(const std::string& tag) const noexcept {
  for (const Paper& known : papers_) {
    if (known.tag == tag) return known.title;
  }
  return tag;
}

const std::string& Registry::paper_theory_document(const std::string& tag) const noexcept {
  static const std::string none;
  for (const Paper& known : papers_) {
    if (known.tag == tag) return known.theory_document;
  }
  return none;
}

void Registry::add(std::unique_ptr<Claim> claim) {
  if (find(claim->info().id) != nullptr) {
    throw std::logic_error("claim registered twice: " + claim->info().id);
  }
  claims_.push_back(std::move(claim));
}

void Registry::add_mutant(std::string name, std::string description) {
  if (find_mutant(name) != nullptr) throw std::logic_error("mutant catalogued twice: " + name);
  mutants_.push_back({std::move(name), std::move(description), {}});
}

const Claim* Registry::find(std::string_view id) const noexcept {
  for (const auto& claim : claims_) {
    if (claim->info().id == id) return claim.get();
  }
  return nullptr;
}

const Mutant* Registry::find_mutant(std::string_view name) const noexcept {
  for (const Mutant& m : mutants_) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

void Registry::validate() {
  for (Mutant& m : mutants_) m.claims.clear();
  for (const auto& claim : claims_) {
    for (const std::string& name : claim->planted_bugs()) {
      Mutant* m = nullptr;
      for (Mutant& candidate : mutants_) {
        if (candidate.name == name) m = &candidate;
      }
      if (m == nullptr) throw std::logic_error(claim->info().id + " plants '" + name + "', which no catalogue names");
      m->claims.push_back(claim->info().id);
    }
  }
  for (const Mutant& m : mutants_) {
    if (m.claims.empty()) throw std::logic_error("mutant '" + m.name + "' is carried by no claim");
  }
}

std::vector<std::string> Registry::papers() const {
  std::vector<std::string> tags;
  for (const Paper& paper : papers_) tags.push_back(paper.tag);
  return tags;
}

}  // namespace attnlaw::harness
