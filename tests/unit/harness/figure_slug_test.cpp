// Figure file names: the fields of a point, numbers written as a file name reads them. Expected
// names are written out by hand from the rule in verify/harness/figure_data.cpp.
#include <gtest/gtest.h>

#include "verify/harness/figure_data.hpp"

namespace attnlaw::harness {
namespace {

TEST(FigureSlug, LargeAndSmallNumbersReadTheRightWayRound) {
  const Fields point{{"n", 1e12}, {"eps", 1e-6}, {"c", -0.5}, {"gamma", 0.5}, {"d", std::int64_t{3}}};
  // 1e+12 is "1e12", never "1e-12"; 1e-06 is "1em6"; -0.5 is "m0p5".
  EXPECT_EQ(figure_slug("UF.pd-limit", "cdf", point), "uf-pd-limit-cdf-n1e12-eps1em6-cm0p5-gamma0p5-d3");
}

TEST(FigureSlug, ReplicateCountIsNotPartOfTheName) {
  EXPECT_EQ(figure_slug("SL.x", "pit", Fields{{"n", std::int64_t{1000}}, {"reps", std::int64_t{20000}}}),
            "sl-x-pit-n1000");
}

}  // namespace
}  // namespace attnlaw::harness
