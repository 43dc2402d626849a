// Validation of results.json and the whole report directory. The malformed documents are the
// fixture with one field broken; each message must name the file and the field.
#include "verify/report/render.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/unit/report/report_test_support.hpp"
#include "verify/report/atomic_file.hpp"
#include "verify/report/report_markdown.hpp"
#include "verify/report/results_schema.hpp"

namespace attnlaw::report {
namespace {

using test_support::load_fixture;
using test_support::read_text;
using test_support::ScratchDir;

// The message of the ReportInputError that validating `j` raises ("" if none).
std::string validation_message(const nlohmann::json& j) {
  try {
    validate_results(j, "dir/results.json");
  } catch (const ReportInputError& e) {
    return e.what();
  }
  return {};
}

TEST(ResultsSchema, FixtureIsValid) { EXPECT_EQ(validation_message(load_fixture()), ""); }

TEST(ResultsSchema, WrongSchemaVersion) {
  nlohmann::json j = load_fixture();
  j["schema_version"] = 2;
  EXPECT_EQ(validation_message(j), "dir/results.json: schema_version is 2, but this renderer reads schema_version 1");
}

TEST(ResultsSchema, MissingChecks) {
  nlohmann::json j = load_fixture();
  j.erase("checks");
  EXPECT_EQ(validation_message(j), "dir/results.json: checks is missing (required field)");
}

TEST(ResultsSchema, TableRowsMustMatchTheColumns) {
  nlohmann::json j = load_fixture();
  j["tables"] = nlohmann::json::array(
      {nlohmann::json{{"id", "t"}, {"paper", "XA"}, {"title", "T"}, {"columns", {"a", "b"}}, {"rows", nlohmann::json::array({nlohmann::json::array({"1", "2"}), nlohmann::json::array({"3"})})}}});
  EXPECT_EQ(validation_message(j), "dir/results.json: tables[0].rows[1] has 1 cells for 2 columns");
  j["tables"][0]["rows"][1] = nlohmann::json::array({"3", 4});
  EXPECT_EQ(validation_message(j), "dir/results.json: tables[0].rows[1][1] is an integer, expected a string");
}

TEST(ResultsSchema, FieldErrorsNameThePath) {
  {
    nlohmann::json j = load_fixture();
    j["checks"][3]["verdict"] = "MAYBE";
    EXPECT_EQ(validation_message(j),
              "dir/results.json: checks[3].verdict is \"MAYBE\", expected PASS, SUSPECT or FAIL");
  }
  {
    nlohmann::json j = load_fixture();
    j["checks"][0]["p_value"] = "0.5";
    EXPECT_EQ(validation_message(j), "dir/results.json: checks[0].p_value is a string, expected a number or null");
  }
  {
    nlohmann::json j = load_fixture();
    j["summary"]["fail"] = 0;
    EXPECT_EQ(validation_message(j), "dir/results.json: summary.fail is 0 but the checks array holds 1");
  }
  {
    nlohmann::json j = load_fixture();
    j["figures"][1]["series"][2].erase("yerr");
    EXPECT_EQ(validation_message(j), "dir/results.json: figures[1].series[2].yerr is missing (required field)");
  }
  {
    nlohmann::json j = load_fixture();
    j["figures"][0]["ecdf"].erase(0);
    EXPECT_EQ(validation_message(j), "dir/results.json: figures[0].ecdf has 10 entries but u has 11");
  }
  {
    nlohmann::json j = load_fixture();
    j["figures"][0]["id"] = "../escape";
    EXPECT_NE(validation_message(j).find("figures[0].id \"../escape\" is not a safe file name"), std::string::npos);
  }
}

TEST(RenderReportDirectory, WritesReportAndFigures) {
  if (!test_support::gnuplot_on_path()) GTEST_SKIP() << "gnuplot is not on PATH";
  ScratchDir dir;
  write_file_atomically(dir.path() / "results.json", read_text(test_support::fixture_path()));
  render_report_directory(dir.path());
  const ReportPages pages = render_markdown(load_fixture());
  EXPECT_EQ(read_text(dir.path() / "REPORT.md"), pages.summary);
  for (const auto& [name, text] : pages.papers) EXPECT_EQ(read_text(dir.path() / name), text) << name;
  // A page of a paper this run does not hold, left by an earlier run, is removed.
  write_file_atomically(dir.path() / "REPORT-OLD.md", "stale");
  render_report_directory(dir.path());
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "REPORT-OLD.md"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir.path() / "figures" / "xa-mean-pass-pit.svg"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir.path() / "figures" / "xa-variance-ladder.svg"));
}

TEST(RenderReportDirectory, BadInputNamesFileAndProblem) {
  ScratchDir dir;
  const std::string file = (dir.path() / "results.json").string();
  try {
    render_report_directory(dir.path());
    ADD_FAILURE() << "no results.json must raise ReportInputError";
  } catch (const ReportInputError& e) {
    EXPECT_NE(std::string(e.what()).find(file + ": cannot open"), std::string::npos) << e.what();
  }

  nlohmann::json j = load_fixture();
  j["schema_version"] = 2;
  write_file_atomically(file, j.dump());
  try {
    render_report_directory(dir.path());
    ADD_FAILURE() << "schema_version 2 must raise ReportInputError";
  } catch (const ReportInputError& e) {
    EXPECT_EQ(std::string(e.what()), file + ": schema_version is 2, but this renderer reads schema_version 1");
  }

  j = load_fixture();
  j.erase("checks");
  write_file_atomically(file, j.dump());
  try {
    render_report_directory(dir.path());
    ADD_FAILURE() << "missing checks must raise ReportInputError";
  } catch (const ReportInputError& e) {
    EXPECT_EQ(std::string(e.what()), file + ": checks is missing (required field)");
  }

  write_file_atomically(file, "{\"schema_version\": 1, ");
  try {
    render_report_directory(dir.path());
    ADD_FAILURE() << "truncated JSON must raise ReportInputError";
  } catch (const ReportInputError& e) {
    EXPECT_NE(std::string(e.what()).find(file + ": not valid JSON"), std::string::npos) << e.what();
  }
  // Nothing was rendered from the bad inputs.
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "REPORT.md"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "figures"));
}

}  // namespace
}  // namespace attnlaw::report
