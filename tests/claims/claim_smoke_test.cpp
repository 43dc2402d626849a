// Each registered claim passes its smoke grid through the real command line. The cases come from
// the registry (GoogleTest discovery at build time), so a new claim brings its own ctest entry.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

#include "theory/all_claims.hpp"
#include "verify/harness/registry.hpp"

namespace attnlaw::theory {
namespace {

std::vector<std::string> registered_ids() {
  std::vector<std::string> ids;
  for (const auto& claim : all_claims().claims()) ids.push_back(claim->info().id);
  return ids;
}

class SmokeBattery : public ::testing::TestWithParam<std::string> {};

TEST_P(SmokeBattery, PassesThroughTheCommandLine) {
  const std::string command =
      std::string("'") + ATTNLAW_BINARY + "' run --battery smoke --claim '" + GetParam() + "' > /dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << command;
  EXPECT_EQ(WEXITSTATUS(status), 0) << command;
}

INSTANTIATE_TEST_SUITE_P(Registry, SmokeBattery, ::testing::ValuesIn(registered_ids()), [](const auto& test_case) {
  std::string name = test_case.param;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
});

}  // namespace
}  // namespace attnlaw::theory
