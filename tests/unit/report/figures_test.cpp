// Figures of the hand-written fixture: the gnuplot scripts (band clipping and labels follow from
// the fixture's numbers by hand: u - 0.0257 clipped at 0, u + 0.0257 clipped at 1) and the SVG
// files gnuplot makes from them.
#include "verify/report/figures.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/unit/report/report_test_support.hpp"
#include "verify/report/gnuplot_script.hpp"
#include "verify/report/report_input_error.hpp"

namespace attnlaw::report {
namespace {

using test_support::load_fixture;
using test_support::read_text;
using test_support::ScratchDir;

TEST(GnuplotScript, PitEcdfBandClippedAndLabelled) {
  const std::string s = gnuplot_script(load_fixture()["figures"][0]);
  EXPECT_NE(s.find("set terminal svg size 800,560 fixed font 'sans-serif,12' noenhanced"), std::string::npos);
  EXPECT_NE(s.find("$pit << EOD\n"), std::string::npos);
  // The ECDF minus u: 0 - 0 at u = 0, 0.098 - 0.1 at the interior grid point u = 0.1.
  EXPECT_NE(s.find("\n0 0\n"), std::string::npos);
  EXPECT_NE(s.find("\n0.1 -0.002\n"), std::string::npos);
  EXPECT_NE(s.find("'99% simultaneous band (DKW, ± 0.0257)'"), std::string::npos);
  EXPECT_NE(s.find("'ECDF of the PIT minus u (n = 4000)'"), std::string::npos);
  EXPECT_NE(s.find("using 1:(-0.0257):(0.0257) with filledcurves"), std::string::npos);  // the band
  EXPECT_NE(s.find("0 with lines dt 2"), std::string::npos);                             // zero
  EXPECT_NE(gnuplot_script(load_fixture()["figures"][0], Terminal::pdf).find("set terminal pdfcairo"),
            std::string::npos);
}

TEST(GnuplotScript, CurvesStylesAndLogAxes) {
  const std::string s = gnuplot_script(load_fixture()["figures"][1]);
  EXPECT_NE(s.find("set logscale x 10\n"), std::string::npos);
  EXPECT_NE(s.find("set logscale y 10\n"), std::string::npos);
  EXPECT_NE(s.find("$s0 using 1:2 with lines"), std::string::npos);
  EXPECT_NE(s.find("$s2 using 1:2:3 with yerrorbars"), std::string::npos);
  EXPECT_NE(s.find("$s3 using 1:2 with points"), std::string::npos);
  EXPECT_NE(s.find("\n100 0.11 0.01\n"), std::string::npos);
  // The fixture's "points" series has y = 0 at n = 1000, which a log axis cannot show.
  EXPECT_NE(s.find("'(1 point(s) not drawn: missing, or non-positive on a log axis)'"), std::string::npos);
  EXPECT_EQ(s.find("\n1000 0\n"), std::string::npos);
}

TEST(GnuplotScript, QuotesAreDoubledForGnuplot) {
  nlohmann::json f = load_fixture()["figures"][1];
  f["title"] = "it's\nfine";
  EXPECT_NE(gnuplot_script(f).find("set title 'it''s fine'\n"), std::string::npos);
}

TEST(GnuplotScript, NothingToDrawIsAnInputError) {
  nlohmann::json f = load_fixture()["figures"][1];
  f["log_y"] = true;
  for (auto& s : f["series"]) {
    for (auto& y : s["y"]) y = -1.0;
  }
  EXPECT_THROW(gnuplot_script(f), ReportInputError);
}

TEST(RenderFigures, WellFormedDeterministicSvg) {
  if (!test_support::gnuplot_on_path()) GTEST_SKIP() << "gnuplot is not on PATH";
  ScratchDir a, b;
  const auto written = render_figures(load_fixture(), a.path() / "figures");
  ASSERT_EQ(written.size(), 2u);
  EXPECT_EQ(written[0], a.path() / "figures" / "xa-mean-pass-pit.svg");
  EXPECT_EQ(written[1], a.path() / "figures" / "xa-variance-ladder.svg");
  for (const auto& path : written) {
    const std::string svg = read_text(path);
    EXPECT_TRUE(svg.starts_with("<?xml") || svg.starts_with("<svg")) << path;
    EXPECT_NE(svg.find("</svg>"), std::string::npos) << path;
    EXPECT_NE(svg.find("width=\"800\" height=\"560\""), std::string::npos) << path;
  }
  // gnuplot escapes the title's '<' and '&' for XML.
  EXPECT_NE(read_text(written[0]).find("(fixture) &lt;n> &amp; beta_n"), std::string::npos);
  // No timestamp or other run-dependent content: a second rendering is byte-identical.
  const auto again = render_figures(load_fixture(), b.path());
  for (std::size_t i = 0; i < written.size(); ++i) EXPECT_EQ(read_text(written[i]), read_text(again[i]));
  // The PDFs beside them are complete and, with their creation stamp fixed, byte-identical too.
  for (const char* id : {"xa-mean-pass-pit", "xa-variance-ladder"}) {
    const std::string pdf = read_text(a.path() / "figures" / (std::string(id) + ".pdf"));
    EXPECT_TRUE(pdf.starts_with("%PDF-")) << id;
    EXPECT_NE(pdf.find("%%EOF"), std::string::npos) << id;
    EXPECT_EQ(pdf, read_text(b.path() / (std::string(id) + ".pdf"))) << id;
  }
  // Only the SVGs and PDFs are left in the directory (no temporary files).
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(a.path() / "figures")) ++files;
  EXPECT_EQ(files, 4u);
}

TEST(RenderFigures, AnEarlierRunsFiguresDoNotOutliveIt) {
  ScratchDir dir;
  const auto figures = dir.path() / "figures";
  write_figure_set(figures, {{figures / "old-grid-point.svg", "<svg></svg>"}, {figures / "kept.svg", "<svg/>"}});
  std::filesystem::create_directories(figures / "sub.svg");  // not a file: left alone
  { std::ofstream(figures / "notes.txt") << "not a figure"; }
  write_figure_set(figures, {{figures / "kept.svg", "<svg>new</svg>"}});
  EXPECT_FALSE(std::filesystem::exists(figures / "old-grid-point.svg"));
  EXPECT_EQ(read_text(figures / "kept.svg"), "<svg>new</svg>");
  EXPECT_TRUE(std::filesystem::exists(figures / "notes.txt"));
  EXPECT_TRUE(std::filesystem::is_directory(figures / "sub.svg"));
}

TEST(RenderFigures, MissingGnuplotIsAClearErrorAndWritesNothing) {
  ScratchDir dir;
  try {
    render_figures(load_fixture(), dir.path() / "figures", "/nonexistent/gnuplot");
    ADD_FAILURE() << "expected GnuplotUnavailable";
  } catch (const GnuplotUnavailable& e) {
    EXPECT_NE(std::string(e.what()).find("cannot run '/nonexistent/gnuplot'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("gnuplot-nox"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "figures"));
}

TEST(RenderFigures, GnuplotErrorNamesTheFigure) {
  // `false` starts fine and exits 1 without output: stands in for a gnuplot that rejects the script.
  ScratchDir dir;
  try {
    render_figures(load_fixture(), dir.path(), "false");
    ADD_FAILURE() << "expected std::runtime_error";
  } catch (const GnuplotUnavailable&) {
    ADD_FAILURE() << "`false` could be started";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("figure xa-mean-pass-pit: gnuplot failed (exit status 1)"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace attnlaw::report
