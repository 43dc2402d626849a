// Each claim passes with the true reference and FAILs with a planted wrong constant:
// a check that cannot fail proves nothing (theory/statistics/THEORY.md §4, negative controls).
#include <gtest/gtest.h>

#include <ostream>

#include "theory/all_claims.hpp"
#include "verify/harness/registry.hpp"
#include "verify/harness/results_document.hpp"
#include "verify/harness/runner.hpp"

namespace attnlaw::harness {
// Names the mutant in test output instead of dumping its bytes.
void PrintTo(const Mutant& m, std::ostream* os) { *os << m.name; }
}  // namespace attnlaw::harness

namespace attnlaw::theory {
namespace {

harness::Verdict run_claims(const std::vector<std::string>& claims, const std::string& mutant) {
  harness::RunOptions options;
  options.claim_ids = claims;
  options.mutant = mutant;
  const auto output = harness::run_claims(harness::select_claims(all_claims(), options), options);
  return harness::worst_verdict(output.checks);
}

class PlantedBug : public ::testing::TestWithParam<harness::Mutant> {};

// A mutant is killed when at least one check of the claims whose code carries it FAILs
// (the smoke grid; `attnlaw audit mutants` runs the standard one).
TEST_P(PlantedBug, IsKilledOnTheSmokeGrid) {
  EXPECT_EQ(run_claims(GetParam().claims, GetParam().name), harness::Verdict::fail) << GetParam().name;
}

INSTANTIATE_TEST_SUITE_P(AllMutants, PlantedBug, ::testing::ValuesIn(all_claims().mutants()),
                         [](const auto& test_case) {
                           std::string name = test_case.param.name;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(TrueReference, GlobalAveragePasses) { EXPECT_NE(run_claims({"SL.global-average"}, ""), harness::Verdict::fail); }

}  // namespace
}  // namespace attnlaw::theory
