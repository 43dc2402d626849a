// The renderings of a diagnosis (verify/report/diagnosis_*): nulls where JSON has no number, the
// table's "inf", the figure's series, and a summary that real_attention.md accepts.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "verify/diagnose/diagnosis.hpp"
#include "verify/report/diagnosis_document.hpp"
#include "verify/report/diagnosis_figure.hpp"
#include "verify/report/diagnosis_table.hpp"
#include "verify/report/real_attention.hpp"

namespace attnlaw::report {
namespace {

using nlohmann::json;

// [heads, rows, n] rows with their maximum at 0 and the other keys at -gap(head, file).
io::Tensor tensor(std::size_t heads, std::size_t n, double scale) {
  io::Tensor t;
  t.shape = {heads, 2, n};
  for (std::size_t h = 0; h < heads; ++h)
    for (std::size_t r = 0; r < 2; ++r) {
      t.values.push_back(0);
      for (std::size_t j = 1; j < n; ++j) t.values.push_back(-scale * static_cast<double>(h + 1 + r + j));
    }
  return t;
}

// Three files of two heads (16, 64 and 256 keys) and one file whose only row is tied.
diagnose::Diagnosis small_diagnosis() {
  std::vector<diagnose::TensorDiagnosis> tensors;
  tensors.push_back(diagnose::diagnose_tensor("a.npy", tensor(2, 16, 0.5), 1.0));
  tensors.push_back(diagnose::diagnose_tensor("b.npy", tensor(2, 64, 0.1), 1.0));
  tensors.push_back(diagnose::diagnose_tensor("c.npy", tensor(2, 256, 0.03), 1.0));
  tensors.push_back(diagnose::diagnose_tensor("tied.npy", io::Tensor{{3}, {1, 1, 0}, ""}, 1.0));
  return diagnose::assemble_diagnosis(1.0, std::move(tensors));
}

TEST(DiagnosisDocument, NullsAndFields) {
  const json doc = diagnosis_document(small_diagnosis());
  EXPECT_EQ(doc["beta"], 1.0);
  ASSERT_EQ(doc["files"].size(), 4u);
  const json& tied = doc["files"][3]["rows"][0];
  EXPECT_TRUE(tied["Lambda"].is_null());
  EXPECT_EQ(tied["ties"], true);
  EXPECT_EQ(tied["regime"], "tied");
  const json& groups = doc["files"][0]["summary"]["groups"];
  ASSERT_EQ(groups.size(), 3u);  // [0], [1], all
  EXPECT_EQ(groups[0]["beta_crit"], groups[0]["Lambda"]);
  std::size_t in_regimes = 0;
  for (const auto& [regime, count] : groups[0]["regimes"].items()) in_regimes += count.get<std::size_t>();
  EXPECT_EQ(in_regimes, groups[0]["rows"].get<std::size_t>());
  const json& heads = doc["fit"]["heads"];
  ASSERT_EQ(heads.size(), 3u);
  EXPECT_TRUE(heads[0]["standard_error"].is_number());
  EXPECT_EQ(heads[0]["degrees_of_freedom"], 1);
  EXPECT_EQ(heads[0]["points"].size(), 3u);
  ASSERT_TRUE(heads[0]["ci"].is_array());
  ASSERT_TRUE(heads[0]["simultaneous_ci"].is_array());
  EXPECT_TRUE(heads[0].contains("rejects_xi_1"));
  EXPECT_FALSE(heads[2].contains("rejects_xi_1"));  // the pooled group
  EXPECT_EQ(doc["fit"]["xi_1_test"]["heads_fitted"], 2);
  ASSERT_EQ(doc["fit"]["skipped"].size(), 1u);
  EXPECT_EQ(doc["fit"]["skipped"][0]["reason"], "median Lambda is infinite (ties, or beyond the largest double)");
  EXPECT_FALSE(doc["fit"].contains("note"));
}

TEST(DiagnosisDocument, SummaryHasNoRowsAndRendersAsMarkdown) {
  const json summary = diagnosis_summary(small_diagnosis(), "attnlaw diagnose --report out a.npy b.npy tied.npy");
  EXPECT_EQ(summary["command"], "attnlaw diagnose --report out a.npy b.npy tied.npy");
  EXPECT_NE(real_attention_markdown(summary).find("one small trained model"), std::string::npos);
  for (const json& f : summary["files"]) EXPECT_FALSE(f.contains("rows"));
  const std::string md = real_attention_markdown(summary);
  EXPECT_NE(md.find("| [0] |"), std::string::npos) << md;
  EXPECT_NE(md.find("regenerate: `attnlaw diagnose --report out"), std::string::npos) << md;
}

TEST(DiagnosisTable, InfinitiesAndFits) {
  const std::string table = diagnosis_table(small_diagnosis(), TableStyle::rows);
  EXPECT_EQ(table.rfind("beta = 1\nr = beta/Lambda; ", 0), 0u) << table;
  EXPECT_NE(table.find("inf*"), std::string::npos) << table;
  EXPECT_NE(table.find("  * ties at the maximum: Lambda = inf\n"), std::string::npos);
  EXPECT_NE(table.find("heads rejecting xi = 1 at family-wise 0.05 (Holm): "), std::string::npos) << table;
  // The summary has one line per head and no row lines.
  const std::string summary = diagnosis_table(small_diagnosis(), TableStyle::summary);
  EXPECT_EQ(summary.find("inf*"), std::string::npos) << summary;
  EXPECT_NE(summary.find("beta_crit = Lambda"), std::string::npos) << summary;
  EXPECT_LT(summary.size(), table.size());
}

TEST(DiagnosisTable, NoteWhenNothingIsFitted) {
  std::vector<diagnose::TensorDiagnosis> tensors;
  tensors.push_back(diagnose::diagnose_tensor("a.npy", tensor(1, 8, 1.0), 2.0));
  const std::string table = diagnosis_table(diagnose::assemble_diagnosis(2.0, std::move(tensors)), TableStyle::rows);
  EXPECT_NE(table.find("  " + no_fit_text() + " (at most 1 here)\n"), std::string::npos) << table;
  EXPECT_EQ(table.find("heads rejecting"), std::string::npos);
}

// Rows, one median line per label, and a fitted line per head when there are at most four.
TEST(DiagnosisFigure, Series) {
  const json figure = diagnosis_figure(small_diagnosis());
  EXPECT_EQ(figure["kind"], "curves");
  const json& series = figure["series"];
  // rows; the medians of [0], [1] and all (tied.npy's group is an "all" too); the fits of [0], [1], all.
  ASSERT_EQ(series.size(), 1u + 3u + 3u);
  EXPECT_EQ(series[0]["label"], "rows");
  EXPECT_EQ(series[0]["x"].size(), 13u);
  EXPECT_TRUE(series[0]["y"][12].is_null());  // the tied row
  EXPECT_EQ(series[1]["label"], "median [0]");
  EXPECT_EQ(series[3]["label"], "median all");
  EXPECT_EQ(series[3]["x"].size(), 4u);
  EXPECT_EQ(series[4]["style"], "lines");
  EXPECT_EQ(series[4]["label"].get<std::string>().rfind("fit [0]: xi = ", 0), 0u);
  EXPECT_EQ(series[4]["x"].size(), 33u);
  EXPECT_NEAR(series[4]["x"][0].get<double>(), 16.0, 1e-12);
  EXPECT_NEAR(series[4]["x"][32].get<double>(), 256.0, 1e-12);
}

TEST(DiagnosisFigure, ManyHeadsDrawOnlyThePooledLine) {
  std::vector<diagnose::TensorDiagnosis> tensors;
  tensors.push_back(diagnose::diagnose_tensor("a.npy", tensor(5, 16, 0.5), 1.0));
  tensors.push_back(diagnose::diagnose_tensor("b.npy", tensor(5, 64, 0.1), 1.0));
  tensors.push_back(diagnose::diagnose_tensor("c.npy", tensor(5, 256, 0.03), 1.0));
  const json figure = diagnosis_figure(diagnose::assemble_diagnosis(1.0, std::move(tensors)));
  std::vector<std::string> lines;
  for (const json& s : figure["series"])
    if (s["style"] == "lines") lines.push_back(s["label"].get<std::string>());
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("fit all: xi = ", 0), 0u) << lines[0];
}

}  // namespace
}  // namespace attnlaw::report
