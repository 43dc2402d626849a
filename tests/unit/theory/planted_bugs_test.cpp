// Each claim passes with the true reference and FAILs with a planted wrong constant:
// a check that cannot fail proves nothing (STATISTICS.md §4, negative controls).
#include <gtest/gtest.h>

#include <ostream>

#include "theory/all_claims.hpp"
#include "verify/harness/mutants.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::harness {
// Names the mutant in test output instead of dumping its bytes.
void PrintTo(const Mutant& m, std::ostream* os) { *os << m.name; }
}  // namespace attnlaw::harness

namespace attnlaw::theory {
namespace {

harness::Verdict run_claim(const std::string& claim, const std::string& mutant) {
  harness::set_active_mutant(mutant);
  harness::RunOptions options;
  options.claim_ids = {claim};
  const auto output = harness::run_claims(harness::select_claims(all_claims(), options), options);
  harness::set_active_mutant("");
  return harness::worst_verdict(output.checks);
}

class PlantedBug : public ::testing::TestWithParam<harness::Mutant> {};

TEST_P(PlantedBug, MakesItsClaimsFail) {
  for (const std::string& claim : GetParam().claims) {
    EXPECT_EQ(run_claim(claim, GetParam().name), harness::Verdict::fail) << claim << " with " << GetParam().name;
  }
}

INSTANTIATE_TEST_SUITE_P(AllMutants, PlantedBug, ::testing::ValuesIn(harness::all_mutants()),
                         [](const auto& info) {
                           std::string name = info.param.name;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(TrueReference, GlobalAveragePasses) {
  EXPECT_NE(run_claim("SL.global-average", ""), harness::Verdict::fail);
}

}  // namespace
}  // namespace attnlaw::theory
