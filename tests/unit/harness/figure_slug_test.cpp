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

// Points that differ only in a flag or a list must not share a file name: the report refuses two
// figures with one id, and would do so only after the whole battery has run.
TEST(FigureSlug, FlagsAndListsArePartOfTheName) {
  const Fields on{{"n", std::int64_t{10}}, {"paired", true}, {"betas", std::vector<double>{0.5, 1.0, -2.0}}};
  const Fields off{{"n", std::int64_t{10}}, {"paired", false}, {"betas", std::vector<double>{0.5, 1.0, -2.0}}};
  EXPECT_EQ(figure_slug("MH.x", "rate", on), "mh-x-rate-n10-paired1-betas0p5x1xm2");
  EXPECT_EQ(figure_slug("MH.x", "rate", off), "mh-x-rate-n10-paired0-betas0p5x1xm2");
}

TEST(FigureSlug, LongListsDifferingInsideGetDistinctNames) {
  const std::vector<double> ladder{1e3, 1e4, 1e5, 1e6, 1e7}, other{1e3, 2e4, 1e5, 1e6, 1e7};
  const std::string a = figure_slug("UF.x", "fit", Fields{{"n", ladder}});
  const std::string b = figure_slug("UF.x", "fit", Fields{{"n", other}});
  EXPECT_EQ(a.rfind("uf-x-fit-n1000to1e7k5h", 0), 0U) << a;
  EXPECT_EQ(a.size(), std::string("uf-x-fit-n1000to1e7k5h").size() + 8);
  EXPECT_NE(a, b);
}

}  // namespace
}  // namespace attnlaw::harness
